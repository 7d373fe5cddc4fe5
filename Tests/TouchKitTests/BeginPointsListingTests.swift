import Testing
import TouchKit

/// Seed listings 3-4 and 3-5: store each touch's begin point (in the superview) at began,
/// keyed by the touch object, and read it back at ended.
private final class BeginPointsView: View {
    var beginPoints: [Touch: Point] = [:]
    var strokes: [(id: Int32, from: Point, to: Point)] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { beginPoints[touch] = touch.location(in: superview) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for touch in touches.sorted(by: { $0.id < $1.id }) {
            guard let start = beginPoints.removeValue(forKey: touch) else { continue }
            strokes.append((touch.id, start, touch.location(in: superview)))
        }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { beginPoints[touch] = nil }
    }
}

@Suite struct BeginPointsListingTests {
    @Test func eachTouchFindsItsOwnBeginPoint() {
        let rig = Rig()
        let container = rig.addView("container", rect(10, 10, 300, 400))
        let view = BeginPointsView(frame: rect(0, 0, 300, 300), name: "points")
        view.isMultipleTouchEnabled = true
        container.addSubview(view)
        rig.send(at: 0, down(0, 20, 20), down(1, 110, 110))
        rig.send(at: 0.016, down(2, 210, 210), move(0, 40, 20))
        rig.send(at: 0.032, up(1, 115, 140), up(2, 200, 250))
        rig.send(at: 0.048, up(0, 60, 30))
        #expect(view.strokes.map(\.id) == [1, 2, 0])
        #expect(view.strokes.map(\.from) == [Point(x: 100, y: 100), Point(x: 200, y: 200), Point(x: 10, y: 10)])
        #expect(view.strokes.map(\.to) == [Point(x: 105, y: 130), Point(x: 190, y: 240), Point(x: 50, y: 20)])
        #expect(view.beginPoints.isEmpty)
    }

    @Test func aReusedIdIsANewTouchWithItsOwnBeginPoint() {
        let rig = Rig()
        let view = BeginPointsView(frame: rect(0, 0, 300, 300), name: "points")
        rig.window.addSubview(view)
        rig.send(at: 0, down(5, 20, 20))
        rig.send(at: 0.016, up(5, 30, 30))
        rig.send(at: 0.032, down(5, 100, 100))
        rig.send(at: 0.048, up(5, 120, 100))
        #expect(view.strokes.map(\.from) == [Point(x: 20, y: 20), Point(x: 100, y: 100)])
        #expect(view.strokes.map(\.to) == [Point(x: 30, y: 30), Point(x: 120, y: 100)])
    }
}
