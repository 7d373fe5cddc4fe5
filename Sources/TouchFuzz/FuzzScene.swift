import TouchKit

// MARK: - Random scenes for delivery fuzzing

/// A small random application with one or two windows of views, built from a seed so a failing
/// delivery fuzz case reproduces from its scene seed alone.
///
/// Views get every property hit testing and delivery consult: isMultipleTouchEnabled,
/// isExclusiveTouch, isHidden, an alpha just below the hit-test limit, isUserInteractionEnabled
/// false, and rotations, scales (some singular) and translations. Some scenes also make the
/// application ignore interaction events for stretches of frames.
public struct FuzzScene {
    // MARK: Constants

    /// Most views in a scene, windows excluded.
    static let maxViews = 12
    /// Deepest nesting of a view below its window.
    static let maxDepth = 3
    /// Side of the main window in logical px: the stream generator's coordinate range.
    static let surfaceSide = Double(StreamGenerator.coordinateRange) / 256
    /// Largest offset of the main window in the surface (px), so surface and window coordinates differ.
    static let maxWindowOffset = 40.0
    /// Alpha just under `View.minimumHitTestAlpha`: drawn faintly, never hit.
    static let faintAlpha = 0.005
    /// A view's frame, as fractions of its parent's size: origin from -0.1 to 0.9, side from 0.05 to 0.7.
    static let originFraction = -0.1...0.9
    static let sideFraction = 0.05...0.7
    /// Scale factors of scaled views.
    static let scaleRange = 0.5...2.0
    /// Translation of translated views (px).
    static let translationRange = -50.0...50.0

    /// Chances in percent, per scene, window or view.
    enum Odds {
        static let multipleTouch: UInt64 = 40
        static let exclusiveTouch: UInt64 = 15
        static let hidden: UInt64 = 8
        static let faint: UInt64 = 8
        static let inert: UInt64 = 8
        static let transformed: UInt64 = 25
        static let offsetWindow: UInt64 = 30
        static let secondWindow: UInt64 = 20
        static let inertWindow: UInt64 = 20
        /// Scenes in which the application sometimes ignores interaction events.
        static let ignoringScene: UInt64 = 30
        /// Per frame in such scenes: start ignoring (nested when already ignoring), stop one level.
        static let beginIgnoring: UInt64 = 5
        static let endIgnoring: UInt64 = 20
    }

    // MARK: State

    /// The application under test; its name in the log is "app".
    public let application: Application
    /// The deliveries log of the application.
    public let recorder: DeliveryRecorder
    /// The application's virtual clock, advanced to each frame's time.
    public let clock: VirtualClock
    /// One line per window and view, for failure reports.
    public private(set) var lines: [String] = []
    private var random: SplitMix64
    private let togglesIgnoring: Bool

