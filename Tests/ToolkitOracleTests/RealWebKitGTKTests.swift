import Testing
import ToolkitOracles
import TouchKit
import TouchStream

/// What the real WebKitGTK did in the shared run of ``RealToolkitTests`` (its corpus part is checked there).
extension RealToolkitTests {
    @Test func webkitgtkClicksAtTheUpCountedPressToPressAndOpensTheMenuOfAHeldFinger() throws {
        let webkit = try #require(Self.run.toolkits.first { $0.oracle.toolkit == "webkitgtk" })
        #expect(webkit.problem == nil, "\(webkit.problem ?? "")")
        #expect(webkit.version?.hasPrefix("2.50") == true)
        // The page fills the kiosk output from 0,0: page coordinates are the injected ones.
        let ready = try #require(webkit.recording?.ready)
        #expect(ready.width == 1280 && ready.height == 720)
        let item = { (name: String) in try #require(webkit.cases.first { $0.testCase.name == name }) }
        let clicks = { (name: String) in try item(name).real.filter { $0.recognizer == "click" }.map(\.count) }
        // 620 ms press to press is past GTK's 400 ms, though the second press came 320 ms after the first up.
        #expect(try clicks("slow-pair") == [1, 1])
        #expect(try clicks("double-tap") == [1, 2])
        #expect(try item("double-tap").real.filter { $0.recognizer == "dblclick" }.count == 1)
        // A held finger clicks no more: contextmenu when it lifts, stamped with the up.
        let held = try item("held")
        let up = held.received.compactMap { record -> Double? in
            guard case .up(_, let time, _) = record.event else { return nil }
            return Double(time)
        }
        #expect(held.real.map(\.kind) == [.longPress] && held.real.map(\.time) == up)
        // Every gesture carries the time of a touch-up WebKit received in that case.
        for result in webkit.cases {
            let ups = Set(result.received.compactMap { record -> Double? in
                guard case .up(_, let time, _) = record.event else { return nil }
                return Double(time)
            })
            #expect(result.real.allSatisfy { ups.contains($0.time) }, "\(result.testCase.name): a time is no up's")
        }
    }
}
