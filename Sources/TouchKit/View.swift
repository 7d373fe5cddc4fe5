// MARK: - View

/// A rectangle in a tree of views that draws, is hit-tested and receives touches, as UIView.
///
/// Geometry follows UIKit: `center` is in the superview's coordinates, `bounds`
/// is the view's own coordinate space, and `transform` applies about the
/// centre. Any change that alters what is drawn marks damage on the window
/// (the old and new window-space boxes of the view and its subtree).
open class View: Responder {
    // MARK: Hierarchy

    /// The parent view, nil for a root (a window or a detached view).
    public private(set) weak var superview: View?
    /// Children, back to front: the last one is drawn last and hit-tested first.
    public private(set) var subviews: [View] = []

    // MARK: Geometry

    /// The centre of the view in its superview's coordinates.
    public var center: Point {
        get { storedCenter }
        set {
            // As willSet/didSet did: damage the old area before a real change, the new one after.
            let oldValue = storedCenter
            if newValue != storedCenter { damageSubtree() }
            storedCenter = newValue
            if oldValue != storedCenter { damageSubtree() }
        }
    }
    /// The view's own coordinate space: origin offsets the content, size is the view's size.
    public var bounds: Rect {
        get { storedBounds }
        set {
            // As willSet/didSet did: damage the old area before a real change, the new one after.
            let oldValue = storedBounds
            if newValue != storedBounds { damageSubtree() }
            storedBounds = newValue
            if oldValue != storedBounds { damageSubtree() }
        }
    }
    /// A transform applied about the view's centre, as UIView.transform.
    public var transform: AffineTransform {
        get { storedTransform }
        set {
            // As willSet/didSet did: damage the old area before a real change, the new one after.
            let oldValue = storedTransform
            if newValue != storedTransform { damageSubtree() }
            storedTransform = newValue
            if oldValue != storedTransform { damageSubtree() }
        }
    }

    // Public stored properties of a class can be accessed directly by other modules, so each
    // access pays a dynamic exclusivity check, and hit testing and coordinate conversion read
    // these three constantly. Kept private behind the public accessors, the compiler sees every
    // access and drops the checks; the API and behaviour are unchanged.
    private var storedCenter: Point
    private var storedBounds: Rect
    private var storedTransform: AffineTransform

    // MARK: Visibility and interaction

    /// Hidden views and their subtrees are neither drawn nor hit-tested.
    public var isHidden = false {
        willSet { if newValue != isHidden { damageSubtree() } }
        didSet { if oldValue != isHidden { damageSubtree() } }
    }
    /// Opacity 0...1; below `View.minimumHitTestAlpha` the view is not hit-tested.
    public var alpha: Double = 1 {
        willSet { if newValue != alpha { damageSubtree() } }
        didSet { if oldValue != alpha { damageSubtree() } }
    }
    /// When false, the view and its subtree are skipped by hit testing.
    public var isUserInteractionEnabled = true
    /// When false (the default), the view receives only the first touch of a sequence.
    public var isMultipleTouchEnabled = false
    /// When true, the exclusive-touch rule applies (see `Window`).
    public var isExclusiveTouch = false
    /// Recognizers attached with `addGestureRecognizer(_:)`, in the order added.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    // MARK: Drawing

    /// Fill colour; nil draws nothing.
    public var backgroundColor: Color? {
        willSet { if newValue != backgroundColor { damageSelf() } }
        didSet { if oldValue != backgroundColor { damageSelf() } }
    }
    /// Corner radius in points.
    public var cornerRadius: Double = 0 {
        willSet { if newValue != cornerRadius { damageSelf() } }
        didSet { if oldValue != cornerRadius { damageSelf() } }
    }
    /// Border width in points, drawn inside the bounds.
    public var borderWidth: Double = 0 {
        willSet { if newValue != borderWidth { damageSelf() } }
        didSet { if oldValue != borderWidth { damageSelf() } }
    }
    /// Border colour.
    public var borderColor: Color = .black {
        willSet { if newValue != borderColor { damageSelf() } }
        didSet { if oldValue != borderColor { damageSelf() } }
    }

    /// Alpha below which a view is invisible to hit testing (UIKit documents 0.01).
    public static let minimumHitTestAlpha = 0.01

    /// Nesting depth of `withoutIntermediateDamage`; while positive, setters record no damage.
    var damageSuppression = 0

    // MARK: Life

    /// Creates a view with `frame` in its future superview's coordinates.
    public init(frame: Rect = .zero, name: String? = nil) {
        storedCenter = Point(x: frame.midX, y: frame.midY)
        storedBounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        storedTransform = .identity
        super.init(name: name)
    }

    /// The superview; views pass unhandled touches up the tree.
    open override var next: Responder? { superview }

    override var logCoordinateSpace: View? { self }

    /// The window at the root of this view's tree, if any.
    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    /// The frame in the superview's coordinates: the bounding box of the transformed bounds.
    /// Setting it sets `center` and `bounds.size` (as UIKit, meaningful with an identity transform).
    public var frame: Rect {
        get { localToParent.boundingBox(of: bounds) }
        set {
            damageSubtree()
            withoutIntermediateDamage {
                center = Point(x: newValue.midX, y: newValue.midY)
                bounds.size = Size(width: newValue.width, height: newValue.height)
            }
            damageSubtree()
        }
    }

    // MARK: - Hit testing

    /// The deepest, front-most view under `point` (in this view's coordinates), as UIView.hitTest.
    ///
    /// Skips hidden views, views with alpha below 0.01 and views with user
    /// interaction disabled, together with their subtrees; subviews are tried
    /// front-most first.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard acceptsHits, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            let local = subview.localToParent.inverted().applyOrNaN(to: point)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// True when `point` (in this view's coordinates) lies inside the view: its bounds by default.
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    // MARK: - Subviews

    /// Adds `view` on top of the other subviews (moving it there if it is already one).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in `subviews` (clamped to the valid range).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(!isDescendant(of: view), "View.insertSubview: \(view.name) is \(name) or one of its ancestors")
        if view.superview != nil { view.removeFromSuperview() }
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
        view.damageSubtree()
    }

    /// Inserts `view` just above `sibling` (on top when `sibling` is not a subview).
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        if view.superview === self { view.removeFromSuperview() }
        let index = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: index)
    }

    /// Inserts `view` just below `sibling` (at the back when `sibling` is not a subview).
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        if view.superview === self { view.removeFromSuperview() }
        let index = subviews.firstIndex { $0 === sibling } ?? 0
        insertSubview(view, at: index)
    }

    /// Moves `view` to the front of the subviews; does nothing when it is not a subview.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self, subviews.last !== view else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` to the back of the subviews; does nothing when it is not a subview.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self, subviews.first !== view else { return }
        insertSubview(view, at: 0)
    }

    /// Detaches the view from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        damageSubtree()
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// True when `ancestor` is this view or one of its superviews.
    public func isDescendant(of ancestor: View) -> Bool {
        var view: View? = self
        while let current = view {
            if current === ancestor { return true }
            view = current.superview
        }
        return false
    }

    /// Runs `body` without recording damage from the setters it calls.
    func withoutIntermediateDamage(_ body: () -> Void) {
        damageSuppression += 1
        body()
        damageSuppression -= 1
    }
}
