import CompositorDrivers
import Foundation

// MARK: - --junit

/// The matrix as JUnit XML, the report format CI servers (GitLab, GitHub Actions through a
/// reporter action, Jenkins) show per test: one `testsuite` per compositor, one `testcase` per
/// cell this run covered (`classname`: the compositor's `--compositors` name, `name`: the script).
///
/// A cell is a **failure** when it has a new finding against the baseline (with `--expect`) or
/// any finding at all (without), the message naming the findings with k/n and **unstable**
/// marks, and the cell's folder; **skipped** when its script is not injectable on that
/// compositor; an **error** when the compositor or one of the cell's runs could not run. Fixed
/// findings and the rest of the cell go to `system-out`.
public enum MatrixJUnit {
    /// The document; `folder` is the matrix folder as the user named it (messages point into it).
    public static func xml(_ result: MatrixResult, folder: String) -> String {
        let check = result.baselineCheck
        let covered = result.coveredCells
        var suites = ""
        var totals = (tests: 0, failures: 0, errors: 0, skipped: 0)
        for column in result.columns {
            let keys = covered.filter { $0.compositor == column.kind }
            guard !keys.isEmpty else { continue }
            var cases = ""
            var counts = (tests: 0, failures: 0, errors: 0, skipped: 0)
            for key in keys {
                let (text, outcome) = testcase(key, column: column, result: result, check: check, folder: folder)
                cases += text
                counts.tests += 1
                switch outcome {
                case .failure: counts.failures += 1
                case .error: counts.errors += 1
                case .skipped: counts.skipped += 1
                case .passed: break
                }
            }
            suites += "  <testsuite name=\"\(attribute(column.kind.rawValue))\" tests=\"\(counts.tests)\" "
                + "failures=\"\(counts.failures)\" errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\">\n"
                + "    <properties>\n"
                + "      <property name=\"version\" value=\"\(attribute(column.version ?? "-"))\"/>\n"
                + "      <property name=\"injects\" value=\"\(attribute(column.capabilities.names.joined(separator: ", ")))\"/>\n"
                + "    </properties>\n" + cases + "  </testsuite>\n"
            totals.tests += counts.tests
            totals.failures += counts.failures
            totals.errors += counts.errors
            totals.skipped += counts.skipped
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"gesture-sandbox matrix\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" "
            + "errors=\"\(totals.errors)\" skipped=\"\(totals.skipped)\" time=\"\(String(format: "%.1f", result.seconds))\">\n"
            + suites + "</testsuites>\n"
    }

    /// How a testcase ended.
    enum Outcome { case passed, failure, error, skipped }

    private static func testcase(_ key: MatrixCellKey, column: MatrixColumn, result: MatrixResult,
                                 check: MatrixBaselineCheck?, folder: String) -> (String, Outcome) {
        let open = "    <testcase classname=\"\(attribute(key.compositor.rawValue))\" name=\"\(attribute(key.script))\""
        let cellFolder = folder + "/" + MatrixLayout.cellFolder(key)
        guard let cell = column.cells[key.script] else {
            let reason = column.unavailable ?? "not run"
            return (open + ">\n      <error message=\"\(attribute(reason))\"/>\n    </testcase>\n", .error)
        }
        if let items = cell.notInjectable {
            let message = "not injectable here: " + items.map(\.description).joined(separator: "; ")
            return (open + ">\n      <skipped message=\"\(attribute(message))\"/>\n    </testcase>\n", .skipped)
        }
        if let reason = cell.notSupported {
            return (open + ">\n      <skipped message=\"\(attribute(reason))\"/>\n    </testcase>\n", .skipped)
        }
        let ran = cell.ran.count
        let repeated = result.repeatCount > 1
        // The marks say k/n and unstable; "new" is what the failure itself says.
        let findings = cell.findingCounts.map { id, runs in
            (id: id, text: MatrixReport.token(id, runs: runs, of: ran, repeated: repeated, status: nil))
        }
        var out = "", outcome = Outcome.passed
        if let failure = cell.failures.first {
            let message = (repeated ? "run \(failure.number): " : "") + failure.message + " (files in \(cellFolder))"
            out += "      <error message=\"\(attribute(message))\"/>\n"
            outcome = .error
        } else {
            let failing = check.map { check in
                findings.filter { check.entry(key, $0.id).map { $0.status == .new && !$0.isUnstable } ?? false }
            } ?? findings
            if !failing.isEmpty {
                let what = check == nil ? "findings" : "new findings (not in \(check!.baseline.source))"
                let message = "\(what): " + failing.map(\.text).joined(separator: ", ") + " in \(cellFolder)"
                out += "      <failure message=\"\(attribute(message))\" type=\"\(check == nil ? "finding" : "new-finding")\">"
                    + text(failing.map { "\($0.text): \(MatrixReport.plainTitle($0.id))" }.joined(separator: "\n")) + "</failure>\n"
                outcome = .failure
            }
        }
        var notes = ["runs: \(cell.outcomes.count), ran: \(ran)", "folder: \(cellFolder)"]
        if !findings.isEmpty { notes.append("findings: " + findings.map(\.text).joined(separator: ", ")) }
        if let check {
            let fixed = check.entries.filter { $0.cell == key && $0.status == .fixed }.map(\.rule)
            if !fixed.isEmpty { notes.append("fixed (in the baseline, seen in no run): " + fixed.joined(separator: ", ")) }
            let flaky = check.new.filter { $0.cell == key && $0.isUnstable }.map { "\($0.rule) \($0.runs)/\($0.of)" }
            if !flaky.isEmpty {
                notes.append("new, seen in some runs only (does not fail; add it to the baseline as unstable): "
                    + flaky.joined(separator: ", "))
            }
        }
        out += "      <system-out>" + text(notes.joined(separator: "\n")) + "</system-out>\n"
        return (open + ">\n" + out + "    </testcase>\n", outcome)
    }

    // MARK: - Escaping

    /// Text content: markup characters escaped, characters XML 1.0 forbids replaced.
    static func text(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An attribute value (in double quotes): line breaks kept as character references.
    static func attribute(_ value: String) -> String {
        text(value).replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\r", with: "&#13;")
    }
}
