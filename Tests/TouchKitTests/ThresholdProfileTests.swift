import Testing
import TouchKit

@Suite struct ThresholdProfileTests {
    @Test func theSixProfilesCarryDesignTableValues() {
        let table: [String: [Double]] = [
            "uikit": [500, 10, 350, 45, 10], "gtk": [500, 8, 400, 5, 8], "flutter": [500, 18, 300, 100, 36],
            "android": [400, 8, 300, 100, 8], "chromium": [500, 15, 400, 20, 15], "qt": [800, 10, 400, 5, 10],
        ]
        #expect(ThresholdProfile.all.map(\.name) == ["uikit", "gtk", "flutter", "android", "chromium", "qt"])
        for profile in ThresholdProfile.all {
            #expect(profile.thresholds.map(\.threshold.value) == table[profile.name], "\(profile.name)")
            #expect(profile.thresholds.map(\.threshold.unit) ==
                    [.milliseconds, .points, .milliseconds, .points, .points], "\(profile.name)")
            #expect(profile.thresholds.allSatisfy { !$0.threshold.source.isEmpty }, "\(profile.name)")
        }
    }

    @Test func onlyUIKitsMultiTapAndPanValuesAreUndocumented() {
        let undocumented = ThresholdProfile.all.flatMap { profile in
            profile.thresholds.filter { !$0.threshold.isDocumented }.map { "\(profile.name).\($0.name)" }
        }
        #expect(undocumented == ["uikit.multiTapInterval", "uikit.multiTapDistance", "uikit.panStart"])
        #expect(ThresholdProfile.uikit.multiTapInterval.note != nil)
    }

    @Test func profilesAreFoundByName() {
        #expect(ThresholdProfile.named("Qt") == .qt)
        #expect(ThresholdProfile.named("motif") == nil)
        #expect(ThresholdProfile.android.longPress.seconds == 0.4)
    }
}
