import CompositorDrivers
import Foundation
import TestSupport
import Testing

// MARK: - A seat with touch and no pointer

/// tap@touchonly and focus@touchonly from the shared matrix run of ``MatrixCommandTests``: the
/// compositors that can have such a seat send what they send with a pointer, and sway still
/// moves the keyboard focus to each window touched.
extension MatrixCommandTests {
    @Test("touch-only seat: weston and the nested wlroots compositors tap as with a pointer; the others say why not")
    func touchOnlySeat() throws {
        let run = try shared()
        let plain = run.summary("tap"), touchOnly = run.summary("tap@touchonly"), focus = run.summary("focus@touchonly")
        let able: Set<CompositorKind> = [.weston, .sway, .phoc, .cage]
        for kind in run.kinds {
            let cell = touchOnly[kind] ?? ""
            if able.contains(kind) {
                // The same findings as the plain seat's tap (the letters are the row's own).
                #expect(Self.findings(cell) == Self.findings(plain[kind] ?? "") && !cell.hasPrefix("not"),
                        "\(kind): \(cell) against \(plain[kind] ?? "")")
                let stream = (try? String(contentsOfFile: run.directory.file("m/\(kind.rawValue)/tap@touchonly/stream.txt"),
                                          encoding: .utf8)) ?? ""
                #expect(stream.hasPrefix("down 0 100 100"), "\(kind): \(stream)")
            } else {
                #expect(cell == "not injectable here (touch-only seat)", "\(kind): \(cell)")
            }
        }
        // Keyboard focus by touch alone: no H3 on sway, the one that can show two windows.
        if run.kinds.contains(.sway) {
            #expect(focus[.sway]?.hasPrefix("not") == false && focus[.sway]?.contains("H3") == false, "\(focus[.sway] ?? "")")
        }
    }

    /// The rule ids of a summary cell ("B · M1 A1" → ["M1", "A1"]; "A ✓" → []).
    static func findings(_ cell: String) -> [String] {
        cell.split(separator: " ").map(String.init).filter { $0.count >= 2 && $0.first!.isUppercase && $0.dropFirst().allSatisfy(\.isNumber) }
    }
}
