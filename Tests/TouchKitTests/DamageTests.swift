import Testing
import TouchKit

@Suite struct DamageTests {
    /// A window with a parent (10,10 50×50) holding a child that sticks out (40,40 30×30 in the parent).
    private func scene() -> (Window, View, View) {
        let window = Window(frame: rect(0, 0, 320, 480), name: "window")
        let parent = View(frame: rect(10, 10, 50, 50), name: "parent")
        let child = View(frame: rect(40, 40, 30, 30), name: "child")
        parent.addSubview(child)
        window.addSubview(parent)
        _ = window.takeDamage()
        return (window, parent, child)
    }

    @Test func movingAViewDamagesOldAndNewBoxesOfItsSubtree() {
        let (window, parent, _) = scene()
        #expect(!window.needsDisplay)
        parent.center = Point(x: 135, y: 135)
        #expect(window.needsDisplay)
        #expect(window.takeDamage() == [rect(10, 10, 70, 70), rect(110, 110, 70, 70)])
        #expect(!window.needsDisplay && window.takeDamage().isEmpty)
    }

    @Test func settingTheFrameDamagesOnlyTheEndStates() {
        let (window, parent, _) = scene()
        parent.frame = rect(200, 10, 20, 20)
        // The child still sticks out: 200+40 ... 200+70.
        #expect(window.takeDamage() == [rect(10, 10, 70, 70), rect(200, 10, 70, 70)])
    }

    @Test func appearanceChangesDamageTheViewAlone() {
        let (window, parent, child) = scene()
        parent.backgroundColor = Color(rgb: 0xff0000)
        parent.cornerRadius = 8
        child.borderWidth = 2
        child.borderColor = .white
        #expect(window.takeDamage() == [rect(10, 10, 50, 50), rect(50, 50, 30, 30)])
        parent.backgroundColor = Color(rgb: 0xff0000)   // unchanged: no damage
        #expect(window.takeDamage().isEmpty)
    }

    @Test func hidingFadingAddingAndRemovingDamageTheSubtree() {
        let (window, parent, child) = scene()
        parent.isHidden = true
        #expect(window.takeDamage() == [rect(10, 10, 70, 70)])
        parent.isHidden = false
        parent.alpha = 0.5
        child.removeFromSuperview()
        #expect(window.takeDamage() == [rect(10, 10, 70, 70)])   // the child's box lies inside it
        window.addSubview(child)
        #expect(window.takeDamage() == [rect(40, 40, 30, 30)])
    }

    @Test func reorderingDamagesTheMovedSubtree() {
        let (window, parent, _) = scene()
        let other = View(frame: rect(100, 100, 10, 10), name: "other")
        window.addSubview(other)
        _ = window.takeDamage()
        window.sendSubviewToBack(other)
        #expect(window.takeDamage() == [rect(100, 100, 10, 10)])
        window.bringSubviewToFront(parent)   // already in front: nothing changes
        #expect(window.takeDamage().isEmpty)
        #expect(window.subviews.map(\.name) == ["other", "parent"])
    }

    @Test func rotationDamagesTheRotatedBox() {
        let (window, parent, child) = scene()
        child.removeFromSuperview()
        _ = window.takeDamage()
        parent.transform = AffineTransform(rotationAngle: .pi / 4)
        let damage = window.takeDamage()
        let half = 50 * 2.0.squareRoot() / 2
        #expect(damage.count == 1)   // the rotated box encloses the old one
        #expect(damage.map { num($0.minX) } == [num(35 - half)])
        #expect(damage.map { num($0.width) } == [num(2 * half)])
    }

    @Test func viewsOutsideAWindowRecordNothing() {
        let loose = View(frame: rect(0, 0, 10, 10), name: "loose")
        loose.center = Point(x: 50, y: 50)
        loose.backgroundColor = .black
        let window = Window(frame: rect(0, 0, 100, 100), name: "window")
        window.addSubview(loose)
        // Only the insertion counts: the earlier changes happened outside any window.
        #expect(window.takeDamage() == [rect(45, 45, 10, 10)])
    }

    @Test func paintOrderWalksVisibleViewsBackToFrontWithTransformsAndAlpha() {
        let (window, parent, child) = scene()
        let hidden = View(frame: rect(0, 0, 5, 5), name: "hidden")
        hidden.isHidden = true
        window.addSubview(hidden)
        window.alpha = 0.8
        parent.alpha = 0.5
        let faded = View(frame: rect(0, 0, 5, 5), name: "faded")
        faded.alpha = 0
        parent.addSubview(faded)
        let order = window.paintOrder()
        #expect(order.map(\.view.name) == ["window", "parent", "child"])
        #expect(order.map(\.alpha) == [0.8, 0.4, 0.4])
        #expect(order.map { $0.transform.apply(to: .zero) } == [.zero, Point(x: 10, y: 10), Point(x: 50, y: 50)])
        #expect(child.paintOrder().map(\.alpha) == [0.4])
        parent.isHidden = true
        #expect(child.paintOrder().isEmpty)
    }
}
