import Testing
import TouchKit

/// Seed listing 3-2, "Tracking a swipe gesture in a view": a horizontal move of at least
/// 12 points with at most 4 points of vertical drift is a swipe (the seed's rule, not a profile's).
private final class SwipeView: View {
    /// Horizontal distance from the start that makes a swipe (points, listing 3-2).
    static let minimumHorizontalDrag = 12.0
    /// Vertical drift a swipe tolerates (points, listing 3-2).
    static let maximumVerticalDrift = 4.0

    var start: Point?
    var swipes: [String] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        start = touches.first?.location(in: self)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let start, let current = touches.first?.location(in: self) else { return }
        if abs(current.x - start.x) >= Self.minimumHorizontalDrag,
           abs(current.y - start.y) <= Self.maximumVerticalDrift {
            swipes.append(current.x > start.x ? "right" : "left")
            self.start = nil   // one swipe per stroke
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { start = nil }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { start = nil }
}

@Suite struct SwipeListingTests {
    private func swipes(_ moves: [(Double, Double)]) -> [String] {
        let rig = Rig()
        let view = SwipeView(frame: rect(0, 0, 300, 300), name: "swipe")
        rig.window.addSubview(view)
        rig.send(at: 0, down(0, 150, 150))
        for (index, point) in moves.enumerated() {
            rig.send(at: Double(index + 1) * 0.016, move(0, point.0, point.1))
        }
        rig.send(at: 1, up(0, moves.last?.0 ?? 150, moves.last?.1 ?? 150))
        return view.swipes
    }

    @Test func aFlatRightwardStrokeIsOneRightSwipe() {
        #expect(swipes([(155, 151), (162, 152), (170, 153), (190, 153)]) == ["right"])
    }

    @Test func aFlatLeftwardStrokeIsALeftSwipe() {
        #expect(swipes([(144, 150), (138, 146)]) == ["left"])
    }

    @Test func elevenPointsOrFivePointsOfDriftIsNoSwipe() {
        #expect(swipes([(161, 150)]).isEmpty)
        #expect(swipes([(170, 155), (180, 155)]).isEmpty)
    }
}
