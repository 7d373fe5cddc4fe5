import KernelLane
import Testing
import TouchStream

/// Compact scripts as the event list of a multitouch touchscreen.
@Suite struct UinputScriptTests {
    private func lines(_ script: String, axes: TouchscreenAxes = .standard) throws -> [String] {
        try UinputScript.events(for: CompactTrace.parse(script), axes: axes, name: "s").map(\.line)
    }

    @Test func aTapIsOneSlotWithATrackingIDAndBTNTouchAroundIt() throws {
        #expect(try lines("down 0 300.5 200.25; frame; sleep 50; up 0; frame") == [
            "EV_ABS ABS_MT_SLOT 0", "EV_ABS ABS_MT_TRACKING_ID 1",
            "EV_ABS ABS_MT_POSITION_X 962", "EV_ABS ABS_MT_POSITION_Y 1025", "EV_ABS ABS_X 962", "EV_ABS ABS_Y 1025",
            "EV_KEY BTN_TOUCH 1", "EV_SYN SYN_REPORT 0",
            // The up is at 58 ms on the script's clock: 8 after the frame, then the sleep.
            "wait 50", "wait 8",
            "EV_ABS ABS_MT_TRACKING_ID -1", "EV_KEY BTN_TOUCH 0", "EV_SYN SYN_REPORT 0",
        ])
    }

    @Test func twoFingersTakeTwoSlotsAndOnlyTheFirstMovesTheSingleTouchAxes() throws {
        let events = try lines("down 3 100 100; down 7 640 400; frame; motion 7 650 400; frame; up 3; up 7; frame")
        #expect(events == [
            "EV_ABS ABS_MT_SLOT 0", "EV_ABS ABS_MT_TRACKING_ID 1",
            "EV_ABS ABS_MT_POSITION_X 320", "EV_ABS ABS_MT_POSITION_Y 512", "EV_ABS ABS_X 320", "EV_ABS ABS_Y 512",
            "EV_ABS ABS_MT_SLOT 1", "EV_ABS ABS_MT_TRACKING_ID 2",
            "EV_ABS ABS_MT_POSITION_X 2048", "EV_ABS ABS_MT_POSITION_Y 2048",
            "EV_KEY BTN_TOUCH 1", "EV_SYN SYN_REPORT 0",
            // The second frame is 8 ms after the first (the compact form's frame clock).
            "wait 8", "EV_ABS ABS_MT_POSITION_X 2080", "EV_ABS ABS_MT_POSITION_Y 2048", "EV_SYN SYN_REPORT 0",
            "wait 8", "EV_ABS ABS_MT_SLOT 0", "EV_ABS ABS_MT_TRACKING_ID -1",
            "EV_ABS ABS_MT_SLOT 1", "EV_ABS ABS_MT_TRACKING_ID -1", "EV_KEY BTN_TOUCH 0", "EV_SYN SYN_REPORT 0",
        ])
    }

    @Test func aFreedSlotIsReusedWithAFreshTrackingID() throws {
        let events = try lines("down 0 10 10; frame; up 0; frame; down 0 20 20; frame; up 0; frame")
        #expect(events.filter { $0.hasPrefix("EV_ABS ABS_MT_TRACKING_ID") } == [
            "EV_ABS ABS_MT_TRACKING_ID 1", "EV_ABS ABS_MT_TRACKING_ID -1",
            "EV_ABS ABS_MT_TRACKING_ID 2", "EV_ABS ABS_MT_TRACKING_ID -1",
        ])
        #expect(events.filter { $0.hasPrefix("EV_ABS ABS_MT_SLOT") } == ["EV_ABS ABS_MT_SLOT 0"])
    }

    @Test func whatATouchscreenCannotSendIsRefusedWithItsPlace() throws {
        #expect(throws: KernelLaneError("s: item 3: cancel cannot be sent by a touchscreen (down, motion, up, frame and sleep can)", status: 1)) {
            try lines("down 0 1 1; frame; cancel")
        }
        #expect(throws: KernelLaneError("s: item 2: motion 4: that id is not down", status: 1)) {
            try lines("down 0 1 1; motion 4 2 2; frame")
        }
        #expect(throws: KernelLaneError("s: item 3: down 0: that id is already down", status: 1)) {
            try lines("down 0 1 1; frame; down 0 2 2; frame")
        }
        let twoSlots = TouchscreenAxes(minimum: 0, maximumX: 4095, maximumY: 4095, outputWidth: 1280, outputHeight: 800, slots: 2)
        #expect(throws: KernelLaneError("s: item 3: down 2: all 2 slots of the touchscreen are in use", status: 1)) {
            try lines("down 0 1 1; down 1 2 2; down 2 3 3; frame", axes: twoSlots)
        }
    }

    @Test func theTextIsOneLinePerEvent() {
        #expect(UinputScript.text([.wait(milliseconds: 5), .event(type: "EV_SYN", code: "SYN_REPORT", value: 0)])
                == "wait 5\nEV_SYN SYN_REPORT 0\n")
    }
}
