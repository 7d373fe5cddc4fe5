import Testing
import TouchKit

@Suite struct TransformTests {
    @Test func aRotatedViewIsHitAndGetsLocationsInItsOwnSpace() throws {
        let rig = Rig()
        // 100×50 centred at (150, 125), turned a quarter: it now spans x 125...175, y 75...175.
        let view = rig.addView("turned", rect(100, 100, 100, 50))
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        #expect(rig.window.hitTest(Point(x: 150, y: 165), with: nil) === view)
        #expect(rig.window.hitTest(Point(x: 190, y: 125), with: nil) === rig.window)
        rig.send(at: 0, down(0, 150, 165))
        rig.send(at: 0.016, move(0, 140, 165))
        #expect(rig.takeLog().filter { $0.hasPrefix("turned") } == [
            "turned touchesBegan 0@(90,25)", "turned touchesMoved 0@(90,35)",
        ])
        let touch = try #require(rig.app.activeTouches.first)
        #expect(num(touch.previousLocation(in: view).y) == "25")
    }

    @Test func aScaledSubviewOfAScaledViewComposesBothScales() {
        let rig = Rig()
        let outer = rig.addView("outer", rect(0, 200, 100, 100))
        outer.transform = AffineTransform(scaleX: 2, y: 2)           // spans -50...150, 150...350
        let inner = rig.addView("inner", rect(50, 50, 40, 40), to: outer)
        inner.transform = AffineTransform(scaleX: 0.5, y: 0.5)      // 20×20 at 60...80 in outer
        #expect(outer.frame == rect(-50, 150, 200, 200))
        #expect(inner.frame == rect(60, 60, 20, 20))
        rig.send(at: 0, down(0, 140, 340))   // outer (95, 95)
        rig.send(at: 0.016, down(1, 90, 290)) // outer (70, 70): the centre of inner, (20, 20)
        #expect(rig.takeLog().filter { $0.hasPrefix("outer") || $0.hasPrefix("inner") } == [
            "outer touchesBegan 0@(95,95)",
            "inner touchesBegan 1@(20,20)", "outer touchesBegan 1@(70,70)",
        ])
    }

    @Test func convertRoundTripsBetweenTransformedViews() {
        let rig = Rig()
        let a = rig.addView("a", rect(30, 40, 80, 60))
        a.transform = AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(scaleX: 1.5, y: 0.75))
        let b = rig.addView("b", rect(10, 10, 30, 30), to: a)
        b.bounds.origin = Point(x: 5, y: -5)
        let p = Point(x: 12.5, y: 7.25)
        let there = b.convert(p, to: rig.window)
        let back = b.convert(there, from: nil)
        #expect(num(back.x) == num(p.x) && num(back.y) == num(p.y))
        #expect(there == b.convert(p, to: nil))
    }

    @Test func boundsOriginShiftsSubviewContent() {
        let rig = Rig()
        let scroller = rig.addView("scroller", rect(0, 0, 200, 200))
        scroller.bounds.origin = Point(x: 0, y: 100)   // scrolled down by 100
        rig.addView("row", rect(0, 150, 200, 40), to: scroller)
        #expect(rig.window.hitTest(Point(x: 10, y: 60), with: nil)?.name == "row")
        #expect(rig.window.hitTest(Point(x: 10, y: 160), with: nil)?.name == "scroller")
    }
}
