import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing

// MARK: - The @output2 scripts against the lone output's, through the matrix command

/// `matrix --battery` with `layer-tap`, `layer-popup` and `popup` and their `@output2` runs on
/// weston, KWin and sway (docs/battery.md, "Scripts on the second of two outputs"): where a
/// compositor makes the second output, each script's stream there must be the lone output's,
/// frame for frame (surface-local coordinates unchanged); where it cannot, the cell says why.
@Suite(.serialized)
struct MatrixOnSecondOutputTests {
    static let scripts = ["layer-tap", "layer-popup", "popup"]
    static let kinds: [CompositorKind] = [.weston, .kwin, .sway]

    @Test("KWin and sway give the lone output's streams on the second output; weston says it makes one output")
    func secondOutputStreamsEqualTheLoneOutputs() throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("m")
        let names = Self.scripts + Self.scripts.map { $0 + "@output2" }
        let process = try ChildProcess(
            executable: try sandboxExecutable(),
            arguments: ["matrix", "--battery", "--only", names.joined(separator: ","),
                        "--compositors", Self.kinds.map(\.rawValue).joined(separator: ","), "--parallel", "1", "-o", out],
            environment: ProcessInfo.processInfo.environment, logPath: directory.file("matrix.log"))
        let status = process.wait(timeout: 600) ?? process.terminate()
        let report = (try? String(contentsOfFile: "\(out)/report.md", encoding: .utf8)) ?? ""
        #expect(!report.isEmpty, "no report: \(status) \(process.output().suffix(600))")

        for kind in [CompositorKind.kwin, .sway] {
            for script in Self.scripts {
                let lone = try stream(out, kind, script)
                let second = try stream(out, kind, script + "@output2")
                #expect(!lone.isEmpty && second == lone, "\(kind) \(script): lone\n\(lone)\nsecond\n\(second)")
            }
        }
        let weston = report.split(separator: "\n").first { $0.hasPrefix("| layer-tap@output2 |") }.map(String.init) ?? ""
        #expect(weston.contains("not injectable here (a second output (weston 10's headless backend makes one output"),
                "\(weston)")
        #expect(!report.contains("| M20 "), "no compositor here sends global coordinates")
    }

    private func stream(_ out: String, _ kind: CompositorKind, _ script: String) throws -> String {
        try String(contentsOfFile: "\(out)/\(kind.rawValue)/\(script)/stream.txt", encoding: .utf8)
    }
}