    /// Builds the scene for `seed`; equal seeds give equal scenes and equal ignore schedules.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        clock = VirtualClock()
        recorder = DeliveryRecorder()
        application = Application(clock: clock, recorder: recorder, name: "app")
        togglesIgnoring = random.chance(Odds.ignoringScene)
        var parents: [(view: View, depth: Int)] = []
        for window in makeWindows() {
            application.addWindow(window)
            parents.append((window, 0))
        }
        let count = random.int(in: 1...Self.maxViews)
        for index in 0..<count {
            let (parent, depth) = random.pick(parents)
            let view = makeView(index: index, in: parent)
            parent.addSubview(view)
            if depth + 1 < Self.maxDepth { parents.append((view, depth + 1)) }
        }
        if togglesIgnoring { lines.append("app ignores interaction events at times") }
    }

    /// The scene as text, one window or view per line.
    public var description: String { lines.joined(separator: "\n") }

    /// Call before delivering each frame: advances the clock and may toggle ignoring interaction events.
    public mutating func willDeliverFrame(at time: Double) {
        clock.advance(to: time)
        guard togglesIgnoring else { return }
        if application.isIgnoringInteractionEvents, random.chance(Odds.endIgnoring) {
            application.endIgnoringInteractionEvents()
        } else if random.chance(Odds.beginIgnoring) {
            application.beginIgnoringInteractionEvents()
        }
    }

    // MARK: - Building

    private mutating func makeWindows() -> [Window] {
        var origin = Point.zero
        if random.chance(Odds.offsetWindow) {
            origin = Point(x: random.double(in: -Self.maxWindowOffset...Self.maxWindowOffset),
                           y: random.double(in: -Self.maxWindowOffset...Self.maxWindowOffset))
        }
        let main = Window(frame: Rect(origin: origin, size: Size(width: Self.surfaceSide, height: Self.surfaceSide)),
                          name: "w0")
        lines.append("w0: frame \(main.frame)")
        guard random.chance(Odds.secondWindow) else { return [main] }
        let surface = Size(width: Self.surfaceSide, height: Self.surfaceSide)
        let second = Window(frame: randomFrame(in: surface), name: "w1")
        second.isUserInteractionEnabled = !random.chance(Odds.inertWindow)
        lines.append("w1 (in front): frame \(second.frame)" + (second.isUserInteractionEnabled ? "" : " inert"))
        return [main, second]
    }

    private mutating func makeView(index: Int, in parent: View) -> View {
        let frame = randomFrame(in: parent.bounds.size)
        let view = View(frame: frame, name: "v\(index)")
        var traits: [String] = []
        func maybe(_ odds: UInt64, _ trait: String, _ apply: () -> Void) {
            if random.chance(odds) {
                apply()
                traits.append(trait)
            }
        }
        maybe(Odds.multipleTouch, "multiple") { view.isMultipleTouchEnabled = true }
        maybe(Odds.exclusiveTouch, "exclusive") { view.isExclusiveTouch = true }
        maybe(Odds.hidden, "hidden") { view.isHidden = true }
        maybe(Odds.faint, "alpha=\(Self.faintAlpha)") { view.alpha = Self.faintAlpha }
        maybe(Odds.inert, "inert") { view.isUserInteractionEnabled = false }
        if random.chance(Odds.transformed) {
            let (transform, text) = randomTransform()
            view.transform = transform
            traits.append(text)
        }
        // The frame as created: `view.frame` would be the transformed bounding box.
        lines.append("\(view.name) in \(parent.name): frame \(frame) \(traits.joined(separator: " "))")
        return view
    }

    private mutating func randomFrame(in parent: Size) -> Rect {
        Rect(x: random.double(in: Self.originFraction) * parent.width,
             y: random.double(in: Self.originFraction) * parent.height,
             width: random.double(in: Self.sideFraction) * parent.width,
             height: random.double(in: Self.sideFraction) * parent.height)
    }

    /// A rotation, scale, singular scale, rotated scale or translation, with its description.
    private mutating func randomTransform() -> (AffineTransform, String) {
        let angle = random.double(in: -Double.pi...Double.pi)
        let scale = random.double(in: Self.scaleRange)
        let shift = random.double(in: Self.translationRange)
        switch random.int(in: 0...4) {
        case 0: return (AffineTransform(rotationAngle: angle), "rotate(\(angle))")
        case 1: return (AffineTransform(scaleX: scale, y: 1 / scale), "scale(\(scale), \(1 / scale))")
        case 2: return (AffineTransform(scaleX: 0, y: scale), "scale(0, \(scale))")
        case 3:
            return (AffineTransform(rotationAngle: angle).concatenating(AffineTransform(scaleX: scale, y: scale)),
                    "rotate(\(angle)) scale(\(scale))")
        default: return (AffineTransform(translationX: shift, y: -shift), "translate(\(shift), \(-shift))")
        }
    }
}

// MARK: - Random doubles

extension SplitMix64 {
    /// A value in `range`, from the top 53 bits (the precision of a Double).
    mutating func double(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(UInt64(1) << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }
}
