import Foundation
import Testing
@testable import ToolkitOracles
import TouchKit
import TouchStream

/// How a toolkit's raw events (SDL 2's finger, touch-mouse and multigesture events) are read and compared: their
/// values decide, the finger and the click count are part of the key. Times are wl_touch ms since boot.
@Suite struct RawEventComparisonTests {
    private static let base = 41_899_657.0

    private func finger(_ kind: ToolkitGesture.Kind, _ id: Int, x: Double, time: Double = base) -> ToolkitGesture {
        ToolkitGesture(kind: kind, time: time, recognizer: "SDL_FINGERDOWN", x: x, y: 80, finger: id, dx: 0, dy: 0, pressure: 1)
    }

    @Test func anSDLLineIsReadWithEveryValue() throws {
        let line = #"{"kind":"multi-gesture","time":41903795,"recognizer":"SDL_MULTIGESTURE","x":163.000001,"y":133.0,"angle":-1.25,"distance":0.012345,"fingers":2}"#
        let (gestures, malformed) = OracleOutput.gestures(in: [line])
        #expect(malformed.isEmpty)
        let parts = CaseSplitter.split(records: [], gestures: gestures, windows: [(41_903_000, 41_904_000)]).parts
        let step = try #require(parts.first?.gestures.first)
        #expect(step.kind == .multiGesture && step.fingers == 2 && step.distance == 0.012345 && step.angle == -1.25)
    }

    @Test func twoFingersInOneMillisecondPairByFinger() {
        let real = [finger(.touchDown, 0, x: 40), finger(.touchDown, 1, x: 120)]
        let model = [finger(.touchDown, 1, x: 120), finger(.touchDown, 0, x: 40)]
        let comparison = GestureComparison(real: real, model: model)
        #expect(comparison.agrees && comparison.valueDifferences == 0)
    }

    @Test func aRawEventWhoseValuesAreOffDiffers() {
        let off = GestureComparison(real: [finger(.touchDown, 0, x: 40)], model: [finger(.touchDown, 0, x: 40.01)])
        #expect(!off.agrees && off.valueDifferences == 1)
        #expect(off.rows.first?.valueNotes == ["x 40 vs 40.01"])
        // Within 0.001 px it agrees; a gesture kind's values only note (GTK's scale).
        #expect(GestureComparison(real: [finger(.touchDown, 0, x: 40)], model: [finger(.touchDown, 0, x: 40.0004)]).agrees)
        let pinch = { (scale: Double) in ToolkitGesture(kind: .pinchEnd, time: Self.base, recognizer: "GtkGestureZoom", scale: scale) }
        let noted = GestureComparison(real: [pinch(1.5)], model: [pinch(1.2)])
        #expect(noted.agrees && noted.valueDifferences == 1)
    }

    @Test func thePressCountIsCompared() {
        let press = { (clicks: Int) in
            ToolkitGesture(kind: .pointerDown, time: Self.base, recognizer: "SDL_MOUSEBUTTONDOWN", count: clicks, x: 40, y: 80)
        }
        #expect(!GestureComparison(real: [press(2)], model: [press(1)]).agrees)
        #expect(GestureComparison(real: [press(2)], model: [press(2)]).agrees)
        #expect(ToolkitsReport.describe(press(2)) == "SDL_MOUSEBUTTONDOWN pointer-down ×2 (at 40,80)")
    }
}
