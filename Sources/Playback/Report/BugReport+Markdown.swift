import FoundationEssentials
import TouchStream

// MARK: - report.md

extension BugReport {
    /// The report's Markdown text.
    public func markdown() -> String {
        var out = "# Touch stream report: \(cell(traceName))\n\n"
        out += "\(recordCount) wl_touch records, checked against the wl_touch rules "
        out += "(explained in `\(RuleDocument.path)` of the gesture-sandbox documentation, or by `gesture-sandbox check --explain ID`) "
        out += "and replayed through the `\(sceneType.info.name)` scene under the `\(profile.name)` profile.\n\n"
        out += environmentSection() + findingsSection() + minimalSection() + replaySection()
        out += "## Pictures\n\n![timeline](timeline.svg)\n\n"
        out += "Each finger's path is drawn in its own colour with its id: a disc where it went down, a square "
        out += "where it lifted, a cross where it was cancelled"
        out += findings.isEmpty ? ".\n\n" : "; the first finding's event is circled in red with its rule id.\n\n"
        out += findings.isEmpty ? "" : "First finding (scene replayed up to record \(findings[0].recordIndex)):\n\n![first finding](first-finding.png)\n\n"
        out += "After the whole trace:\n\n![end](end.png)\n"
        return out
    }

    private func environmentSection() -> String {
        var out = "## Environment\n\n| | |\n|---|---|\n"
        guard let header else {
            return out + "| trace | compact form: no header, environment unknown |\n\n"
        }
        let environment = header.environment
        var rows: [(String, String)] = [("compositor", environment.compositor ?? "unknown")]
        rows.append(("seat", environment.seat.map { "\($0.name) (wl_seat v\($0.version))" } ?? "unknown"))
        rows.append(("wl_touch version", environment.touchVersion.map(String.init) ?? "unknown"))
        rows.append(("surface", environment.surface.map { "\($0.width)×\($0.height) logical px, buffer scale \($0.bufferScale)" } ?? "unknown"))
        for output in environment.outputs {
            rows.append(("output \(output.name)", "\(output.width)×\(output.height) @ \(Double(output.refresh) / 1000) Hz, scale \(output.scale), transform \(output.transform)"))
        }
        rows.append(("recorded with", "\(header.profile) profile, gesture-sandbox \(header.toolVersion), \(header.created)"))
        out += rows.map { "| \(cell($0.0)) | \(cell($0.1)) |\n" }.joined()
        if !environment.globals.isEmpty {
            out += "\nGlobals: " + environment.globals.map { "`\($0.interface)` v\($0.version)" }.joined(separator: ", ") + "\n"
        }
        return out + "\n"
    }

    private func findingsSection() -> String {
        var out = "## Findings\n\n"
        guard tally.total > 0 else { return out + "None: the stream keeps every rule the checker decides.\n\n" }
        out += "\(tally.violations) violations, \(tally.ambiguities) ambiguities, \(tally.heuristics) heuristics.\n\n"
        out += "| record | t (ms) | rule | kind | what happened |\n|---|---|---|---|---|\n"
        for finding in findings {
            out += "| \(finding.recordIndex) | \(finding.time.map(String.init) ?? "") | \(finding.ruleID) | \(finding.category.rawValue) | \(cell(finding.message)) |\n"
        }
        if tally.total > findings.count {
            out += "\nThe first \(findings.count) of \(tally.total) findings; `gesture-sandbox check` lists them all.\n"
        }
        out += "\n### Rules cited\n\n"
        out += "Each entry as in `\(RuleDocument.path)` (`gesture-sandbox check --explain ID` prints it too).\n\n"
        for id in citedRules {
            // One level deeper than the document's own headings, so they nest under this section.
            if let entry = RuleDocument.entry(for: id) {
                out += "#" + entry.text + "\n"
            } else {
                out += "> **\(id)** \(ConformanceRule(rawValue: id)?.quote ?? "(no rule text)")\n\n"
            }
        }
        return out
    }

    private func minimalSection() -> String {
        guard let first = firstViolation else { return "" }
        guard let minimalTrace else {
            return "## Minimal trace\n\nNot made: \(minimalProblem ?? "the first violation could not be shrunk").\n\n"
        }
        return """
            ## Minimal trace

            Shrunk from \(recordCount) to \(minimalTrace.count) records, keeping the first violation \
            (\(first.ruleID) at record \(first.recordIndex)); saved as `minimal.txt`:

            ```text
            \(CompactTrace.write(records: minimalTrace))```


            """
    }

    private func replaySection() -> String {
        let options = "--scene \(sceneType.info.name) --profile \(profile.name)"
        var out = "## Replay\n\n```sh\ngesture-sandbox replay \(shellQuoted(traceName)) \(options) --png end.png\n"
        if minimalTrace != nil { out += "gesture-sandbox replay minimal.txt \(options)\n" }
        return out + "```\n\n"
    }

    /// Text safe inside a Markdown table cell.
    private func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }

    private func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) } ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
