// MARK: - Paint order

/// One visible view as the renderer draws it: `view.bounds` through `transform`, at `alpha`.
public struct PaintedView {
    /// The view to draw (its background, corner radius and border).
    public let view: View
    /// Maps the view's bounds coordinates to window coordinates.
    public let transform: AffineTransform
    /// The product of the alphas of the view and its ancestors.
    public let alpha: Double
}

extension View {
    /// This view and its visible descendants, back to front, with window transforms and accumulated alpha.
    ///
    /// Hidden subtrees and subtrees whose accumulated alpha is 0 are left out.
    public func paintOrder() -> [PaintedView] {
        var alpha = 1.0
        var view: View? = self
        while let current = view {
            if current.isHidden { return [] }
            alpha *= current.alpha
            view = current is Window ? nil : current.superview
        }
        var result: [PaintedView] = []
        appendPaint(to: &result, transform: localToWindow, alpha: alpha)
        return result
    }

    private func appendPaint(to list: inout [PaintedView], transform: AffineTransform, alpha: Double) {
        guard alpha > 0 else { return }
        list.append(PaintedView(view: self, transform: transform, alpha: alpha))
        for subview in subviews where !subview.isHidden {
            subview.appendPaint(to: &list, transform: subview.localToParent.concatenating(transform),
                                alpha: alpha * subview.alpha)
        }
    }
}

// MARK: - Damage

extension View {
    /// Window-space box of this view and its visible descendants (the view itself counts even when hidden).
    public var windowSubtreeBox: Rect {
        var box: Rect?
        accumulateBox(into: &box, transform: localToWindow)
        return box ?? .zero
    }

    private func accumulateBox(into box: inout Rect?, transform: AffineTransform) {
        let own = transform.boundingBox(of: bounds)
        box = box.map { $0.union(own) } ?? own
        for subview in subviews where !subview.isHidden {
            subview.accumulateBox(into: &box, transform: subview.localToParent.concatenating(transform))
        }
    }

    /// Marks the window-space box of the view and its subtree as damaged.
    func damageSubtree() {
        guard damageSuppression == 0, let window else { return }
        window.addDamage(windowSubtreeBox)
    }

    /// Marks the window-space box of the view alone as damaged (appearance changes).
    func damageSelf() {
        guard damageSuppression == 0, let window else { return }
        window.addDamage(localToWindow.boundingBox(of: bounds))
    }
}

extension Rect {
    /// The smallest rectangle containing both (normalised to a positive size).
    func union(_ other: Rect) -> Rect {
        let minX = Swift.min(self.minX, other.minX), minY = Swift.min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX,
                    height: Swift.max(maxY, other.maxY) - minY)
    }

    /// True when `other` lies wholly inside this rectangle (edges included).
    func encloses(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
}
