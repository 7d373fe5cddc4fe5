// MARK: - Coordinate spaces

extension View {
    /// Maps the view's bounds coordinates to its superview's: about the centre, as UIKit.
    public var localToParent: AffineTransform {
        let anchor = Point(x: bounds.origin.x + bounds.size.width / 2,
                           y: bounds.origin.y + bounds.size.height / 2)
        return AffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// Maps the view's coordinates to its window's (identity for a window itself).
    ///
    /// A view outside any window maps to the coordinates of its root's superview space.
    public var localToWindow: AffineTransform {
        var result = AffineTransform.identity
        var view: View? = self
        while let current = view, !(current is Window) {
            result = result.concatenating(current.localToParent)
            view = current.superview
        }
        return result
    }

    /// Maps the view's coordinates to the space windows are placed in (the surface).
    var localToSurface: AffineTransform {
        guard let window else { return localToWindow }
        return localToWindow.concatenating(window.localToParent)
    }

    /// Converts `point` from this view's coordinates to `view`'s; nil means this view's window.
    public func convert(_ point: Point, to view: View?) -> Point {
        guard let view else { return localToWindow.apply(to: point) }
        return view.localToSurface.inverted().applyOrNaN(to: localToSurface.apply(to: point))
    }

    /// Converts `point` from `view`'s coordinates to this view's; nil means this view's window.
    public func convert(_ point: Point, from view: View?) -> Point {
        guard let view else { return localToWindow.inverted().applyOrNaN(to: point) }
        return view.convert(point, to: self)
    }

    /// Converts `rect` to `view`'s coordinates as the bounding box of its transformed corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        guard let view else { return localToWindow.boundingBox(of: rect) }
        guard let back = view.localToSurface.inverted() else { return .zero }
        return localToSurface.concatenating(back).boundingBox(of: rect)
    }
}

// MARK: - Hit testing

extension View {
    /// True when hit testing may return this view or look into its subtree.
    public var acceptsHits: Bool {
        !isHidden && isUserInteractionEnabled && alpha >= View.minimumHitTestAlpha
    }
}

// MARK: - Transform helpers

extension AffineTransform {
    /// The axis-aligned bounding box of `rect` after this transform.
    public func boundingBox(of rect: Rect) -> Rect {
        // Corner by corner, without arrays: every `View.frame` read comes here, several per touch.
        let a = apply(to: Point(x: rect.minX, y: rect.minY)), b = apply(to: Point(x: rect.maxX, y: rect.minY))
        let c = apply(to: Point(x: rect.minX, y: rect.maxY)), d = apply(to: Point(x: rect.maxX, y: rect.maxY))
        let minX = min(min(a.x, b.x), min(c.x, d.x)), maxX = max(max(a.x, b.x), max(c.x, d.x))
        let minY = min(min(a.y, b.y), min(c.y, d.y)), maxY = max(max(a.y, b.y), max(c.y, d.y))
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Optional where Wrapped == AffineTransform {
    /// Applies the transform, or gives a NaN point when it was singular (so no hit test can match it).
    func applyOrNaN(to point: Point) -> Point {
        self?.apply(to: point) ?? Point(x: .nan, y: .nan)
    }
}
