import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - run --pointer-only under a real weston

/// A client that binds no wl_touch, under a private weston 10 (kiosk-shell: the window fills the
/// output at 0,0, so global and surface-local coordinates agree).
@Suite(.serialized)
struct PointerOnlyTests {
    /// The pointer records of `records`, each as its kind and what it carries besides surface, serial and time.
    static func pointerWords(_ records: [RawRecord]) -> [String] {
        records.compactMap(\.event.surfaceEvent).filter(\.kind.isPointer).map { event in
            var words = [String(event.kind.rawValue.dropFirst("pointer-".count))]
            if let x = event.x, let y = event.y { words.append("\(x) \(y)") }
            if let button = event.button { words.append("\(button) \(event.pressed == true ? "down" : "up")") }
            if let axis = event.axis { words.append("axis \(axis)") }
            if let value = event.value { words.append("value \(value)") }
            return words.joined(separator: " ")
        }
    }

    @Test("weston 10 sends a pointer-only client nothing for a finger, and its own pointer events as recorded")
    func touchGivesNothingAndThePointerIsRecorded() throws {
        let weston = try MultiSurfaceWeston(shell: "kiosk-shell.so")
        let client = try weston.launch(trace: "pointer.jsonl", ["--pointer-only"])
        try weston.inject("down 0 300 200; frame; sleep 40; up 0; frame; sleep 60")
        try weston.inject(dragScript(from: (300, 200), to: (500, 300), steps: 4))
        try weston.harness.pointerMotion(x: 200, y: 100)
        try weston.harness.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
        try weston.harness.pointerMotion(x: 240, y: 120)
        try weston.harness.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        try weston.harness.roundtrip()
        try weston.harness.dispatch(for: MultiSurfaceWeston.settle)
        let records = try weston.finish(client, trace: "pointer.jsonl")
        // The seat has touch, but our client bound no wl_touch: weston 10 turns neither the tap nor
        // the drag into pointer events. Its pointer starts at 100,100, where the first motion's enter says it was.
        #expect(records.first?.event == .capabilities(touch: true))
        #expect(!records.contains { $0.event.touchID != nil }, "a wl_touch event reached a client without wl_touch")
        #expect(Self.pointerWords(records) == ["enter 100 100", "frame", "motion 200 100", "frame", "button 272 down", "frame",
                                               "motion 240 120", "frame", "button 272 up", "frame"])
        let pointer = records.compactMap(\.event.surfaceEvent).filter(\.kind.isPointer)
        #expect(Set(pointer.map(\.surface)).count == 1 && pointer[0].surface != nil, "\(pointer)")
        #expect(ConformanceChecker.check(records, header: nil).isEmpty)
    }

    @Test("weston's pointer held still 600 ms is a long press with no secondary click (P5); a quick double click is none")
    func theCheckerReadsARealPointerStream() throws {
        let weston = try MultiSurfaceWeston(shell: "kiosk-shell.so")
        let client = try weston.launch(trace: "hold.jsonl", ["--pointer-only"])
        let harness = weston.harness
        try harness.pointerMotion(x: 400, y: 300)
        for _ in 0..<2 {
            try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
            try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        }
        try harness.roundtrip()
        try harness.dispatch(for: 0.6)
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
        try harness.roundtrip()
        try harness.dispatch(for: 0.6)
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        try harness.roundtrip()
        try harness.dispatch(for: MultiSurfaceWeston.settle)
        let records = try weston.finish(client, trace: "hold.jsonl")
        let buttons = records.compactMap(\.event.surfaceEvent).filter { $0.kind == .pointerButton }
        #expect(buttons.map { $0.pressed == true } == [true, false, true, false, true, false])
        let findings = ConformanceChecker.check(records, header: nil)
        #expect(findings.map(\.ruleID) == ["P5"], "\(findings)")
        #expect(findings.first?.recordIndex == records.firstIndex { $0.event.surfaceEvent == buttons[4] })
    }
}
