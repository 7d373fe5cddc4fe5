import CompositorDrivers
import Foundation
import Playback

// MARK: - results.json

/// `results.json`: a matrix run for machines, versioned (docs/results-schema.md describes every
/// field; docs/results.schema.json is its JSON Schema). It also holds what `matrix merge` needs
/// to rebuild the run from its folder: the scripts' text, each run's folder and what the traces
/// cannot say (items not injected, notes, why a run failed).
///
/// Paths are relative to the folder holding results.json. Times and paths are the only fields
/// that differ between one run and the same cells run as shards and merged.
public struct MatrixResultsDocument: Codable, Equatable, Sendable {
    /// The format's name and version: a reader refuses what it does not know.
    public static let formatName = "gesture-sandbox-matrix-results"
    public static let formatVersion = 1

    public var format = formatName
    public var version = formatVersion
    /// The tool that wrote it.
    public var tool: Tool
    /// Scene and profile our client ran.
    public var scene: String
    public var profile: String
    /// Runs per cell (`--repeat`).
    public var repeatCount: Int
    /// The part of the cells this folder holds (`--shard`); nil for all of them.
    public var shard: Shard?
    /// Wall-clock seconds the run took (for a merge: the shards' sum).
    public var seconds: Double
    /// The exit status the command gave, and why, in one sentence.
    public var exitStatus: Int
    public var verdict: String
    /// Columns, in report order.
    public var compositors: [Compositor]
    /// Rows, in run order.
    public var scripts: [Script]
    /// The cells this folder holds, compositor by compositor, script by script.
    public var cells: [Cell]
    /// Per script: how the compositors compare.
    public var comparisons: [Comparison]
    /// Against the baseline (`--expect`); nil without one.
    public var expect: Expect?

    enum CodingKeys: String, CodingKey {
        case format, version, tool, scene, profile, repeatCount = "repeat", shard, seconds, exitStatus, verdict
        case compositors, scripts, cells, comparisons, expect
    }

    public struct Tool: Codable, Equatable, Sendable {
        public var name: String
        public var version: String
    }

    public struct Shard: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int
    }

    public struct Compositor: Codable, Equatable, Sendable {
        /// The `--compositors` name.
        public var name: String
        public var displayName: String
        /// As the compositor reports it; nil when not installed.
        public var version: String?
        /// "ran", "could-not-run" (then `reason`), or "not-run" (no cell of it in this shard).
        public var status: String
        public var reason: String?
        /// What the driver could inject (names as `gesture-sandbox compositors` prints them).
        public var injects: [String]
        /// Our window on the output (logical px), from the calibration tap.
        public var window: Window?
        /// How touch reached it: "harness" or "kernel" (absent in documents before lanes: harness).
        public var lane: String?
        /// The input device touches went through (the kernel lane's touchscreen); absent when injected.
        public var device: String?
    }

    public struct Window: Codable, Equatable, Sendable {
        public var x: Double, y: Double, width: Int, height: Int
    }

    public struct Script: Codable, Equatable, Sendable {
        public var name: String
        public var summary: String
        /// The compact form, window-relative.
        public var text: String
    }

    public struct Cell: Codable, Equatable, Sendable {
        public var compositor: String
        public var script: String
        /// "ran" (every run ran), "not-injectable" (not run here; `reason` names the items),
        /// "not-supported" (our client refused a feature the compositor lacks; `reason` is its line),
        /// "could-not-run" (the compositor or a run failed; `reason` says why).
        public var status: String
        public var reason: String?
        /// The cell's folder (its runs' folders are inside when `repeat` > 1).
        public var folder: String
        /// Each run, in order (none when not injectable or the compositor could not run).
        public var runs: [Run]
        /// For a not-injectable cell: the items, with their statement numbers and what they need.
        public var notInjectable: [Unsupported]?
        /// The variants the runs sent, most runs first.
        public var variants: [VariantCount]
        /// The usual run's variant (see docs/results-schema.md); nil when no run ran.
        public var usualVariant: String?
        /// True when the runs sent different streams.
        public var streamVaried: Bool
        /// Every rule id found in a run, with in how many runs (k of the `of` runs that ran).
        public var findings: [CellFinding]
        /// With `--expect`: baseline findings no run showed.
        public var fixed: [String]?
    }

    public struct Run: Codable, Equatable, Sendable {
        /// 1-based.
        public var run: Int
        /// The run's folder.
        public var folder: String
        /// "ran" or "could-not-run" (then `reason`).
        public var status: String
        public var reason: String?
        /// The stream variant (letters are per script, see `comparisons`).
        public var variant: String?
        /// Rule id → how many findings of it the run's trace gave (observations count 1).
        public var findings: [String: Int]
        /// Items the driver returned as not injected although the script could run.
        public var notInjected: [String]
        /// What went wrong without spoiling the run (a failed screenshot).
        public var notes: [String]
    }

    public struct Unsupported: Codable, Equatable, Sendable {
        public var statement: Int
        public var item: String
        public var needs: String
    }

    public struct VariantCount: Codable, Equatable, Sendable {
        public var variant: String
        public var runs: Int
    }

    public struct CellFinding: Codable, Equatable, Sendable {
        public var rule: String
        public var title: String
        /// Runs that showed it, of the runs that ran.
        public var runs: Int
        public var of: Int
        /// Seen in some runs only.
        public var unstable: Bool
        /// With `--expect`: "expected" or "new".
        public var expectation: String?
    }

    public struct Comparison: Codable, Equatable, Sendable {
        public var script: String
        /// The compositors' usual runs sent the same stream, deliveries and outcomes.
        public var agrees: Bool
        /// The report's "across compositors" text.
        public var summary: String
        public var variants: [Variant]
        /// Compositors whose runs sent different streams.
        public var varied: [String]
    }

    public struct Variant: Codable, Equatable, Sendable {
        public var variant: String
        public var frames: Int
        /// Compositors whose usual run sent it.
        public var compositors: [String]
    }

    public struct Expect: Codable, Equatable, Sendable {
        /// The baseline file, as given.
        public var file: String
        public var new: [ExpectEntry]
        public var fixed: [ExpectEntry]
        public var expected: Int
        /// Baseline lines about cells this run did not run.
        public var notChecked: Int
    }

    public struct ExpectEntry: Codable, Equatable, Sendable {
        public var compositor: String
        public var script: String
        public var rule: String
        public var runs: Int
        public var of: Int
    }

    // MARK: - Text

    /// Pretty JSON with sorted keys, newline-terminated.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(self), as: UTF8.self)
        // Foundation prints an empty array or object over three lines; one is easier to read.
        return text.replacingOccurrences(of: #"\[\n\s*\n\s*\]"#, with: "[]", options: .regularExpression)
            .replacingOccurrences(of: #"\{\n\s*\n\s*\}"#, with: "{}", options: .regularExpression) + "\n"
    }

    /// Reads a document, refusing another format or version.
    public static func read(_ data: Data, name: String) throws -> MatrixResultsDocument {
        struct Header: Decodable { var format: String?; var version: Int? }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: data) } catch {
            throw RuntimeError("\(name): not a matrix results file (\(error.localizedDescription))")
        }
        guard header.format == formatName, header.version == formatVersion else {
            throw RuntimeError("\(name): format \(header.format ?? "?") version \(header.version.map(String.init) ?? "?"); "
                + "this gesture-sandbox reads \(formatName) version \(formatVersion)")
        }
        do { return try JSONDecoder().decode(MatrixResultsDocument.self, from: data) } catch {
            throw RuntimeError("\(name): \(error)")
        }
    }
}
