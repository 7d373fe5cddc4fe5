import ArgumentParser
import Foundation
import TouchStream

/// `gesture-sandbox check`: the conformance checker over a trace file.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a trace against the wl_touch protocol rules (DESIGN §4).",
        discussion: """
            TRACE is a JSON Lines trace (from `run --record`; read as a stream) or the compact form. \
            One line per finding: `TRACE:record N t=T: CATEGORY RULE: what happened; the wayland.xml text`, \
            then `N violations, N ambiguities, N heuristics in M records`. Records count from 0 (the header \
            line is not a record). Violations break a MUST or SHOULD (R…, S…); ambiguities are behaviour \
            compositors differ on (A…); heuristics flag likely bugs (H1 microsecond timestamps, H2 a jump \
            that looks like a surface switch). The header's wl_touch version and surface size enable R12, \
            S1 and A11; capabilities records (written by `run --record`) enable R14 and A8. Not checkable \
            from a trace: R13 (events do not name their wl_touch object), R15, R17 (requests are not \
            recorded), A5, A7, A9, A10, A15.

            --json writes one JSON object per line instead: each finding as kind "finding" with rule, \
            category, record, time (or null), id (or null) and message; then one object of kind "summary" \
            with violations, ambiguities, heuristics, records and unchecked (the rule ids a trace cannot show).

            Exit status: 0 no violation, 1 violations found, 2 unreadable input (one line: \
            FILE:LINE:COLUMN: what is wrong).
            """)

    @Argument(help: ArgumentHelp("The trace file, or - for standard input.", valueName: "trace"))
    var trace: String

    @Flag(help: "One JSON object per finding and a summary object, instead of text.")
    var json = false

    func run() throws {
        let code = TraceCheck.command(path: trace, format: json ? .jsonLines : .text) { print($0) } failure: {
            _ = fail($0, code: TraceCheck.unreadableExitCode)
        }
        if code != 0 { throw ExitCode(code) }
    }
}
