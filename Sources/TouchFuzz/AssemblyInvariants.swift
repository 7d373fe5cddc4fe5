import TouchKit
import TouchStream

// MARK: - What every assembled stream must satisfy

/// Checks assembler output against the invariants TouchKit relies on.
///
/// Every began ends exactly once (ended or cancelled); no touch skips began; no id appears
/// twice in one pass; timestamps are finite and never decrease; coalesced samples end at the
/// location, and their times, when given, are one per sample, in order, none after the frame's.
/// ``finish()`` adds: no touch is left active (for streams that end with all ups or
/// a final cancel).
public struct AssemblyInvariantChecker: Sendable {
    /// Problems found, in order.
    public private(set) var violations: [String] = []
    private var open: Set<Int32> = []
    private var lastTimestamp = -Double.infinity
    private var frameIndex = 0

    /// Creates a checker with no touch active.
    public init() {}

    /// Checks the frames among `output`.
    public mutating func check(_ output: [AssemblyOutput]) {
        for case .frame(let frame) in output { check(frame) }
    }

    /// Checks one frame.
    public mutating func check(_ frame: InputFrame) {
        defer { frameIndex += 1 }
        if !frame.timestamp.isFinite || frame.timestamp < lastTimestamp {
            fail("timestamp \(frame.timestamp) after \(lastTimestamp)")
        }
        lastTimestamp = max(lastTimestamp, frame.timestamp)
        if frame.passes.isEmpty || frame.passes.contains(where: \.isEmpty) { fail("empty frame or pass") }
        for pass in frame.passes {
            var seen: Set<Int32> = []
            for input in pass {
                if !seen.insert(input.id).inserted { fail("id \(input.id) twice in one pass") }
                if input.coalesced.last != input.location { fail("id \(input.id): coalesced does not end at location") }
                let times = input.coalescedTimes
                if !times.isEmpty, times.count != input.coalesced.count
                    || zip(times, times.dropFirst()).contains(where: { $0 > $1 }) || times.last.map({ $0 > frame.timestamp }) == true {
                    fail("id \(input.id): sample times \(times) are not one per sample, in order, by the frame's time")
                }
                apply(input)
            }
        }
    }

    private mutating func apply(_ input: TouchInput) {
        switch input.phase {
        case .began:
            if !open.insert(input.id).inserted { fail("id \(input.id) began while already active") }
        case .moved, .stationary:
            if !open.contains(input.id) { fail("id \(input.id) \(input.phase) without began") }
        case .ended, .cancelled:
            if open.remove(input.id) == nil { fail("id \(input.id) \(input.phase) without began") }
        }
    }

    /// Call at the end of a stream that ended with all ups or a final cancel.
    public mutating func finish() {
        if !open.isEmpty { violations.append("touches never ended: \(open.sorted())") }
    }

    private mutating func fail(_ message: String) {
        violations.append("frame \(frameIndex): \(message)")
    }

    /// Records a violation found outside the frames (e.g. by inspecting the assembler).
    mutating func recordExternal(_ message: String) {
        violations.append(message)
    }
}
