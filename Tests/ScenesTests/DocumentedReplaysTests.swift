import Foundation
import Playback
import Scenes
import Testing
import TouchKit
import TouchStream

/// docs/replays.md promises, per fixture, the exact deliveries log `gesture-sandbox replay` prints.
@Suite struct DocumentedReplaysTests {
    /// One fixture section of the page: the replay command's arguments and the log block after it.
    struct DocumentedReplay: CustomTestStringConvertible {
        var fixture: String
        var scene: String
        var log: String
        var testDescription: String { "\(fixture) in \(scene)" }
    }

    /// Reads docs/replays.md: each replay command, then the next ```jsonl block.
    static func documentedReplays() throws -> [DocumentedReplay] {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/replays.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let commandPattern = #/gesture-sandbox replay Tests/ScenesTests/Fixtures/(\S+)\.txt --scene (\S+)/#
        var replays: [DocumentedReplay] = []
        var pending: (fixture: String, scene: String)?
        var block: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = block {
                if line == "```" {
                    if let command = pending {
                        replays.append(DocumentedReplay(fixture: command.fixture, scene: command.scene,
                                                        log: lines.map { $0 + "\n" }.joined()))
                    }
                    pending = nil
                    block = nil
                } else {
                    lines.append(line)
                    block = lines
                }
            } else if line == "```jsonl" {
                block = []
            } else if let match = line.firstMatch(of: commandPattern) {
                pending = (String(match.1), String(match.2))
            }
        }
        return replays
    }

    @Test func everyFixtureAndEverySceneIsDocumented() throws {
        let replays = try Self.documentedReplays()
        // The recognizer scenes' fixtures are documented per profile in docs/playground.md.
        let elsewhere = try PlaygroundDocumentedReplaysTests.documentedReplays()
        #expect(Set(replays.map(\.scene) + elsewhere.map(\.scene)) == Set(SceneCatalog.names))
        let documented = Set(replays.map(\.fixture))
        #expect(documented.count == replays.count, "a fixture is documented twice")
        let folder = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(".txt".count)) }
        #expect(!files.isEmpty)
        #expect(Set(files) == documented.union(elsewhere.map(\.fixture)))
    }

    @Test(arguments: try documentedReplays())
    func replayProducesTheDocumentedLog(_ documented: DocumentedReplay) throws {
        let sceneType = try #require(SceneCatalog.scene(named: documented.scene), "no scene \(documented.scene)")
        let trace = try TraceReader.read(try fixturePath(documented.fixture))
        let session = ReplaySession(trace: trace, sceneType: sceneType, profile: .uikit)
        #expect(session.deliveriesLog == documented.log)
    }
}
