import Foundation
import Testing
import ToolkitOracles
import TouchKit
import TouchStream

/// The sdl2-2.26 model on wl_touch streams as SDL 2.26.5 received them (WAYLAND_DEBUG=client under the harness
/// weston, times in ms since boot), checked against what SDL reported for them through oracles/sdl2/oracle.py.
@Suite struct SDL226ModelTests {
    /// Imports `lines` (the wl_touch part of a WAYLAND_DEBUG log) as the runner does and feeds every frame.
    static func events(_ lines: [String]) throws -> [ToolkitGesture] {
        let log = (["[1589384.422]  -> wl_seat@13.get_touch(new id wl_touch@17)"] + lines).joined(separator: "\n")
        let imported = try WaylandDebugImporter.importLog(log, name: "sdl2.log")
        var model: any ToolkitModel = SDL226Model()
        return ModelReplay.gestures(&model, records: imported.records)
    }

    static func down(_ serial: Int, _ time: Int, _ id: Int, _ x: Double, _ y: Double) -> String {
        "[0.0] wl_touch@17.down(\(serial), \(time), wl_surface@18, \(id), \(String(format: "%.8f", x)), \(String(format: "%.8f", y)))"
    }
    static func motion(_ time: Int, _ id: Int, _ x: Double, _ y: Double) -> String {
        "[0.0] wl_touch@17.motion(\(time), \(id), \(String(format: "%.8f", x)), \(String(format: "%.8f", y)))"
    }
    static func up(_ serial: Int, _ time: Int, _ id: Int) -> String { "[0.0] wl_touch@17.up(\(serial), \(time), \(id))" }
    static let frame = "[0.0] wl_touch@17.frame()"
    static let cancel = "[0.0] wl_touch@17.cancel()"

    /// A tap of finger 0 as weston sends it (no frame after the up: the replay infers it).
    static func tap(_ serial: Int, _ time: Int, _ x: Double, _ y: Double, hold: Int = 50) -> [String] {
        [down(serial, time, 0, x, y), frame, up(serial + 1, time + hold, 0)]
    }

    static func clicks(_ events: [ToolkitGesture]) -> [String] {
        events.filter { $0.kind == .pointerDown }.map { "\($0.count ?? 0)@\(Int($0.time))" }
    }

    @Test func clicksCountWhilePressesComeWithinTheDoubleClickTime() throws {
        // Real SDL, double-click-150-hold-20: presses 157 ms apart count 1, 2.
        let quick = try Self.events(Self.tap(5, 41899657, 40, 80, hold: 27) + Self.tap(7, 41899814, 40, 80, hold: 20))
        #expect(Self.clicks(quick) == ["1@41899657", "2@41899814"])
        // SDL_TICKS_PASSED(now, last + 500): 499 ms still counts, 500 ms starts a new series.
        let edge = try Self.events(Self.tap(5, 4294_000_000, 200, 200) + Self.tap(7, 4294_000_499, 200, 200)
            + Self.tap(9, 4294_000_999, 200, 200))
        #expect(Self.clicks(edge) == ["1@4294000000", "2@4294000499", "1@4294000999"])
        // The release repeats its press's count.
        #expect(quick.filter { $0.kind == .pointerUp }.map(\.count) == [1, 2])
    }

    @Test func theRadiusIsPerAxisOnTheIntegerMousePosition() throws {
        let base = 7_340_112
        func second(_ dx: Double, _ dy: Double) throws -> [String] {
            Self.clicks(try Self.events(Self.tap(1, base, 100, 200) + Self.tap(3, base + 200, 100 + dx, 200 + dy)))
                .map { String($0.prefix(1)) }
        }
        #expect(try second(32, 0) == ["1", "2"])
        #expect(try second(33, 0) == ["1", "1"])
        #expect(try second(32, 32) == ["1", "2"])       // 45 px away, but no axis beyond 32
        #expect(try second(-33, 4) == ["1", "1"])
        #expect(try second(32.75, 0) == ["1", "2"])     // lands on integer x 132
    }

