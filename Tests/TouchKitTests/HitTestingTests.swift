import Testing
import TouchKit

/// A superview that keeps every touch inside it for itself (a hitTest override).
private final class SwallowingView: View {
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        super.hitTest(point, with: event) == nil ? nil : self
    }
}

/// A round button: only points within its inscribed circle are inside.
private final class RoundView: View {
    override func point(inside point: Point, with event: Event?) -> Bool {
        let dx = point.x - bounds.midX, dy = point.y - bounds.midY
        return dx * dx + dy * dy <= (bounds.width / 2) * (bounds.width / 2)
    }
}

@Suite struct HitTestingTests {
    @Test func frontMostSubviewWins() {
        let rig = Rig()
        rig.addView("back", rect(0, 0, 100, 100))
        rig.addView("front", rect(50, 50, 100, 100))
        rig.send(at: 0, down(0, 75, 75))
        #expect(rig.takeLog().first == "front touchesBegan 0@(25,25)")
        rig.send(at: 0.01, down(1, 25, 25))
        #expect(rig.takeLog().first == "back touchesBegan 1@(25,25)")
    }

    @Test func deepestViewWinsAndWindowTakesEmptySpace() {
        let rig = Rig()
        let outer = rig.addView("outer", rect(10, 10, 200, 200))
        rig.addView("inner", rect(20, 20, 50, 50), to: outer)
        rig.send(at: 0, down(0, 40, 40), down(1, 200, 200), down(2, 300, 400))
        #expect(rig.takeLog() == [
            "inner touchesBegan 0@(10,10)", "outer touchesBegan 0@(30,30)",
            "window touchesBegan 0@(40,40)", "app touchesBegan 0@(40,40)",
            "outer touchesBegan 1@(190,190)", "window touchesBegan 1@(200,200)", "app touchesBegan 1@(200,200)",
            "window touchesBegan 2@(300,400)", "app touchesBegan 2@(300,400)",
        ])
    }

    @Test func hiddenTransparentAndDisabledViewsAreSkipped() {
        let rig = Rig()
        rig.addView("under", rect(0, 0, 300, 100)).isMultipleTouchEnabled = true
        rig.addView("hidden", rect(0, 0, 100, 100)).isHidden = true
        rig.addView("faint", rect(100, 0, 100, 100)).alpha = 0.005
        rig.addView("disabled", rect(200, 0, 100, 100)).isUserInteractionEnabled = false
        let visible = rig.addView("visible", rect(0, 200, 100, 100))
        visible.alpha = 0.01
        rig.send(at: 0, down(0, 50, 50), down(1, 150, 50), down(2, 250, 50), down(3, 50, 250))
        // "under" gets the three touches the skipped views let through in one call; alpha 0.01 is still hit.
        #expect(rig.takeLog() == [
            "under touchesBegan 0@(50,50) 1@(150,50) 2@(250,50)",
            "window touchesBegan 0@(50,50) 1@(150,50) 2@(250,50)",
            "app touchesBegan 0@(50,50) 1@(150,50) 2@(250,50)",
            "visible touchesBegan 3@(50,50)", "window touchesBegan 3@(50,250)", "app touchesBegan 3@(50,250)",
        ])
    }

    @Test func superviewHitTestOverrideSwallowsSubviewTouches() {
        let rig = Rig()
        let swallower = SwallowingView(frame: rect(0, 0, 200, 200), name: "swallower")
        rig.window.addSubview(swallower)
        rig.addView("child", rect(50, 50, 50, 50), to: swallower)
        rig.send(at: 0, down(0, 60, 70))
        #expect(rig.takeLog() == ["swallower touchesBegan 0@(60,70)", "window touchesBegan 0@(60,70)",
                                  "app touchesBegan 0@(60,70)"])
    }

    @Test func pointInsideOverrideShapesTheHitArea() {
        let rig = Rig()
        rig.window.addSubview(RoundView(frame: rect(0, 0, 100, 100), name: "round"))
        #expect(rig.window.hitTest(Point(x: 50, y: 50), with: nil)?.name == "round")
        #expect(rig.window.hitTest(Point(x: 5, y: 5), with: nil)?.name == "window")
    }

    @Test func touchesOutsideEveryViewStillReachTheWindowOnlyInside() {
        let rig = Rig()
        #expect(rig.window.hitTest(Point(x: 320, y: 10), with: nil) == nil)
        rig.send(at: 0, down(0, 330, 10))
        #expect(rig.takeLog() == ["withheld 0 - noHitView"])
        #expect(rig.app.activeTouches.map(\.id) == [0])
    }
}
