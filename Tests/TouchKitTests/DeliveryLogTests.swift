import Testing
import TouchKit

@Suite struct DeliveryLogTests {
    /// A small scene and stream; returns the deliveries log it produced.
    private func run() -> String {
        let rig = Rig()
        let quoted = rig.addView("say \"hi\"", rect(0, 0, 100, 100))
        quoted.transform = AffineTransform(scaleX: 3, y: 3)
        rig.addView("B", rect(0, 200, 100, 100)).isExclusiveTouch = true
        rig.send(at: 0.008, down(2, 50, 50))
        rig.send(at: 0.016, move(2, 51.00390625, 50), down(1, 50, 250))
        rig.send(at: 1.5, up(2, 51.00390625, 50))
        return rig.recorder.jsonLines()
    }

    @Test func twoRunsAreByteIdentical() {
        #expect(run() == run())
    }

    @Test func linesHaveAFixedKeyOrderAndPlainDecimals() {
        let lines = run().split(separator: "\n").map(String.init)
        #expect(lines == [
            #"{"kind":"call","t":0.008,"responder":"say \"hi\"","method":"touchesBegan","touches":[{"id":2,"phase":"began","x":50,"y":50,"tapCount":1}]}"#,
            #"{"kind":"call","t":0.008,"responder":"window","method":"touchesBegan","touches":[{"id":2,"phase":"began","x":50,"y":50,"tapCount":1}]}"#,
            #"{"kind":"call","t":0.008,"responder":"app","method":"touchesBegan","touches":[{"id":2,"phase":"began","x":50,"y":50,"tapCount":1}]}"#,
            #"{"kind":"withheld","t":0.016,"id":1,"view":"B","reason":"exclusiveTouch","x":50,"y":250}"#,
            #"{"kind":"call","t":0.016,"responder":"say \"hi\"","method":"touchesMoved","touches":[{"id":2,"phase":"moved","x":50.334635,"y":50,"tapCount":1}]}"#,
            #"{"kind":"call","t":0.016,"responder":"window","method":"touchesMoved","touches":[{"id":2,"phase":"moved","x":51.003906,"y":50,"tapCount":1}]}"#,
            #"{"kind":"call","t":0.016,"responder":"app","method":"touchesMoved","touches":[{"id":2,"phase":"moved","x":51.003906,"y":50,"tapCount":1}]}"#,
            #"{"kind":"call","t":1.5,"responder":"say \"hi\"","method":"touchesEnded","touches":[{"id":2,"phase":"ended","x":50.334635,"y":50,"tapCount":1}]}"#,
            #"{"kind":"call","t":1.5,"responder":"window","method":"touchesEnded","touches":[{"id":2,"phase":"ended","x":51.003906,"y":50,"tapCount":1}]}"#,
            #"{"kind":"call","t":1.5,"responder":"app","method":"touchesEnded","touches":[{"id":2,"phase":"ended","x":51.003906,"y":50,"tapCount":1}]}"#,
        ])
    }

    @Test func touchesInACallAreSortedById() {
        let rig = Rig()
        rig.window.isMultipleTouchEnabled = true
        rig.send(at: 0, down(9, 1, 1), down(-3, 2, 2), down(4, 3, 3))
        guard case .call(let call) = rig.recorder.entries.first else {
            Issue.record("expected a call entry first")
            return
        }
        #expect(call.touches.map(\.id) == [-3, 4, 9])
    }

    @Test func overridesAreLoggedLikeDefaults() {
        final class Silent: View {
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
        }
        let rig = Rig()
        rig.window.addSubview(Silent(frame: rect(0, 0, 50, 50), name: "silent"))
        rig.send(at: 0, down(0, 5, 5))
        #expect(rig.takeLog() == ["silent touchesBegan 0@(5,5)"])
    }

    @Test func entriesStreamAsTheyAreRecorded() {
        let rig = Rig()
        var streamed: [String] = []
        rig.recorder.onEntry = { streamed.append($0.jsonLine) }
        rig.send(at: 0, down(0, 5, 5))
        #expect(streamed == rig.recorder.entries.map(\.jsonLine))
        #expect(streamed.count == 2)
    }

    @Test func negativeAndTinyNumbersPrintWithoutExponents() {
        let entry = DeliveryEntry.withheld(WithheldTouch(timestamp: 4294967.295, id: -1, view: nil,
                                                         reason: .noHitView, location: Point(x: -0.0000004, y: -2.5e-5)))
        #expect(entry.jsonLine == #"{"kind":"withheld","t":4294967.295,"id":-1,"view":null,"reason":"noHitView","x":0,"y":-0.000025}"#)
    }

    @Test func numbersAreMicroDecimalsAndWhatJSONCannotHoldIsNull() {
        let cases: [(Double, String)] = [
            // A real CLOCK_MONOTONIC time, 47 days after boot, rounded to the microsecond both ways.
            (4_084_021.553_118_4, "4084021.553118"), (4_084_021.553_118_6, "4084021.553119"),
            (12, "12"), (101.5, "101.5"), (0, "0"), (0.000_005, "0.000005"), (1_234_567.000_001, "1234567.000001"),
            (-3.25, "-3.25"), (-0.000_000_4, "0"), (0.000_000_4, "0"), (-1_000_000, "-1000000"),
            (.infinity, "null"), (-.infinity, "null"), (.nan, "null"), (1e20, "null"),
        ]
        for (value, text) in cases {
            #expect(JSONText.number(value) == text, "\(value)")
            var bytes: [UInt8] = Array("x".utf8)
            JSONText.append(value, to: &bytes)
            #expect(bytes == Array(("x" + text).utf8), "appended after what was there")
        }
    }
}