    @Test func theMouseTruncatesTheFloatProductOfTheNormalizedPosition() throws {
        // float(113 / 720) × 720.0f is 112.99999…: SDL's mouse lands on row 112 (real SDL, truncated-row-113).
        let events = try Self.events(Self.tap(3, 41902503, 114, 113, hold: 51))
        let press = try #require(events.first { $0.kind == .pointerDown })
        #expect(press.x == 114 && press.y == 112)
        let finger = try #require(events.first { $0.kind == .touchDown })
        #expect(abs((finger.y ?? 0) - 112.999996) < 0.000001)
        #expect(finger.pressure == 1 && finger.finger == 0)
        // So the radius sees rows 112 and 145 for touches 32 px apart (real SDL: clicks 1, 1), but 112 and 144 for
        // touches 31 px apart (clicks 1, 2).
        let apart32 = try Self.events(Self.tap(3, 43251423, 284, 113) + Self.tap(5, 43251625, 284, 145))
        #expect(Self.clicks(apart32) == ["1@43251423", "1@43251625"])
        let apart31 = try Self.events(Self.tap(3, 43252876, 300, 113) + Self.tap(5, 43253077, 300, 144))
        #expect(Self.clicks(apart31) == ["1@43252876", "2@43253077"])
        #expect(events.first { $0.kind == .touchUp }?.pressure == 0)
    }

    @Test func onlyTheFirstFingerDrivesTheMouseUntilItLifts() throws {
        let events = try Self.events([
            Self.down(10, 88_001_000, 0, 100, 100), Self.frame,
            Self.down(11, 88_001_040, 1, 250, 100), Self.frame,
            Self.motion(88_001_060, 1, 260, 100), Self.frame,
            Self.up(12, 88_001_080, 0), Self.frame,
            Self.motion(88_001_100, 1, 270, 100), Self.frame,
            Self.down(13, 88_001_150, 2, 110, 100), Self.frame,
            Self.motion(88_001_170, 2, 118, 100), Self.frame,
            Self.up(14, 88_001_190, 2), Self.frame, Self.up(15, 88_001_210, 1), Self.frame,
        ])
        let mouse = events.filter { [.pointerDown, .pointerMotion, .pointerUp].contains($0.kind) }
            .map { "\($0.kind.rawValue)\($0.count.map { "×\($0)" } ?? "")@\(Int($0.time) - 88_001_000)" }
        // Finger 1 never moves the mouse; finger 2, down after finger 0 lifted, takes it and its press counts
        // with finger 0's (150 ms and 10 px apart).
        #expect(mouse == ["pointer-motion@0", "pointer-down×1@0", "pointer-up×1@80",
                          "pointer-motion@150", "pointer-down×2@150", "pointer-motion@170", "pointer-up×2@190"])
        #expect(events.filter { $0.kind == .touchMotion }.map(\.finger) == [1, 1, 2])
    }

    @Test func aMultigestureStepIsTheMovingFingersTurnAndSpreadAboutTheCentroid() throws {
        let events = try Self.events([
            Self.down(20, 51_200_300, 0, 100, 100), Self.frame,
            Self.down(21, 51_200_330, 1, 300, 100), Self.frame,
            Self.motion(51_200_350, 1, 300, 160), Self.frame,
            Self.up(22, 51_200_400, 1), Self.frame, Self.up(23, 51_200_420, 0), Self.frame,
        ])
        let step = try #require(events.first { $0.kind == .multiGesture })
        #expect(events.filter { $0.kind == .multiGesture }.count == 1)
        // The same step in double, in SDL's normalized units (x / 1280, y / 720).
        let a = (x: 100.0 / 1280, y: 100.0 / 720), b = (x: 300.0 / 1280, y: 100.0 / 720), moved = (x: 300.0 / 1280, y: 160.0 / 720)
        let centre = (x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        let after = (x: centre.x + (moved.x - b.x) / 2, y: centre.y + (moved.y - b.y) / 2)
        let lv = (x: b.x - centre.x, y: b.y - centre.y), v = (x: moved.x - after.x, y: moved.y - after.y)
        let lDist = (lv.x * lv.x + lv.y * lv.y).squareRoot(), dist = (v.x * v.x + v.y * v.y).squareRoot()
        let dTheta = atan2((lv.x * v.y - lv.y * v.x) / (lDist * dist), (lv.x * v.x + lv.y * v.y) / (lDist * dist))
        #expect(step.time == 51_200_350 && step.fingers == 2)
        #expect(abs((step.distance ?? 0) - (dist - lDist)) < 1e-6)
        #expect(abs((step.angle ?? 0) - dTheta * 180 / .pi) < 1e-3)
        #expect(abs((step.x ?? 0) - after.x * 1280) < 1e-3 && abs((step.y ?? 0) - after.y * 720) < 1e-3)
    }

    @Test func subPixelMotionsMoveTheFingerButNotAlwaysTheMouse() throws {
        var lines = [Self.down(30, 9_000_000, 0, 150, 149), Self.frame]
        for i in 1...8 { lines += [Self.motion(9_000_000 + i * 20, 0, 150 + Double(i) * 0.25, 149), Self.frame] }
        lines.append(Self.up(31, 9_000_200, 0))
        let events = try Self.events(lines)
        #expect(events.filter { $0.kind == .touchMotion }.count == 8)
        #expect(events.filter { $0.kind == .pointerMotion }.compactMap(\.x) == [150, 151, 152])
        let deltas = events.filter { $0.kind == .touchMotion }.compactMap(\.dx)
        #expect(deltas.allSatisfy { abs($0 - 0.25) < 0.0001 })
    }

    @Test func aCancelledFingerStaysDownUntilItsIdLandsAgain() throws {
        let events = try Self.events([
            Self.down(40, 123_456_700, 0, 200, 200), Self.frame, Self.cancel,
            Self.down(41, 123_456_900, 0, 240, 200), Self.frame,
            Self.motion(123_456_920, 0, 250, 200), Self.frame, Self.up(42, 123_456_950, 0), Self.frame,
        ])
        let at900 = events.filter { $0.time == 123_456_900 }.map { "\($0.recognizer)\($0.pressure.map { " \($0)" } ?? "")" }
        // SDL_SendTouch: the lost finger-up (pressure 1, its old place) ends the mouse press, then the new down;
        // the new touch moves no mouse.
        #expect(at900 == ["SDL_MOUSEBUTTONUP", "SDL_FINGERUP 1.0", "SDL_FINGERDOWN 1.0"])
        #expect(events.first { $0.kind == .touchUp }?.x == 200)
        #expect(!events.contains { $0.kind == .pointerMotion && $0.time > 123_456_700 })
        #expect(events.filter { $0.kind == .pointerDown }.count == 1)
    }

    @Test func theCentroidLetsALiftedFingerGo() throws {
        let events = try Self.events([
            Self.down(50, 600_000_100, 0, 100, 100), Self.frame, Self.down(51, 600_000_120, 1, 220, 60), Self.frame,
            Self.down(52, 600_000_140, 2, 220, 160), Self.frame, Self.up(53, 600_000_170, 1), Self.frame,
            Self.motion(600_000_190, 2, 226, 166), Self.frame,
            Self.up(54, 600_000_210, 2), Self.frame, Self.up(55, 600_000_230, 0), Self.frame,
        ])
        let step = try #require(events.first { $0.kind == .multiGesture })
        #expect(step.fingers == 2)
        #expect(abs((step.x ?? 0) - 163) < 0.01 && abs((step.y ?? 0) - 133) < 0.01)
    }
}

