import Foundation
import TestSupport
import Testing
import TouchStream

/// A trace recorded from weston 10.0.1 (`gesture-sandbox demo`: four fingers under the harness):
/// weston drops the frame after the last up, which is exactly one A1 and no violation.
@Suite struct RecordedTraceTests {
    @Test func weston10DemoTraceGivesExactlyA1() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let path = try dir.write("weston10.jsonl", Self.weston10Demo)
        var lines: [String] = []
        let outcome = try TraceCheck.run(path: path) { lines.append($0) }
        #expect(outcome.tally == FindingTally(violations: 0, ambiguities: 1, heuristics: 0))
        #expect(outcome.exitCode == 0)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\(path):record 68 t=3616861: ambiguity A1: the trace ends after the up of id 3") == true)
        #expect(lines.last == "0 violations, 1 ambiguity, 0 heuristics in 69 records")
    }

    @Test func streamingAndBatchAgree() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let (header, records) = try readAll(try dir.write("weston10.jsonl", Self.weston10Demo))
        var checker = ConformanceChecker(header: header)
        var streamed: [Finding] = []
        for record in records { streamed += checker.push(record) }
        streamed += checker.finish()
        #expect(streamed == ConformanceChecker.check(records, header: header))
        #expect(streamed.map(\.ruleID) == ["A1"])
        #expect(checker.recordCount == 69)
        #expect(checker.activeTouchIDs.isEmpty)
    }

    @Test func aLongValidMultiFingerStreamHasNoFinding() {
        var checker = ConformanceChecker(header: SyntheticTouchStream.header())
        var findings: [Finding] = []
        let strokes = 3
        let count = strokes * (SyntheticTouchStream.strokeFrames + 2) * 11
        for record in SyntheticTouchStream(count: count) { checker.push(record, into: &findings) }
        checker.finish(into: &findings)
        #expect(findings.isEmpty)
        #expect(checker.recordCount == count)
    }

    /// `gesture-sandbox demo` under weston 10.0.1, 2026-11-22 (trace.jsonl as written).
    static let weston10Demo = #"""
{"created":"2026-11-22T05:43:47.799Z","environment":{"globals":[{"interface":"wl_compositor","version":4},{"interface":"wl_subcompositor","version":1},{"interface":"wp_viewporter","version":1},{"interface":"zxdg_output_manager_v1","version":2},{"interface":"wp_presentation","version":1},{"interface":"zwp_relative_pointer_manager_v1","version":1},{"interface":"zwp_pointer_constraints_v1","version":1},{"interface":"zwp_input_timestamps_manager_v1","version":1},{"interface":"wl_data_device_manager","version":3},{"interface":"wl_shm","version":1},{"interface":"weston_debug_v1","version":1},{"interface":"zwp_linux_explicit_synchronization_v1","version":2},{"interface":"wl_output","version":3},{"interface":"xdg_wm_base","version":3},{"interface":"weston_screenshooter","version":1},{"interface":"wl_seat","version":7},{"interface":"gesture_harness_v1","version":1}],"outputs":[{"height":720,"name":"","refresh":60000,"scale":1,"transform":"normal","width":1280}],"seat":{"name":"harness-seat","version":7},"surface":{"bufferScale":1,"height":720,"width":1280},"touchVersion":7},"format":"gesture-sandbox-trace","profile":"uikit","toolVersion":"0.1.0","version":1}
{"kind":"down","serial":5,"time":3616639,"surface":"wl_surface@3","id":0,"x":25600,"y":25600,"xf":100,"yf":100,"hires":3616639469988}
{"kind":"down","serial":6,"time":3616644,"surface":"wl_surface@3","id":1,"x":302080,"y":25600,"xf":1180,"yf":100,"hires":3616644199664}
{"kind":"down","serial":7,"time":3616644,"surface":"wl_surface@3","id":2,"x":25600,"y":158720,"xf":100,"yf":620,"hires":3616644211973}
{"kind":"down","serial":8,"time":3616644,"surface":"wl_surface@3","id":3,"x":302080,"y":158720,"xf":1180,"yf":620,"hires":3616644213485}
{"kind":"frame"}
{"kind":"motion","time":3616660,"id":0,"x":31488,"y":28416,"xf":123,"yf":111,"hires":3616660395708}
{"kind":"motion","time":3616660,"id":1,"x":296448,"y":28416,"xf":1158,"yf":111,"hires":3616660411662}
{"kind":"motion","time":3616660,"id":2,"x":31488,"y":155904,"xf":123,"yf":609,"hires":3616660413054}
{"kind":"motion","time":3616660,"id":3,"x":296448,"y":155904,"xf":1158,"yf":609,"hires":3616660414276}
{"kind":"frame"}
{"kind":"motion","time":3616676,"id":0,"x":37120,"y":31232,"xf":145,"yf":122,"hires":3616676837267}
{"kind":"motion","time":3616676,"id":1,"x":290560,"y":31232,"xf":1135,"yf":122,"hires":3616676845309}
{"kind":"motion","time":3616676,"id":2,"x":37120,"y":153088,"xf":145,"yf":598,"hires":3616676846851}
{"kind":"motion","time":3616676,"id":3,"x":290560,"y":153088,"xf":1135,"yf":598,"hires":3616676847793}
{"kind":"frame"}
{"kind":"motion","time":3616693,"id":0,"x":43008,"y":34048,"xf":168,"yf":133,"hires":3616693290954}
{"kind":"motion","time":3616693,"id":1,"x":284928,"y":34048,"xf":1113,"yf":133,"hires":3616693301600}
{"kind":"motion","time":3616693,"id":2,"x":43008,"y":150528,"xf":168,"yf":588,"hires":3616693303152}
{"kind":"motion","time":3616693,"id":3,"x":284928,"y":150528,"xf":1113,"yf":588,"hires":3616693304103}
{"kind":"frame"}
{"kind":"motion","time":3616709,"id":0,"x":48640,"y":36608,"xf":190,"yf":143,"hires":3616709925029}
{"kind":"motion","time":3616710,"id":1,"x":279040,"y":36608,"xf":1090,"yf":143,"hires":3616710150234}
{"kind":"motion","time":3616710,"id":2,"x":48640,"y":147712,"xf":190,"yf":577,"hires":3616710225456}
{"kind":"motion","time":3616710,"id":3,"x":279040,"y":147712,"xf":1090,"yf":577,"hires":3616710280528}
{"kind":"frame"}
{"kind":"motion","time":3616726,"id":0,"x":54528,"y":39424,"xf":213,"yf":154,"hires":3616726941283}
{"kind":"motion","time":3616726,"id":1,"x":273408,"y":39424,"xf":1068,"yf":154,"hires":3616726949826}
{"kind":"motion","time":3616726,"id":2,"x":54528,"y":144896,"xf":213,"yf":566,"hires":3616726951037}
{"kind":"motion","time":3616726,"id":3,"x":273408,"y":144896,"xf":1068,"yf":566,"hires":3616726952059}
{"kind":"frame"}
{"kind":"motion","time":3616743,"id":0,"x":60160,"y":42240,"xf":235,"yf":165,"hires":3616743675187}
{"kind":"motion","time":3616743,"id":1,"x":267520,"y":42240,"xf":1045,"yf":165,"hires":3616743685292}
{"kind":"motion","time":3616743,"id":2,"x":60160,"y":142080,"xf":235,"yf":555,"hires":3616743686654}
{"kind":"motion","time":3616743,"id":3,"x":267520,"y":142080,"xf":1045,"yf":555,"hires":3616743687655}
{"kind":"frame"}
{"kind":"motion","time":3616760,"id":0,"x":66048,"y":45056,"xf":258,"yf":176,"hires":3616760237655}
{"kind":"motion","time":3616760,"id":1,"x":261888,"y":45056,"xf":1023,"yf":176,"hires":3616760464623}
{"kind":"motion","time":3616760,"id":2,"x":66048,"y":139264,"xf":258,"yf":544,"hires":3616760542679}
{"kind":"motion","time":3616760,"id":3,"x":261888,"y":139264,"xf":1023,"yf":544,"hires":3616760593555}
{"kind":"frame"}
{"kind":"motion","time":3616777,"id":0,"x":71680,"y":47872,"xf":280,"yf":187,"hires":3616777834483}
{"kind":"motion","time":3616777,"id":1,"x":256000,"y":47872,"xf":1000,"yf":187,"hires":3616777840322}
{"kind":"motion","time":3616777,"id":2,"x":71680,"y":136448,"xf":280,"yf":533,"hires":3616777841533}
{"kind":"motion","time":3616777,"id":3,"x":256000,"y":136448,"xf":1000,"yf":533,"hires":3616777842585}
{"kind":"frame"}
{"kind":"motion","time":3616794,"id":0,"x":77568,"y":50688,"xf":303,"yf":198,"hires":3616794337623}
{"kind":"motion","time":3616794,"id":1,"x":250368,"y":50688,"xf":978,"yf":198,"hires":3616794348610}
{"kind":"motion","time":3616794,"id":2,"x":77568,"y":133888,"xf":303,"yf":523,"hires":3616794350012}
{"kind":"motion","time":3616794,"id":3,"x":250368,"y":133888,"xf":978,"yf":523,"hires":3616794351204}
{"kind":"frame"}
{"kind":"motion","time":3616810,"id":0,"x":83200,"y":53248,"xf":325,"yf":208,"hires":3616810549340}
{"kind":"motion","time":3616810,"id":1,"x":244480,"y":53248,"xf":955,"yf":208,"hires":3616810783258}
{"kind":"motion","time":3616810,"id":2,"x":83200,"y":131072,"xf":325,"yf":512,"hires":3616810788066}
{"kind":"motion","time":3616810,"id":3,"x":244480,"y":131072,"xf":955,"yf":512,"hires":3616810789267}
{"kind":"frame"}
{"kind":"motion","time":3616827,"id":0,"x":89088,"y":56064,"xf":348,"yf":219,"hires":3616827073552}
{"kind":"motion","time":3616827,"id":1,"x":238848,"y":56064,"xf":933,"yf":219,"hires":3616827084328}
{"kind":"motion","time":3616827,"id":2,"x":89088,"y":128256,"xf":348,"yf":501,"hires":3616827085490}
{"kind":"motion","time":3616827,"id":3,"x":238848,"y":128256,"xf":933,"yf":501,"hires":3616827086431}
{"kind":"frame"}
{"kind":"motion","time":3616844,"id":0,"x":94720,"y":58880,"xf":370,"yf":230,"hires":3616844123186}
{"kind":"motion","time":3616844,"id":1,"x":232960,"y":58880,"xf":910,"yf":230,"hires":3616844330935}
{"kind":"motion","time":3616844,"id":2,"x":94720,"y":125440,"xf":370,"yf":490,"hires":3616844379607}
{"kind":"motion","time":3616844,"id":3,"x":232960,"y":125440,"xf":910,"yf":490,"hires":3616844419116}
{"kind":"frame"}
{"kind":"up","serial":9,"time":3616861,"id":0,"hires":3616861648707}
{"kind":"up","serial":10,"time":3616861,"id":1,"hires":3616861879070}
{"kind":"up","serial":11,"time":3616861,"id":2,"hires":3616861930737}
{"kind":"up","serial":12,"time":3616861,"id":3,"hires":3616861971728}
"""#
}
