import Testing
import TouchKit

/// The qtwidgets-6.4 scroll model on strokes the real Qt 6.4.2 received (QtWidgetsScrollStreams), frame by frame
/// against the values its QScrollArea drew.
@Suite struct QtWidgetsRecordedScrollTests {
    static let model = QtWidgets64Scroller()

    @Test(arguments: [("flick", QtWidgetsScrollStream.flick), ("slow drag", QtWidgetsScrollStream.slowDrag),
                      ("two flicks", QtWidgetsScrollStream.twoFlicks)])
    func everyFrameQtDrewIsTheModelsValue(_ name: String, _ stream: QtWidgetsScrollStream) {
        let prediction = Self.model.predict(stream.input)
        #expect(prediction.offsets.count == stream.frames.count)
        // Whole px, as Qt's scroll bar holds them: the drag's frames exactly, the fling's within 1 px (the
        // scroller's own clock reads whole ms).
        for (frame, predicted) in zip(stream.frames, prediction.offsets) {
            #expect(abs(frame.offset - predicted) <= 1, "\(name): tick \(frame.clock) µs: Qt \(frame.offset), model \(predicted)")
        }
        #expect(abs(prediction.resting - stream.rest) <= 1, "\(name): Qt rested at \(stream.rest), the model at \(prediction.resting)")
        // QScroller's velocity read just after each lift (its fling's slope at ~0 progress) against the release
        // velocity the model flings at.
        let qt = stream.swipes.map { -$0.vy }.filter { $0 != 0 }
        #expect(prediction.flings.count == qt.count)
        for (fling, real) in zip(prediction.flings, qt) {
            #expect(abs(fling.measured - real) < 1, "\(name): Qt \(real) px/s, model \(fling.measured)")
        }
    }

    @Test func theSlowDragFollowsTheFingerAndFlingsSlowly() throws {
        let stream = QtWidgetsScrollStream.slowDrag
        let prediction = Self.model.predict(stream.input)
        // 250 px/s of the finger, on whole px and smoothed: a fling well under MaximumVelocity (Qt: 164.8 px/s).
        let fling = try #require(prediction.flings.first)
        #expect(abs(fling.measured) > 100 && abs(fling.measured) < 250)
        #expect(prediction.offsets.allSatisfy { $0 == $0.rounded() })
    }
}
