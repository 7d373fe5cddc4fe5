import Testing
import TouchKit

@Suite struct MultiWindowTests {
    @Test func theFrontWindowIsHitFirstAndLocationsAreInEachWindowsSpace() throws {
        let rig = Rig()
        let overlay = Window(frame: rect(100, 100, 100, 100), name: "overlay")
        rig.app.addWindow(overlay)
        rig.send(at: 0, down(0, 150, 150), down(1, 50, 50))
        let touches = rig.app.activeTouches
        #expect(touches.map { $0.window?.name } == ["overlay", "window"])
        #expect(touches.map { $0.location(in: nil) } == [Point(x: 50, y: 50), Point(x: 50, y: 50)])
        #expect(touches[0].location(in: rig.window) == Point(x: 150, y: 150))
        #expect(rig.takeLog() == ["window touchesBegan 1@(50,50)", "app touchesBegan 1@(50,50)",
                                  "overlay touchesBegan 0@(50,50)", "app touchesBegan 0@(50,50)"])
    }

    @Test func touchesForAWindowAreTheOnesThatBeganInIt() throws {
        final class Probe: Window {
            var perWindow: [Int32] = []
            var perView: [Int32] = []
            override func sendEvent(_ event: Event) {
                perWindow = event.touches(for: self).map(\.id).sorted()
                perView = event.touches(for: self as View).map(\.id).sorted()
                super.sendEvent(event)
            }
        }
        let probe = Probe(frame: rect(0, 0, 320, 480), name: "probe")
        let rig = Rig(window: probe)
        rig.addView("button", rect(0, 0, 50, 50))
        rig.send(at: 0, down(0, 10, 10), down(1, 100, 100))
        #expect(probe.perWindow == [0, 1])
        #expect(probe.perView == [1])
    }

    @Test func aHiddenFrontWindowLetsTouchesThrough() {
        let rig = Rig()
        let overlay = Window(frame: rect(0, 0, 320, 480), name: "overlay")
        overlay.isHidden = true
        rig.app.addWindow(overlay)
        rig.send(at: 0, down(0, 10, 10))
        #expect(rig.app.activeTouches.first?.window === rig.window)
        rig.app.removeWindow(overlay)
        #expect(rig.app.windows.map(\.name) == ["window"])
        #expect(overlay.next == nil)
    }
}
