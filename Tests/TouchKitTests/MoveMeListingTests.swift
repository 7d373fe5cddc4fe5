import Testing
import TouchKit

/// Seed listing 3-6 (MoveMe): the placard does not handle touches, so they reach its
/// container by forwarding; the container checks `touch.view` and drags the placard,
/// growing it while held and putting it back in the middle when released or cancelled.
private final class MoveMeView: View {
    /// How much the placard grows while held (MoveMe's "pulse").
    static let heldScale = 1.2
    let placard: View

    init(frame: Rect, placard: View) {
        self.placard = placard
        super.init(frame: frame, name: "moveMe")
        addSubview(placard)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first, touch.view === placard else { return }
        placard.transform = AffineTransform(scaleX: Self.heldScale, y: Self.heldScale)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first, touch.view === placard else { return }
        placard.center = touch.location(in: self)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first, touch.view === placard else { return }
        settle()
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { settle() }

    private func settle() {
        placard.center = Point(x: bounds.midX, y: bounds.midY)
        placard.transform = .identity
    }
}

@Suite struct MoveMeListingTests {
    private func rig() -> (Rig, MoveMeView, View) {
        let rig = Rig()
        let placard = View(frame: rect(110, 215, 100, 50), name: "placard")
        let moveMe = MoveMeView(frame: rect(0, 0, 320, 480), placard: placard)
        rig.window.addSubview(moveMe)
        _ = rig.window.takeDamage()
        return (rig, moveMe, placard)
    }

    @Test func draggingThePlacardMovesItAndReleasingRecentresIt() {
        let (rig, _, placard) = rig()
        rig.send(at: 0, down(0, 150, 240))
        #expect(placard.transform == AffineTransform(scaleX: 1.2, y: 1.2))
        #expect(rig.window.takeDamage() == [rect(100, 210, 120, 60)])
        rig.send(at: 0.016, move(0, 100, 100))
        #expect(placard.center == Point(x: 100, y: 100))
        #expect(placard.frame == rect(40, 70, 120, 60))
        rig.send(at: 0.032, up(0, 100, 100))
        #expect(placard.center == Point(x: 160, y: 240) && placard.transform == .identity)
        #expect(rig.takeLog().filter { !$0.hasPrefix("window") && !$0.hasPrefix("app") } == [
            "placard touchesBegan 0@(40,25)", "moveMe touchesBegan 0@(150,240)",
            "placard touchesMoved 0@(0,-91.666666667)", "moveMe touchesMoved 0@(100,100)",
            "placard touchesEnded 0@(50,25)", "moveMe touchesEnded 0@(100,100)",
        ])
    }

    @Test func touchesOutsideThePlacardLeaveItAlone() {
        let (rig, _, placard) = rig()
        rig.send(at: 0, down(0, 10, 10))
        rig.send(at: 0.016, move(0, 150, 240))
        #expect(placard.center == Point(x: 160, y: 240))
        #expect(placard.transform == .identity)
    }

    @Test func aCancelPutsThePlacardBack() {
        let (rig, _, placard) = rig()
        rig.send(at: 0, down(0, 150, 240))
        rig.send(at: 0.016, move(0, 30, 30))
        rig.send(at: 0.032, cancel(0, 30, 30))
        #expect(placard.center == Point(x: 160, y: 240) && placard.transform == .identity)
    }
}
