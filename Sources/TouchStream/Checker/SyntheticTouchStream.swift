// MARK: - A long, valid multi-finger stream (benchmarks and checker tests)

/// Generates a conforming wl_touch stream of any length, lazily: `fingers` touches go down in
/// one frame, move together for ``strokeFrames`` frames, go up in one frame, and start again.
///
/// Every event is valid under DESIGN §4 (no finding of any kind for a surface of
/// ``surfaceWidth`` × ``surfaceHeight``), so the checker's cost on it is the cost of judging,
/// never of reporting; only a count that stops right after a stroke's last up leaves the A1 of
/// a missing final frame. Each frame is 8 ms after the previous one.
public struct SyntheticTouchStream: Sequence, IteratorProtocol {
    /// Motion frames between the down frame and the up frame of a stroke.
    public static let strokeFrames = 120
    /// Surface width in logical px the stream stays inside.
    public static let surfaceWidth = 1920
    /// Surface height in logical px the stream stays inside.
    public static let surfaceHeight = 1080
    /// Frame interval in ms.
    static let frameInterval: UInt32 = 8
    /// Horizontal step per motion frame in px, and the distance between fingers.
    static let step = 3.0
    static let fingerSpacing = 150.0

    /// Touches per stroke.
    public let fingers: Int
    /// Records left to generate.
    public private(set) var remaining: Int

    private var frameInStroke = 0
    private var finger = 0
    private var time: UInt32 = 0
    private var serial: UInt32 = 0

    /// A stream of exactly `count` records (the last stroke may stop part-way) with `fingers` touches.
    /// One stroke is `(strokeFrames + 2) × (fingers + 1)` records.
    public init(count: Int, fingers: Int = 10) {
        precondition(fingers > 0 && fingers <= 10, "1 to 10 fingers fit the surface")
        self.fingers = fingers
        remaining = count
    }

    /// A header that matches the stream: wl_touch version 8 and the stream's surface size.
    public static func header(created: String = "2026-01-01T00:00:00.000Z") -> TraceHeader {
        TraceHeader(toolVersion: "bench",
                    environment: CompositorEnvironment(compositor: "synthetic", touchVersion: 8,
                                                       surface: .init(width: surfaceWidth, height: surfaceHeight,
                                                                      bufferScale: 1)),
                    profile: "uikit", created: created)
    }

    /// The next record, nil after `count` records.
    public mutating func next() -> RawRecord? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        if finger == fingers {
            finger = 0
            frameInStroke = (frameInStroke + 1) % (Self.strokeFrames + 2)
            time &+= Self.frameInterval
            return RawRecord(.frame)
        }
        let id = Int32(finger)
        let x = WLFixed(100 + Self.step * Double(frameInStroke))
        let y = WLFixed(100 + Self.fingerSpacing * Double(finger) / 2)
        finger += 1
        switch frameInStroke {
        case 0:
            serial &+= 1
            return RawRecord(.down(serial: serial, time: time, surface: "wl_surface@3", id: id, x: x, y: y))
        case Self.strokeFrames + 1:
            serial &+= 1
            return RawRecord(.up(serial: serial, time: time, id: id))
        default:
            return RawRecord(.motion(time: time, id: id, x: x, y: y))
        }
    }
}
