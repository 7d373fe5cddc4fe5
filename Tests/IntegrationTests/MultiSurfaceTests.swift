import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// What weston 10 answers when our client takes part with more surfaces than its window: a popup
/// grabbed by touch, keyboard focus and activation, a drag-and-drop, move, a destroyed surface, a
/// subsurface's input region. Each asserts what the trace recorded.
@Suite(.serialized)
struct MultiSurfaceTests {
    /// The trigger button's centre in the main surface (``ClientParts/button`` is 0,0 160×160).
    static let button = (x: 50.0, y: 50.0)

    @Test("popup: a touch on the button opens it (configure); a touch in it lands in its surface; weston 10 dismisses it for no touch outside")
    func popupOpenedAndDismissedByTouch() throws {
        let weston = try MultiSurfaceWeston(shell: "desktop-shell.so")
        let client = try weston.launch(trace: "popup.jsonl", ["--window-size", "480x360", "--on-touch", "popup"])
        let main = try weston.view(of: client.pid, width: 480)
        let (mx, my) = (Double(main.x), Double(main.y))
        try weston.inject("down 0 \(mx + Self.button.x) \(my + Self.button.y); frame; up 0; frame")
        // The popup sits below-right of the button: 160,160 in the main surface, 200×120.
        try weston.inject("down 1 \(mx + 250) \(my + 200); frame; up 1; frame")
        try weston.inject("down 2 \(mx + 420) \(my + 320); frame; up 2; frame")
        let empty = try weston.pointOutside(client.pid)
        try weston.inject("down 3 \(empty.x) \(empty.y); frame; up 3; frame")
        let records = try weston.finish(client, trace: "popup.jsonl")

        let events = surfaceEvents(records)
        let configure = try #require(events.first { $0.kind == .popupConfigure }, "\(events)")
        #expect(configure.width == 200 && configure.height == 120)
        let popup = try #require(configure.surface)
        let touched = downs(records)
        try #require(touched.count == 3, "\(touched)")
        // Below-right of the button, in the popup's own coordinates.
        #expect(touched[1].surface == popup && touched[1].x == 90 && touched[1].y == 40, "\(touched)")
        // weston 10's touch popup grab only forwards touches: one on our window outside the popup
        // goes to the window, one on another client (desktop-shell's background) to that client,
        // and neither ends the grab (wlroots#933 is the same bug): no popup_done.
        #expect(touched[2].surface != popup && touched[2].x == 420 && touched[2].y == 320, "\(touched)")
        #expect(!events.contains { $0.kind == .popupDone }, "\(events)")
    }

    @Test("popup: asked for after the next touch already went down, the grab is refused with popup_done, and the popup is destroyed")
    func popupGrabOnAStaleSerial() throws {
        let weston = try MultiSurfaceWeston(shell: "kiosk-shell.so")
        let client = try weston.launch(trace: "stale.jsonl", ["--on-touch", "popup"])
        // Both taps reach weston before our client asks for the grab with the first one's serial:
        // held stopped, it cannot ask sooner, however the machine schedules it.
        try weston.whileStopped(client) {
            try weston.inject("down 0 50 50; frame; up 0; frame; down 1 600 600; frame; up 1; frame")
        }
        let records = try weston.finish(client, trace: "stale.jsonl")
        let events = surfaceEvents(records)
        let done = try #require(events.first { $0.kind == .popupDone }, "\(events.map(\.kind))")
        #expect(events.contains { $0.kind == .surfaceDestroyed && $0.surface == done.surface })
        #expect(downs(records).count == 2)
    }

