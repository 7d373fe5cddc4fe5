import Testing
import ToolkitOracles
import TouchKit

/// What the real SDL 2 did in the shared run of ``RealToolkitTests`` (its corpus part is checked there).
extension RealToolkitTests {
    @Test func sdl2CountsClicksPressToPressWithinItsWindowAndStampsEveryEventWithItsWlTouchTime() throws {
        let sdl = try toolkitResult("sdl2")
        #expect(sdl.version?.hasPrefix("2.26") == true)
        // The model normalizes by the window the oracle reported.
        let ready = try #require(sdl.recording?.ready)
        #expect(ready.width == Double(SDL226Settings.defaults.windowWidth))
        #expect(ready.height == Double(SDL226Settings.defaults.windowHeight))
        let clicks = { (name: String) in
            try self.realGestures(sdl, name).filter { $0.kind == .pointerDown }.map(\.count)
        }
        // 620 ms press to press is past SDL's 500 ms: two single clicks; 210 ms is inside it.
        #expect(try clicks("slow-pair") == [1, 1])
        #expect(try clicks("double-tap") == [1, 2])
        // No timers: a held finger is one press and one release, nothing in between.
        let held = try realGestures(sdl, "held")
        #expect(held.filter { $0.kind == .pointerDown }.count == 1 && held.filter { $0.kind == .pointerUp }.count == 1)
        #expect(held.allSatisfy { [.touchDown, .touchUp, .pointerMotion, .pointerDown, .pointerUp].contains($0.kind) })
        // Every event carries the time of a wl_touch event SDL received in that case (read from the oracle's own
        // WAYLAND_DEBUG log as SDL pushed it), not SDL_GetTicks().
        for item in sdl.cases {
            let times = Set(item.received.compactMap { $0.event.time }.map(Double.init))
            #expect(!item.real.isEmpty, "\(item.testCase.name): SDL reported nothing")
            #expect(item.real.allSatisfy { times.contains($0.time) }, "\(item.testCase.name): an event time is no wl_touch time")
        }
    }

    private func toolkitResult(_ name: String) throws -> ToolkitResult {
        let result = try #require(Self.run.toolkits.first { $0.oracle.toolkit == name })
        #expect(result.problem == nil, "\(result.problem ?? "")")
        return result
    }

    private func realGestures(_ result: ToolkitResult, _ name: String) throws -> [ToolkitGesture] {
        try #require(result.cases.first { $0.testCase.name == name }).real
    }
}
