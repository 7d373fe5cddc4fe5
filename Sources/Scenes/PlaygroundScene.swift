import TouchKit

// MARK: - Playground: one pad per gesture recognizer

/// A grid of pads, one per recognizer kind, each coloured by its recognizer's state.
///
/// Row 1: tap, long press, swipe (left or right), and a double-tap / single-tap
/// pair whose single tap requires the double tap to fail. Row 2: pinch (scales
/// an inner square), rotation (turns an inner square), pan (moves a knob).
/// Everything the pads show comes from recognizer transitions and actions, so a
/// replay draws and reports the same on every run.
public final class PlaygroundScene: Scene {
    public static let info = SceneInfo(
        name: "playground",
        summary: "one pad per gesture recognizer (tap, long press, swipe, tap pair, pinch, rotation, pan), coloured by state",
        seed: "UIGestureRecognizer states and kinds, one pad per recognizer (docs/playground.md)")

    /// Grid columns and rows of the pad layout.
    public static let columns = 4, rows = 2
    /// Space around each pad inside its grid cell, logical px.
    public static let padMargin = 20.0
    /// The window's background colour.
    public static let background = Color(rgb: 0x15181e)

    public let window: Window
    /// Single tap, single finger.
    public let tap = TapGestureRecognizer(name: "tap")
    /// Long press, single finger, profile duration and slop.
    public let longPress = LongPressGestureRecognizer(name: "longPress")
    /// Swipe left or right.
    public let swipe = SwipeGestureRecognizer(name: "swipe")
    /// Two taps on the pair pad.
    public let doubleTap = TapGestureRecognizer(name: "doubleTap")
    /// One tap on the pair pad, recognized only once `doubleTap` has failed.
    public let singleTap = TapGestureRecognizer(name: "singleTap")
    /// Two-finger pinch.
    public let pinch = PinchGestureRecognizer(name: "pinch")
    /// Two-finger rotation.
    public let rotation = RotationGestureRecognizer(name: "rotation")
    /// Pan with any number of fingers.
    public let pan = PanGestureRecognizer(name: "pan")

    /// Pads, one per recognizer kind (the tap pair shares one).
    public let tapPad: RecognizerPad, longPressPad: RecognizerPad, swipePad: RecognizerPad, tapPairPad: RecognizerPad
    /// Pads of the two-finger recognizers and the pan.
    public let pinchPad: RecognizerPad, rotationPad: RecognizerPad, panPad: RecognizerPad
    /// The pads in grid order (row by row).
    public var pads: [RecognizerPad] { [tapPad, longPressPad, swipePad, tapPairPad, pinchPad, rotationPad, panPad] }
    /// The square the pinch scales.
    public let pinchSquare = View(name: "pinchSquare")
    /// The square the rotation turns.
    public let rotationSquare = View(name: "rotationSquare")
    /// The knob the pan moves.
    public let panKnob = View(name: "panKnob")

    /// Side of the pinch and rotation squares, logical px.
    public static let squareSide = 96.0
    /// Diameter of the pan knob, logical px.
    public static let knobDiameter = 64.0
    /// Scales the pinch square is kept between (it stays inside its pad).
    public static let squareScaleRange = 0.25...2.5
    /// Colour of the squares and the knob.
    public static let markerColor = Color(rgb: 0xeceff1)