    @Test("keyboard focus and activation go to a touched child window, and stay there when its parent is touched (weston desktop-shell)")
    func keyboardFocusFollowsTouch() throws {
        let weston = try MultiSurfaceWeston(shell: "desktop-shell.so")
        let client = try weston.launch(trace: "focus.jsonl", ["--window-size", "480x360", "--second-window", "320x240"])
        let main = try weston.view(of: client.pid, width: 480)
        let second = try weston.view(of: client.pid, width: 320)
        let mainPoint = try Self.uncovered(main, by: second, weston: weston, pid: client.pid)
        try weston.inject("down 0 \(Double(second.x) + 20) \(Double(second.y) + 20); frame; up 0; frame")
        try weston.inject("down 1 \(mainPoint.x) \(mainPoint.y); frame; up 1; frame")
        let records = try weston.finish(client, trace: "focus.jsonl")

        let touched = downs(records)
        try #require(touched.count == 2, "\(records.map(\.event.name))")
        let (secondName, mainName) = (try #require(touched[0].surface), try #require(touched[1].surface))
        #expect(secondName != mainName)
        let events = surfaceEvents(records)
        // Focus as it stands after each touch (weston moves it before it sends the down). weston's
        // desktop-shell keeps focus on a transient child when its parent is touched.
        let focus = stateAfterEachDown(records, .keyboardEnter)
        #expect(focus == [secondName, secondName], "\(events)")
        let active = stateAfterEachDown(records, .activated) { $0.active == true }
        #expect(active == [secondName, secondName], "\(events)")
    }

    @Test("two clients: keyboard focus follows the touch (activation does not come back), and each records only its own touches")
    func keyboardFocusFollowsTouchAcrossClients() throws {
        let weston = try MultiSurfaceWeston(shell: "desktop-shell.so")
        let first = try weston.launch(trace: "a.jsonl", ["--window-size", "400x300", "--app-id", "gesture-sandbox-a"])
        let second = try weston.launch(trace: "b.jsonl", ["--window-size", "400x300", "--app-id", "gesture-sandbox-b",
                                                          "--title", "second client", "--surface-prefix", "b/"])
        let a = try weston.view(of: first.pid, width: 400)
        let b = try weston.view(of: second.pid, width: 400)
        let pointA = try Self.uncovered(a, by: b, weston: weston, pid: first.pid)
        let pointB = (x: Double(b.x) + 200, y: Double(b.y) + 150)
        try weston.inject("down 0 \(pointA.x) \(pointA.y); frame; up 0; frame")
        try weston.inject("down 1 \(pointB.x) \(pointB.y); frame; up 1; frame")
        try weston.inject("down 2 \(pointA.x) \(pointA.y); frame; up 2; frame")
        let recordsA = try weston.finish(first, trace: "a.jsonl")
        let recordsB = try weston.finish(second, trace: "b.jsonl")

        #expect(downs(recordsA).count == 2 && downs(recordsB).count == 1)
        // B names its surfaces with its prefix, A as the compositor does: one merged stream tells them apart.
        #expect(downs(recordsB)[0].surface?.hasPrefix("b/wl_surface@") == true)
        #expect(surfaceEvents(recordsB).allSatisfy { $0.surface?.hasPrefix("b/") == true })
        #expect(downs(recordsA).allSatisfy { $0.surface?.hasPrefix("wl_surface@") == true })
        // A had focus, lost it at the touch on B, and got it back at the second touch on A.
        let kindsA = surfaceEvents(recordsA).filter { $0.kind == .keyboardEnter || $0.kind == .keyboardLeave }.map(\.kind)
        #expect(kindsA.suffix(2) == [.keyboardLeave, .keyboardEnter], "\(surfaceEvents(recordsA))")
        #expect(stateAfterEachDown(recordsB, .keyboardEnter) == [downs(recordsB)[0].surface], "\(surfaceEvents(recordsB))")
        // A lost activation when B mapped. Seen in every run here: the touches that move keyboard
        // focus back to A (or to B) bring no activated configure with them.
        let activeA = surfaceEvents(recordsA).filter { $0.kind == .activated }.compactMap(\.active)
        #expect(activeA == [false, true, false], "\(surfaceEvents(recordsA))")
    }

    @Test("drag-and-drop by touch from the window to the second window: enter, motion and drop at the target, finished at the source")
    func dragAndDropByTouch() throws {
        let weston = try MultiSurfaceWeston(shell: "desktop-shell.so")
        let client = try weston.launch(trace: "dnd.jsonl", ["--window-size", "480x360", "--second-window", "320x240",
                                                             "--on-touch", "drag"])
        let main = try weston.view(of: client.pid, width: 480)
        let second = try weston.view(of: client.pid, width: 320)
        let start = (x: Double(main.x) + Self.button.x, y: Double(main.y) + Self.button.y)
        let end = (x: Double(second.x) + 160, y: Double(second.y) + 120)
        try weston.inject(dragScript(from: start, to: end, steps: 8))
        let records = try weston.finish(client, trace: "dnd.jsonl")

        let events = surfaceEvents(records)
        let secondName = try #require(events.first { $0.kind == .activated && $0.surface != downs(records).first?.surface }?.surface)
        let atTarget = events.filter { $0.surface == secondName && $0.kind.rawValue.hasPrefix("dnd-") }.map(\.kind)
        #expect(atTarget.first == .dndEnter, "\(events)")
        #expect(atTarget.contains(.dndMotion), "\(events)")
        #expect(atTarget.last == .dndDrop || atTarget.suffix(2) == [.dndDrop, .dndLeave], "\(events)")
        let source = events.filter { [.dndTarget, .dndAction, .dndDropPerformed, .dndFinished, .dndCancelled].contains($0.kind) }
        #expect(source.contains { $0.kind == .dndTarget && $0.mime == "text/plain;charset=utf-8" }, "\(source)")
        // weston 10 ends a touch drag without wl_data_source.dnd_drop_performed (its pointer drags
        // send it); dnd_finished follows our target's finish.
        #expect(source.last?.kind == .dndFinished, "\(source)")
        #expect(!source.contains { $0.kind == .dndDropPerformed || $0.kind == .dndCancelled }, "\(source)")
        // Once the drag runs, weston sends the finger that started it nothing more: no up, no cancel.
        let dragStart = try #require(records.firstIndex { $0.event.surfaceEvent?.kind == .dndEnter })
        #expect(!records[dragStart...].contains { $0.event.touchID == 0 || $0.event == .cancel },
                "\(records[dragStart...].map(\.event.name))")
    }

