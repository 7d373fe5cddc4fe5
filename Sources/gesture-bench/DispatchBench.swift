import ArgumentParser
import Foundation
import TouchKit
import TouchStream

// MARK: - Command

/// `gesture-bench dispatch`: the cost of one input frame from raw records to the views' touch methods.
struct DispatchBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dispatch",
        abstract: "Time frames of 10 moving touches through assembly, hit testing in a 1,000-view tree and delivery.",
        discussion: """
            Strokes of \(DispatchWorkload.strokeFrames) frames: all fingers down (10 hit tests), \
            moves, all fingers up. `--frames N` runs exactly N frames untimed, for callgrind: \
            instructions per frame = (total(N2) - total(N1)) / (N2 - N1). Run with \
            SWIFT_DETERMINISTIC_HASHING=1 so dictionary order, and so the count, repeats exactly.
            """)

    /// Median budget per frame (µs): a small fraction of a 120 Hz frame (8.3 ms).
    static let medianTargetMicroseconds = 5.0

    @Option(help: "Frames timed (after one warm-up stroke).") var iterations = 20_000
    @Option(help: "Run exactly this many frames untimed and print only a checksum (for callgrind).") var frames: Int?
    @Flag(help: "Attach a deliveries recorder (cleared every frame), as the live app does with the log on.")
    var log = false
    @Flag(help: "Cells read every touch's location(in: self), as a drag view does (else they only count touches).")
    var readLocations = false
    @Flag(help: "Attach all six gesture recognizers (tap, long press, swipe, pinch, rotation, pan) to every cell.")
    var recognizers = false

    func validate() throws {
        guard iterations > 0 else { throw ValidationError("--iterations must be positive") }
        if let frames, frames < 0 { throw ValidationError("--frames must not be negative") }
    }

    func run() throws {
        var workload = DispatchWorkload(logging: log, readingLocations: readLocations, recognizers: recognizers)
        if let frames {
            for _ in 0..<frames { workload.runFrame() }
            print("dispatch: \(frames) frames, checksum \(workload.checksum)")
            return
        }
        let result = workload.measure(iterations: iterations)
        print("dispatch: \(DispatchWorkload.fingers) fingers, \(workload.viewCount) views, "
            + "\(iterations) frames\(log ? ", deliveries log on" : "")\(readLocations ? ", cells read locations" : "")"
            + (recognizers ? ", 6 recognizers per cell" : ""))
        print("all frames:            \(result.all) (target median ≤ \(Self.medianTargetMicroseconds) µs)")
        print("moved (10 motions):    \(result.moved)")
        print("began (10 hit tests):  \(result.began)")
        print("ended (10 ups):        \(result.ended)")
    }
}

// MARK: - Workload

/// Ten fingers stroking over a window of 1,000 views, fed as raw records to a FrameAssembler and
/// its frames to Application.handle, exactly as the live loop does. Fully deterministic.
struct DispatchWorkload {
    /// Fingers down at once.
    static let fingers = 10
    /// Tree shape: 10 panels × 9 rows × 10 cells, so 10 + 90 + 900 = 1,000 views under the window.
    static let panels = 10, rows = 9, cells = 10
    /// Window size (logical px): panels are 100 px wide strips, rows 100 px high, cells 50 × 20 px.
    static let windowSize = Size(width: 1000, height: 900)
    static let panelWidth = 100.0, rowHeight = 100.0, cellSize = Size(width: 50, height: 20)
    /// Frames per stroke: one began frame, moves, one ended frame (0.5 s at 120 Hz).
    static let strokeFrames = 60
    /// Radius of each finger's circling motion (px) and its step per frame (radians).
    static let circleRadius = 4.0, circleStep = 0.1
    /// wl_touch time between frames (ms), 120 Hz.
    static let frameIntervalMilliseconds: UInt32 = 8

    /// What a frame did, for the per-kind statistics.
    enum FrameKind { case began, moved, ended }

    let application: Application
    let recorder: DeliveryRecorder?
    private let leaves: [HandlingView]
    private var assembler = FrameAssembler()
    private var output: [AssemblyOutput] = []
    private var records: [RawRecord] = []
    private var frameIndex = 0
    private var time: UInt32 = 0

    /// Builds the tree; `logging` attaches a deliveries recorder; `readingLocations` makes cells read locations;
    /// `recognizers` attaches one of each of the six recognizers to every cell.
    init(logging: Bool, readingLocations: Bool, recognizers: Bool = false) {
        _ = Self.strokePositions  // computed before any frame, so setup is outside the per-frame counts
        recorder = logging ? DeliveryRecorder() : nil
        application = Application(clock: VirtualClock(), recorder: recorder, name: "app")
        let window = Window(frame: Rect(origin: .zero, size: Self.windowSize), name: "window")
        application.addWindow(window)
        var leaves: [HandlingView] = []
        for p in 0..<Self.panels {
            let panel = View(frame: Rect(x: Double(p) * Self.panelWidth, y: 0, width: Self.panelWidth,
                                         height: Self.windowSize.height), name: "panel\(p)")
            window.addSubview(panel)
            for r in 0..<Self.rows {
                let row = View(frame: Rect(x: 0, y: Double(r) * Self.rowHeight, width: Self.panelWidth,
                                           height: Self.rowHeight), name: "row\(p).\(r)")
                panel.addSubview(row)
                for c in 0..<Self.cells {
                    let cell = HandlingView(frame: Rect(x: Double(c % 2) * Self.cellSize.width,
                                                        y: Double(c / 2) * Self.cellSize.height,
                                                        width: Self.cellSize.width, height: Self.cellSize.height),
                                            name: "cell\(p).\(r).\(c)")
                    cell.readsLocations = readingLocations
                    if recognizers { Self.attachAllRecognizers(to: cell) }
                    row.addSubview(cell)
                    leaves.append(cell)
                }
            }
        }
        self.leaves = leaves
        _ = window.takeDamage()
    }

