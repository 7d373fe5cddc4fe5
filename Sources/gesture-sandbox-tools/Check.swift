import ArgumentParser
import RunCommand
import Foundation
import Playback
import TouchStream

/// `gesture-sandbox check`: the conformance checker over a trace file.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a trace against the wl_touch protocol rules (ids explained in docs/rules.md).",
        discussion: """
            TRACE is a JSON Lines trace (from `run --record`; read as a stream) or the compact form. \
            One line per finding: `TRACE:record N t=T: CATEGORY RULE: what happened; the wayland.xml text`, \
            then `N violations, N ambiguities, N heuristics in M records`, then (when there are findings) \
            a line saying where the rule ids are explained. Records count from 0 (the header \
            line is not a record). Violations break a MUST or SHOULD (R…, S…); ambiguities are behaviour \
            compositors differ on (A…); heuristics flag likely bugs (H1 microsecond timestamps, H2 a jump \
            that looks like a surface switch). The header's wl_touch version and surface size enable R12, \
            S1 and A11; capabilities records (written by `run --record`) enable R14 and A8. Not checkable \
            from a trace: R13 (events do not name their wl_touch object), R15, R17 (requests are not \
            recorded), A5, A7, A9, A10, A15.

            --json writes one JSON object per line instead: each finding as kind "finding" with rule, \
            category, record, time (or null), id (or null) and message; then one object of kind "summary" \
            with violations, ambiguities, heuristics, records and unchecked (the rule ids a trace cannot show).

            Every rule id is explained in docs/rules.md (installed with the documentation): the wayland.xml \
            text, what a client should do, and what real compositors are known to do. `check --explain ID` \
            prints one entry; `check --explain all` lists the ids.

            Exit status: 0 no violation, 1 violations found, 2 unreadable input (one line: \
            FILE:LINE:COLUMN: what is wrong) or an unknown rule id.
            """)

    @Argument(help: ArgumentHelp("The trace file, or - for standard input.", valueName: "trace"))
    var trace: String?

    @Option(help: ArgumentHelp("Print the docs/rules.md entry of a rule id (R1, S8, A1, H2…; all lists them) and exit.",
                               valueName: "id"))
    var explain: String?

    @Flag(help: "One JSON object per finding and a summary object, instead of text.")
    var json = false

    func validate() throws {
        guard (trace == nil) != (explain == nil) else {
            throw ValidationError("give a trace to check, or --explain ID")
        }
    }

    func run() throws {
        if let explain { return try Self.explain(explain) }
        guard let trace else { return }
        var lines = 0
        let code = TraceCheck.command(path: trace, format: json ? .jsonLines : .text) {
            print($0)
            lines += 1
        } failure: {
            _ = fail($0, code: TraceCheck.unreadableExitCode)
        }
        // A reader of the text output must be able to look the cited ids up.
        if !json, lines > 1, code != TraceCheck.unreadableExitCode { print(Self.whereRulesAre) }
        if code != 0 { throw ExitCode(code) }
    }

    /// The last line of text output that has findings.
    static let whereRulesAre = "Rule ids: gesture-sandbox check --explain ID, or \(RuleDocument.path) in the documentation."

    /// Prints one rule's entry, or the list of ids and titles for `all`.
    private static func explain(_ id: String) throws {
        if id.lowercased() == "all" {
            for entry in RuleDocument.entries { print("\(entry.id)\t\(entry.title)") }
            return
        }
        guard let entry = RuleDocument.entry(for: id) else {
            let ids = RuleDocument.entries.map(\.id).joined(separator: " ")
            throw fail(RuntimeError("unknown rule id \"\(id)\"; known ids: \(ids)"), code: 2)
        }
        print(entry.text, terminator: "")
    }
}
