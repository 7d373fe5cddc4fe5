import Foundation
import TestSupport
import Testing

// MARK: - The committed wayland-scanner output matches protocols/*.xml

@Suite struct GeneratedGlueTests {
    private static let scanner = Tools.which("wayland-scanner")

    @Test(.enabled(if: scanner != nil, "wayland-scanner is not installed (apt install libwayland-bin): cannot check the glue"))
    func committedGlueIsWhatTheScriptGenerates() throws {
        let root = Tools.packageRoot
        let folder = try TemporaryDirectory(prefix: "gs-glue", ownerOnly: true)
        defer { folder.cleanUp() }
        let output = URL(fileURLWithPath: folder.path)

        let script = Process()
        script.executableURL = root.appendingPathComponent("scripts/generate-protocols.sh")
        script.arguments = [output.path]
        try script.run()
        script.waitUntilExit()
        try #require(script.terminationStatus == 0, "scripts/generate-protocols.sh exited \(script.terminationStatus)")

        let committed = root.appendingPathComponent("Sources/CWaylandProtocols")
        for folder in ["include", "generated"] {
            let fresh = try generatedFiles(in: output.appendingPathComponent(folder))
            let stored = try generatedFiles(in: committed.appendingPathComponent(folder))
            #expect(stored == fresh, "Sources/CWaylandProtocols/\(folder) has other files than the script makes")
            #expect(!fresh.isEmpty)
            for name in fresh {
                let new = try Data(contentsOf: output.appendingPathComponent("\(folder)/\(name)"))
                let old = try? Data(contentsOf: committed.appendingPathComponent("\(folder)/\(name)"))
                #expect(old == new, "\(folder)/\(name) is stale: run scripts/generate-protocols.sh")
            }
        }
    }

    /// The scanner's files in `folder` (the hand-written umbrella header is not one).
    private func generatedFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix("-client-protocol.h") || $0.hasSuffix("-protocol.c") }
            .sorted()
    }
}