    /// One recognizer of each kind, as a view in the recognizer playground has.
    static func attachAllRecognizers(to view: View) {
        let all: [GestureRecognizer] = [
            TapGestureRecognizer(name: "tap"), LongPressGestureRecognizer(name: "longPress"),
            SwipeGestureRecognizer(name: "swipe"), PinchGestureRecognizer(name: "pinch"),
            RotationGestureRecognizer(name: "rotation"), PanGestureRecognizer(name: "pan"),
        ]
        all.forEach(view.addGestureRecognizer)
    }

    /// Views under the window.
    var viewCount: Int { Self.panels + Self.panels * Self.rows + leaves.count }

    /// Sum of what the cells saw (locations or touch counts): equal runs give equal checksums.
    var checksum: Double { leaves.reduce(0) { $0 + $1.checksum } }

    /// Finger `finger`'s home: the centre of a different cell in a different panel for each finger.
    static func home(of finger: Int) -> Point {
        let row = (finger * 4) % rows, cell = (finger * 7) % cells
        return Point(x: Double(finger) * panelWidth + Double(cell % 2) * cellSize.width + cellSize.width / 2,
                     y: Double(row) * rowHeight + Double(cell / 2) * cellSize.height + cellSize.height / 2)
    }

    // MARK: - Frames

    /// Every finger's position at every step of a stroke, computed once so preparing a frame costs
    /// next to nothing and callgrind's per-frame count is the dispatch itself.
    static let strokePositions: [[(x: WLFixed, y: WLFixed)]] = (0..<strokeFrames).map { step in
        (0..<fingers).map { finger in
            let home = home(of: finger)
            let angle = Double(step) * circleStep + Double(finger)
            return (WLFixed(home.x + circleRadius * cos(angle)), WLFixed(home.y + circleRadius * sin(angle)))
        }
    }

    /// Prepares the next frame's records (untimed) and says what kind of frame it is.
    private mutating func prepareFrame() -> FrameKind {
        let step = frameIndex % Self.strokeFrames
        let kind: FrameKind = step == 0 ? .began : step == Self.strokeFrames - 1 ? .ended : .moved
        records.removeAll(keepingCapacity: true)
        let serial = UInt32(truncatingIfNeeded: frameIndex)
        for (finger, position) in Self.strokePositions[step].enumerated() {
            let id = Int32(finger)
            switch kind {
            case .began:
                records.append(RawRecord(.down(serial: serial, time: time, surface: nil, id: id,
                                               x: position.x, y: position.y)))
            case .moved: records.append(RawRecord(.motion(time: time, id: id, x: position.x, y: position.y)))
            case .ended: records.append(RawRecord(.up(serial: serial, time: time, id: id)))
            }
        }
        records.append(RawRecord(.frame))
        frameIndex += 1
        time &+= Self.frameIntervalMilliseconds
        return kind
    }

    /// The timed part: assembly of the prepared records, then delivery of the frames they complete.
    private mutating func dispatchPrepared() {
        for record in records { assembler.push(record, into: &output) }
        for case .frame(let frame) in output { application.handle(frame) }
        output.removeAll(keepingCapacity: true)
        recorder?.removeAll()
    }

    /// Runs one frame, untimed.
    mutating func runFrame() {
        _ = prepareFrame()
        dispatchPrepared()
    }

    /// Times `iterations` frames after one warm-up stroke.
    mutating func measure(iterations: Int) -> DispatchResult {
        for _ in 0..<Self.strokeFrames { runFrame() }
        let clock = ContinuousClock()
        var samples: [FrameKind: [Double]] = [.began: [], .moved: [], .ended: []]
        var all: [Double] = []
        all.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let kind = prepareFrame()
            let elapsed = clock.measure { dispatchPrepared() }
            let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
            all.append(micros)
            samples[kind, default: []].append(micros)
        }
        return DispatchResult(all: MicrosecondSummary(all), began: MicrosecondSummary(samples[.began] ?? []),
                              moved: MicrosecondSummary(samples[.moved] ?? []),
                              ended: MicrosecondSummary(samples[.ended] ?? []))
    }
}

/// Per-kind timing summaries of a dispatch run.
struct DispatchResult {
    let all: MicrosecondSummary, began: MicrosecondSummary, moved: MicrosecondSummary, ended: MicrosecondSummary
}

/// Median and 90th percentile of a set of samples, in µs.
struct MicrosecondSummary: CustomStringConvertible {
    let median: Double
    let p90: Double
    let count: Int

    init(_ samples: [Double]) {
        count = samples.count
        median = Percentile.median(samples) ?? .nan
        p90 = Percentile.of(samples, 90) ?? .nan
    }

    var description: String {
        "median \(String(format: "%.2f", median)) µs, p90 \(String(format: "%.2f", p90)) µs (\(count) frames)"
    }
}

// MARK: - Leaf view

/// A cell that handles its touches and forwards nothing; optionally reads each location in its own coordinates.
final class HandlingView: View {
    /// When true, each touch's `location(in: self)` is read, as a drag view does.
    var readsLocations = false
    /// Sum of the x coordinates read (or of the touches counted), so the work cannot be optimised away.
    private(set) var checksum = 0.0

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { read(touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { read(touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { read(touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { read(touches) }

    private func read(_ touches: Set<Touch>) {
        guard readsLocations else {
            checksum += Double(touches.count)
            return
        }
        for touch in touches { checksum += touch.location(in: self).x }
    }
}
