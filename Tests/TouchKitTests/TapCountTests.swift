import Testing
import TouchKit

@Suite struct TapCountTests {
    /// Taps at the given (down time, x, y), each 50 ms long; returns each touch's tapCount.
    private func tapCounts(_ profile: ThresholdProfile, _ taps: [(t: Double, x: Double, y: Double)]) -> [Int] {
        let rig = Rig(profile: profile)
        var counts: [Int] = []
        for tap in taps {
            rig.send(at: tap.t, down(0, tap.x, tap.y))
            counts.append(rig.app.activeTouches.first?.tapCount ?? 0)
            rig.send(at: tap.t + 0.05, up(0, tap.x, tap.y))
        }
        return counts
    }

    @Test func quickTapsInPlaceCountOneTwoThree() {
        #expect(tapCounts(.uikit, [(1.0, 100, 100), (1.2, 100, 100), (1.4, 102, 101)]) == [1, 2, 3])
    }

    @Test func theCountRestartsAfterTheInterval() {
        // Up at 1.05; next down 370 ms later: past UIKit's 350 ms, within Qt's 400 ms.
        let taps: [(t: Double, x: Double, y: Double)] = [(1.0, 100, 100), (1.42, 100, 100), (1.6, 100, 100)]
        #expect(tapCounts(.uikit, taps) == [1, 1, 2])
        #expect(tapCounts(.qt, taps) == [1, 2, 3])
    }

    @Test func theCountRestartsBeyondTheDistance() {
        // 20 points apart: within UIKit's 45 (our choice), beyond Qt's 5.
        let taps: [(t: Double, x: Double, y: Double)] = [(1.0, 100, 100), (1.2, 120, 100), (1.4, 120, 100)]
        #expect(tapCounts(.uikit, taps) == [1, 2, 3])
        #expect(tapCounts(.qt, taps) == [1, 1, 2])
    }

    @Test func theBoundariesAreInclusive() {
        // Exactly 350 ms and exactly 45 points after the up still count under UIKit.
        #expect(tapCounts(.uikit, [(1.0, 100, 100), (1.4, 145, 100)]) == [1, 2])
        #expect(tapCounts(.uikit, [(1.0, 100, 100), (1.4, 145.5, 100)]) == [1, 1])
    }

    @Test func aCancelledTouchIsNotATap() {
        let rig = Rig()
        rig.send(at: 1.0, down(0, 100, 100))
        rig.send(at: 1.05, cancel(0, 100, 100))
        rig.send(at: 1.2, down(0, 100, 100))
        #expect(rig.app.activeTouches.first?.tapCount == 1)
    }

    @Test func theProfileCanBeSwitchedAtRunTime() {
        let rig = Rig(profile: .uikit)
        rig.send(at: 1.0, down(0, 100, 100))
        rig.send(at: 1.05, up(0, 100, 100))
        rig.app.profile = .android   // 300 ms
        rig.send(at: 1.38, down(0, 100, 100))
        #expect(rig.app.activeTouches.first?.tapCount == 1)
    }
}