    private var squareScale = 1.0, squareScaleAtBegin = 1.0
    private var squareAngle = 0.0, squareAngleAtBegin = 0.0
    private var knobOffset = Point.zero, knobOffsetAtBegin = Point.zero

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Self.background
        swipe.direction = [.left, .right]
        doubleTap.numberOfTapsRequired = 2
        singleTap.require(toFail: doubleTap)
        tapPad = RecognizerPad(name: "tapPad", recognizers: [tap])
        longPressPad = RecognizerPad(name: "longPressPad", recognizers: [longPress])
        swipePad = RecognizerPad(name: "swipePad", recognizers: [swipe])
        tapPairPad = RecognizerPad(name: "tapPairPad", recognizers: [doubleTap, singleTap])
        pinchPad = RecognizerPad(name: "pinchPad", recognizers: [pinch])
        rotationPad = RecognizerPad(name: "rotationPad", recognizers: [rotation])
        panPad = RecognizerPad(name: "panPad", recognizers: [pan])
        for pad in pads { window.addSubview(pad) }
        addMarker(pinchSquare, to: pinchPad, side: Self.squareSide, cornerRadius: 0)
        addMarker(rotationSquare, to: rotationPad, side: Self.squareSide, cornerRadius: 0)
        addMarker(panKnob, to: panPad, side: Self.knobDiameter, cornerRadius: Self.knobDiameter / 2)
        pinch.addTarget { [weak self] _ in self?.pinchChanged() }
        rotation.addTarget { [weak self] _ in self?.rotationChanged() }
        pan.addTarget { [weak self] _ in self?.panChanged() }
        resize(to: context.size)
    }

    private func addMarker(_ marker: View, to pad: RecognizerPad, side: Double, cornerRadius: Double) {
        marker.frame = Rect(x: 0, y: 0, width: side, height: side)
        marker.backgroundColor = Self.markerColor
        marker.cornerRadius = cornerRadius
        // Markers take no touches: the pad is always the hit view, so its recognizer sees every touch.
        marker.isUserInteractionEnabled = false
        pad.addSubview(marker)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        let cell = Size(width: size.width / Double(Self.columns), height: size.height / Double(Self.rows))
        for (index, pad) in pads.enumerated() {
            let column = Double(index % Self.columns), row = Double(index / Self.columns)
            pad.frame = Rect(x: column * cell.width + Self.padMargin, y: row * cell.height + Self.padMargin,
                             width: max(0, cell.width - 2 * Self.padMargin),
                             height: max(0, cell.height - 2 * Self.padMargin))
        }
        layoutMarkers()
    }

    private func layoutMarkers() {
        let mid = { (pad: View) in Point(x: pad.bounds.size.width / 2, y: pad.bounds.size.height / 2) }
        pinchSquare.center = mid(pinchPad)
        pinchSquare.transform = AffineTransform(scaleX: squareScale, y: squareScale)
        rotationSquare.center = mid(rotationPad)
        rotationSquare.transform = AffineTransform(rotationAngle: squareAngle)
        let knobMid = mid(panPad)
        panKnob.center = Point(x: knobMid.x + knobOffset.x, y: knobMid.y + knobOffset.y)
    }

    // MARK: - Measured values

    /// Scale = scale at begin × pinch scale, kept in `squareScaleRange`; a cancel restores the scale at begin.
    private func pinchChanged() {
        switch pinch.state {
        case .began: squareScaleAtBegin = squareScale
        case .cancelled: squareScale = squareScaleAtBegin
        default: break
        }
        if pinch.state != .cancelled {
            let range = Self.squareScaleRange
            squareScale = min(range.upperBound, max(range.lowerBound, squareScaleAtBegin * pinch.scale))
        }
        layoutMarkers()
    }

    /// Angle = angle at begin + rotation; a cancel restores the angle at begin.
    private func rotationChanged() {
        switch rotation.state {
        case .began: squareAngleAtBegin = squareAngle
        case .cancelled: squareAngle = squareAngleAtBegin
        default: break
        }
        if rotation.state != .cancelled { squareAngle = squareAngleAtBegin + rotation.rotation }
        layoutMarkers()
    }

    /// Knob offset = offset at begin + translation, kept inside the pad; a cancel puts the knob back.
    private func panChanged() {
        switch pan.state {
        case .began: knobOffsetAtBegin = knobOffset
        case .cancelled: knobOffset = knobOffsetAtBegin
        default: break
        }
        if pan.state != .cancelled {
            let moved = pan.translation(in: panPad)
            let pad = panPad.bounds.size
            let limitX = max(0, (pad.width - Self.knobDiameter) / 2), limitY = max(0, (pad.height - Self.knobDiameter) / 2)
            knobOffset = Point(x: min(limitX, max(-limitX, knobOffsetAtBegin.x + moved.x)),
                               y: min(limitY, max(-limitY, knobOffsetAtBegin.y + moved.y)))
        }
        layoutMarkers()
    }

    // MARK: - Snapshot

    /// Per recognizer `NAME.state`, `.reason`, `.values`, `.recognitions`; plus the markers' measured values.
    public func snapshot() -> SceneSnapshot {
        var facts: [String: String] = [
            "pinchSquare.scale": FactText.number(squareScale),
            "rotationSquare.angle": FactText.number(squareAngle),
            "panKnob.offset": FactText.point(knobOffset),
        ]
        for pad in pads {
            facts["\(pad.name).shows"] = pad.shownState.rawValue
            for recognizer in pad.recognizers {
                let record = pad.records[recognizer.name] ?? RecognizerRecord()
                facts["\(recognizer.name).state"] = record.state.rawValue
                facts["\(recognizer.name).reason"] = record.reason
                facts["\(recognizer.name).values"] = record.values
                facts["\(recognizer.name).recognitions"] = String(record.recognitions)
            }
        }
        return SceneSnapshot(views: namedViewFrames(), facts: facts)
    }
}

