import Foundation
import Playback
import Scenes
import Testing
import TouchKit
import TouchStream

/// docs/playground.md promises, per recognizer-scene fixture and profile, the exact log `gesture-sandbox replay` prints.
@Suite struct PlaygroundDocumentedReplaysTests {
    /// The scenes whose fixtures docs/playground.md documents (fixture names start with the scene's name).
    static let scenes = ["playground", "transform", "pinchme"]

    /// One replay command of the page and the block that follows its group of commands.
    struct DocumentedReplay: CustomTestStringConvertible {
        var fixture: String
        var scene: String
        var profile: String
        /// True when the command pipes the log through `grep '"kind":"transition"'`.
        var transitionsOnly: Bool
        var log: String
        var testDescription: String { "\(fixture) in \(scene) under \(profile)\(transitionsOnly ? " (transitions)" : "")" }
    }

    /// Reads docs/playground.md: every replay command up to a ```jsonl block is documented by that block.
    static func documentedReplays() throws -> [DocumentedReplay] {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/playground.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let command = #/^gesture-sandbox replay Tests/ScenesTests/Fixtures/((?:playground|transform|pinchme)-[a-z0-9-]+)\.txt --scene ([a-z]+) --profile (uikit|gtk|flutter|android|chromium|qt)( \| grep '"kind":"transition"')?$/#
        var replays: [DocumentedReplay] = []
        var pending: [DocumentedReplay] = []
        var block: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = block {
                if line == "```" {
                    let log = lines.map { $0 + "\n" }.joined()
                    replays += pending.map { var replay = $0; replay.log = log; return replay }
                    pending = []
                    block = nil
                } else {
                    lines.append(line)
                    block = lines
                }
            } else if line == "```jsonl" {
                block = []
            } else if let match = line.wholeMatch(of: command) {
                pending.append(DocumentedReplay(fixture: String(match.1), scene: String(match.2),
                                                profile: String(match.3), transitionsOnly: match.4 != nil, log: ""))
            }
        }
        return replays
    }

    /// The fixture files of the documented scenes.
    static func fixtureFiles() throws -> Set<String> {
        let folder = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
        return Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(".txt".count)) }
            .filter { name in scenes.contains { name.hasPrefix("\($0)-") } })
    }

    @Test func everyFixtureIsDocumentedOnceUnderEveryProfile() throws {
        let replays = try Self.documentedReplays()
        let files = try Self.fixtureFiles()
        #expect(files.count == 20)
        let documented = replays.map { "\($0.fixture) \($0.profile)" }
        #expect(Set(documented).count == documented.count, "a fixture is documented twice under one profile")
        #expect(Set(documented) == Set(files.flatMap { file in ThresholdProfile.all.map { "\(file) \($0.name)" } }))
        #expect(replays.allSatisfy { $0.fixture.hasPrefix("\($0.scene)-") })
    }

    @Test(arguments: try documentedReplays())
    func replayProducesTheDocumentedLog(_ documented: DocumentedReplay) throws {
        let sceneType = try #require(SceneCatalog.scene(named: documented.scene), "no scene \(documented.scene)")
        let profile = try #require(ThresholdProfile.named(documented.profile))
        let trace = try TraceReader.read(try fixturePath(documented.fixture))
        let log = ReplaySession(trace: trace, sceneType: sceneType, profile: profile).deliveriesLog
        let shown = documented.transitionsOnly
            ? log.split(separator: "\n").filter { $0.contains("\"kind\":\"transition\"") }.map { $0 + "\n" }.joined()
            : log
        #expect(!documented.log.isEmpty)
        #expect(shown == documented.log)
    }
}