/// The corpus the runner injects for SDL 2.
@Suite struct SDL226CorpusTests {
    private let corpus = SDL226Model().corpus

    @Test func thereAreAtLeast150UniquelyNamedCasesProbingEveryBoundary() {
        #expect(corpus.count >= 150)
        #expect(Set(corpus.map(\.name)).count == corpus.count)
        for family in ["double-click-", "series-of-", "radius-", "truncated-row-", "left-edge", "top-edge", "drag-",
                       "second-finger", "third-finger-takes-the-mouse", "three-fingers-lift", "multi-2-", "multi-3-",
                       "two-lift-", "three-lift-", "cancel-"] {
            #expect(corpus.contains { $0.name.hasPrefix(family) }, "no \(family) case")
        }
        // Interleaved: the first cases already span the groups.
        #expect(Set(corpus.prefix(8).map { $0.name.split(separator: "-").first ?? "" }).count >= 6)
    }

    /// SDL's touch mouse keeps its position from one case to the next and drops a motion to where it already is,
    /// while the model starts fresh: no case may start where another leaves the mouse.
    @Test func noCaseStartsWhereAnotherLeavesTheMouse() throws {
        var starts: [String: String] = [:], ends: [(String, String)] = []
        for item in corpus {
            var model: any ToolkitModel = SDL226Model()
            let frames = ReplayAssembler.assemble(try CompactTrace.parse(item.script, name: item.name)).frames
            let mouse = ModelReplay.gestures(&model, frames: frames).filter { $0.kind == .pointerMotion || $0.kind == .pointerDown }
            let first = try #require(mouse.first, "\(item.name): no touch mouse")
            let last = try #require(mouse.last)
            starts["\(first.x ?? -1),\(first.y ?? -1)"] = item.name
            ends.append(("\(last.x ?? -1),\(last.y ?? -1)", item.name))
        }
        for (end, name) in ends {
            if let other = starts[end], other != name { Issue.record("\(name) leaves the mouse at \(end), where \(other) starts") }
        }
    }
}