// MARK: - A pad that shows its recognizers' states

/// What a pad remembers of one recognizer: its latest transition other than the reset, and how often it recognized.
public struct RecognizerRecord: Hashable, Sendable {
    /// The state the latest non-reset transition reached (possible before any, or while waiting for a failure).
    public var state: GestureRecognizerState = .possible
    /// That transition's reason ("" before any).
    public var reason = ""
    /// That transition's measured values as "name=value …".
    public var values = ""
    /// Recognitions so far: discrete possible → recognized, continuous possible → began.
    public var recognitions = 0
}

/// A view carrying recognizers; its colour is the state of its recognizers' latest transition.
///
/// Colour rule: each transition paints the pad with `color(for:)` of its new
/// state, except the reset to possible after a gesture, which keeps the outcome
/// on screen until the next touch lands on a pad whose recognizers are all
/// possible again. The pad consumes every touch phase it is given, so nothing is
/// forwarded up the chain and the log shows exactly what recognizers let through.
public final class RecognizerPad: View {
    /// Pad colour for possible (nothing decided yet, or waiting for another recognizer to fail).
    public static let possibleColor = Color(rgb: 0x546e7a)
    /// Pad colour for began and changed (a continuous gesture in progress).
    public static let activeColor = Color(rgb: 0xffb300)
    /// Pad colour for recognized / ended.
    public static let recognizedColor = Color(rgb: 0x43a047)
    /// Pad colour for failed.
    public static let failedColor = Color(rgb: 0xe53935)
    /// Pad colour for cancelled.
    public static let cancelledColor = Color(rgb: 0x8e24aa)
    /// The pad's corner radius, logical px.
    public static let padCornerRadius = 16.0

    /// The documented colour of `state`.
    public static func color(for state: GestureRecognizerState) -> Color {
        switch state {
        case .possible: possibleColor
        case .began, .changed: activeColor
        case .ended: recognizedColor
        case .failed: failedColor
        case .cancelled: cancelledColor
        }
    }

    /// The pad's recognizers, in the order they were added.
    public let recognizers: [GestureRecognizer]
    /// Per recognizer name, what it did last.
    public private(set) var records: [String: RecognizerRecord] = [:]
    /// The state the pad's colour shows.
    public private(set) var shownState = GestureRecognizerState.possible

    /// Creates a pad named `name` and attaches `recognizers` to it.
    public init(name: String, recognizers: [GestureRecognizer]) {
        self.recognizers = recognizers
        super.init(frame: .zero, name: name)
        cornerRadius = Self.padCornerRadius
        // Pinch and rotation need both fingers; every pad takes them so delivery is alike across pads.
        isMultipleTouchEnabled = true
        show(.possible)
        for recognizer in recognizers {
            records[recognizer.name] = RecognizerRecord()
            addGestureRecognizer(recognizer)
            recognizer.onTransition = { [weak self] in self?.observe($0) }
        }
    }

    private func observe(_ transition: RecognizerTransition) {
        guard transition.reason != .reset else { return }
        var record = records[transition.recognizer] ?? RecognizerRecord()
        record.state = transition.to
        record.reason = transition.reason.description
        record.values = transition.values.map { "\($0.name)=\(FactText.number($0.value))" }.joined(separator: " ")
        if transition.from == .possible, transition.to == .began || transition.to == .ended { record.recognitions += 1 }
        records[transition.recognizer] = record
        show(transition.to)
    }

    private func show(_ state: GestureRecognizerState) {
        shownState = state
        backgroundColor = Self.color(for: state)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if recognizers.allSatisfy({ $0.state == .possible }) { show(.possible) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {}

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
}