    @Test("a drag dropped on another client that accepts nothing: the source is cancelled")
    func dragDroppedWhereNothingAccepts() throws {
        let weston = try MultiSurfaceWeston(shell: "desktop-shell.so")
        let client = try weston.launch(trace: "cancel.jsonl", ["--window-size", "480x360", "--on-touch", "drag"])
        let main = try weston.view(of: client.pid, width: 480)
        let start = (x: Double(main.x) + Self.button.x, y: Double(main.y) + Self.button.y)
        let end = try weston.pointOutside(client.pid)
        try weston.inject(dragScript(from: start, to: end, steps: 8))
        let records = try weston.finish(client, trace: "cancel.jsonl")
        let kinds = surfaceEvents(records).map(\.kind)
        // desktop-shell's background (weston-desktop-shell) takes no drop: the source is cancelled.
        let dnd = kinds.filter { $0.rawValue.hasPrefix("dnd-") }
        #expect(dnd.first == .dndEnter && dnd.last == .dndCancelled, "\(kinds)")
        #expect(!kinds.contains(.dndFinished) && !kinds.contains(.dndDropPerformed), "\(kinds)")
    }

    @Test("move by touch: the window follows the finger, and a tap finds it at its new place")
    func moveByTouch() throws {
        let weston = try MultiSurfaceWeston(shell: "desktop-shell.so")
        let client = try weston.launch(trace: "move.jsonl", ["--window-size", "480x360", "--on-touch", "move"])
        let before = try weston.view(of: client.pid, width: 480)
        let start = (x: Double(before.x) + Self.button.x, y: Double(before.y) + Self.button.y)
        let delta = (x: before.x > 600 ? -200.0 : 200.0, y: before.y > 300 ? -100.0 : 100.0)
        try weston.inject(dragScript(from: start, to: (start.x + delta.x, start.y + delta.y), steps: 10))
        let after = try weston.view(of: client.pid, width: 480)
        // The move starts when weston gets our request, after the down (and, at times, after the first
        // motion step, which is then not part of it): the window moves by the finger's distance from there.
        let moved = (x: Double(after.x - before.x), y: Double(after.y - before.y))
        #expect(moved.x / delta.x >= 0.8 && moved.x / delta.x <= 1 && moved.y / delta.y >= 0.8 && moved.y / delta.y <= 1,
                "\(before) → \(after)")
        try weston.inject("down 1 \(Double(after.x) + 300) \(Double(after.y) + 200); frame; up 1; frame")
        let records = try weston.finish(client, trace: "move.jsonl")
        let touched = downs(records)
        try #require(touched.count == 2, "\(records.map(\.event.name))")
        #expect(touched[1].x == 300 && touched[1].y == 200, "\(touched)")
    }

    @Test("resize by touch: weston 10's desktop-shell ignores xdg_toplevel.resize on a touch serial (move works)")
    func resizeByTouch() throws {
        let weston = try MultiSurfaceWeston(shell: "desktop-shell.so")
        let client = try weston.launch(trace: "resize.jsonl", ["--window-size", "480x360", "--on-touch", "resize"])
        let before = try weston.view(of: client.pid, width: 480)
        let start = (x: Double(before.x) + Self.button.x, y: Double(before.y) + Self.button.y)
        try weston.inject(dragScript(from: start, to: (start.x + 120, start.y + 80), steps: 10))
        let sizes = try weston.views(of: client.pid).map { "\($0.width)x\($0.height)" }
        let records = try weston.finish(client, trace: "resize.jsonl")
        #expect(records.contains { $0.event.name == "down" })
        // The content keeps its size: desktop-shell starts a resize only for a pointer button's serial.
        #expect(sizes.contains("480x360") && !sizes.contains("600x440"), "\(sizes)")
    }

    @Test("a second window destroyed under a finger: what arrives for that finger and for the next touches")
    func surfaceDestroyedWithAFingerDown() throws {
        let weston = try MultiSurfaceWeston(shell: "kiosk-shell.so")
        let client = try weston.launch(trace: "destroy.jsonl", ["--second-window", "320x240", "--on-touch", "destroy-window"])
        // kiosk-shell centres the child window over its parent.
        let second = try #require(try weston.views(of: client.pid).first { $0.x != 0 || $0.y != 0 })
        let (sx, sy) = (Double(second.x) + 100, Double(second.y) + 100)
        try weston.inject("down 0 \(sx) \(sy); frame; sleep 50; motion 0 \(sx + 10) \(sy); frame; sleep 50; up 0; frame")
        try weston.inject("down 1 \(sx) \(sy); frame; up 1; frame")
        let records = try weston.finish(client, trace: "destroy.jsonl")

        let names = records.map { $0.event.surfaceEvent.map { "\($0.kind.rawValue)" } ?? $0.event.name }
        let destroyedAt = try #require(records.firstIndex { $0.event.surfaceEvent?.kind == .surfaceDestroyed }, "\(names)")
        let destroyed = records[destroyedAt].event.surfaceEvent?.surface
        let firstDown = try #require(records.firstIndex { $0.event.name == "down" })
        #expect(firstDown < destroyedAt)
        if case .down(_, _, let surface, _, _, _) = records[firstDown].event { #expect(surface == destroyed) }
        // weston 10: the finger on the destroyed surface gets nothing more (its motion and up are
        // dropped with the focus); the next touch goes to the window beneath, with keyboard focus.
        let afterwards = records[(destroyedAt + 1)...].map(\.event)
        #expect(!afterwards.contains { if case .motion(_, 0, _, _) = $0 { true } else { false } }, "\(names)")
        #expect(!afterwards.contains { if case .up(_, _, 0) = $0 { true } else { false } }, "\(names)")
        let later = downs(Array(records[(destroyedAt + 1)...]))
        #expect(later.count == 1 && later[0].surface != destroyed, "\(names)")
    }

    @Test("a subsurface's input region: a touch on its left half lands in it (local coordinates), one on its right half in the window")
    func subsurfaceInputRegion() throws {
        let weston = try MultiSurfaceWeston(shell: "kiosk-shell.so")
        let client = try weston.launch(trace: "sub.jsonl", ["--subsurface"])
        let main = try weston.view(of: client.pid, width: Int32(MultiSurfaceWeston.width))
        let (ox, oy) = (Double(main.x), Double(main.y))
        try weston.inject("down 0 \(ox + 420) \(oy + 60); frame; motion 0 \(ox + 430) \(oy + 70); frame; up 0; frame")
        try weston.inject("down 1 \(ox + 600) \(oy + 60); frame; up 1; frame")
        let records = try weston.finish(client, trace: "sub.jsonl")
        let touched = downs(records)
        try #require(touched.count == 2, "\(records.map(\.event.name))")
        #expect(touched[0].x == 20 && touched[0].y == 20, "\(touched)")
        #expect(touched[1].x == 600 && touched[1].y == 60, "\(touched)")
        #expect(touched[0].surface != touched[1].surface)
        #expect(records.contains { if case .motion(_, 0, let x, let y) = $0.event { x == WLFixed(30) && y == WLFixed(30) } else { false } })
    }

    @Test("a subsurface destroyed under a finger: the finger's later events and the next tap on its place")
    func subsurfaceDestroyedWithAFingerDown() throws {
        let weston = try MultiSurfaceWeston(shell: "kiosk-shell.so")
        let client = try weston.launch(trace: "subdestroy.jsonl", ["--subsurface", "--on-touch", "destroy-subsurface"])
        try weston.inject("down 0 420 60; frame; sleep 50; motion 0 430 70; frame; sleep 50; up 0; frame")
        try weston.inject("down 1 420 60; frame; up 1; frame")
        let records = try weston.finish(client, trace: "subdestroy.jsonl")
        let names = records.map { $0.event.surfaceEvent?.kind.rawValue ?? $0.event.name }
        let touched = downs(records)
        try #require(touched.count == 2, "\(names)")
        let destroyedAt = try #require(records.firstIndex { $0.event.surfaceEvent?.kind == .surfaceDestroyed }, "\(names)")
        #expect(records[destroyedAt].event.surfaceEvent?.surface == touched[0].surface)
        #expect(touched[0].x == 20 && touched[0].y == 20)
        // The next tap on the same place lands in the window, in the window's coordinates.
        #expect(touched[1].surface != touched[0].surface && touched[1].x == 420 && touched[1].y == 60, "\(touched)")
        let between = records[destroyedAt...].prefix { $0.event.name != "down" || $0.event.touchID != 1 }.map(\.event.name)
        #expect(between.filter { $0 == "motion" || $0 == "up" }.isEmpty, "\(names)")
    }

    @Test("the options are checked before any window appears: one line, non-zero exit")
    func badOptionsAreOneLine() throws {
        for (arguments, message) in [
            (["--on-touch", "fling"], "--on-touch must be one of popup, drag, move, resize, destroy-subsurface, destroy-window, layer-popup, maximize, fullscreen, found 'fling'"),
            (["--unlock-taps", "3"], "--unlock-taps needs --session-lock MS"),
            (["--window-size", "0x20"], "--window-size needs WIDTHxHEIGHT in logical pixels (1 to 16384), found '0x20'"),
            (["--on-touch", "destroy-window"], "--on-touch destroy-window needs --second-window WxH"),
            (["--on-touch", "layer-popup"], "--on-touch layer-popup needs --layer-surface LAYER"),
            (["--layer-size", "10x10"], "--layer-size needs --layer-surface LAYER"),
            (["--layer-surface", "ceiling"], "--layer-surface must be one of background, bottom, top, overlay, found 'ceiling'"),
        ] {
            let result = try sandbox(["run", "--display", "no-such-display"] + arguments)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    /// A point of `main` that `second` does not cover (and that picks `main`).
    static func uncovered(_ main: PickResult, by second: PickResult, weston: MultiSurfaceWeston,
                          pid: Int32) throws -> (x: Double, y: Double) {
        for (dx, dy) in [(20, 20), (460, 20), (20, 340), (460, 340), (240, 180)] {
            let point = (x: Double(main.x) + Double(dx), y: Double(main.y) + Double(dy))
            if let view = try weston.harness.pick(x: point.x, y: point.y), view == main { return point }
        }
        throw HarnessError("the second window covers the main one: \(main), \(second)")
    }
}
