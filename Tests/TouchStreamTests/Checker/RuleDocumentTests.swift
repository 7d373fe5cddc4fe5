import Foundation
import Testing
import TouchStream

// MARK: - docs/rules.md and the checker's rule list stay in step

/// docs/rules.md is the reference every rule id resolves to; the binaries embed it.
@Suite struct RuleDocumentTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    private static func documentOnDisk() throws -> String {
        try String(contentsOfFile: "\(root)/\(RuleDocument.path)", encoding: .utf8)
    }

    @Test("the embedded text is docs/rules.md (else run scripts/generate-rules-doc.sh)")
    func embeddedTextIsCurrent() throws {
        #expect(RuleDocument.text + "\n" == (try Self.documentOnDisk()))
    }

    @Test("every id the checker knows has an entry, and every entry is an id the checker knows")
    func idsInStep() throws {
        let documented = RuleDocument.parse(try Self.documentOnDisk()).map(\.id).filter { !$0.hasPrefix("M") }
        #expect(Set(documented) == Set(RuleDocument.checkerIDs))
        #expect(documented.count == Set(documented).count, "an id has two entries")
        #expect(RuleDocument.checkerIDs.count == 49)
    }

    @Test("each entry gives the protocol text, the client's policy, compositor facts and the checker's verdict")
    func entriesHaveEveryPart() {
        for entry in RuleDocument.entries {
            for part in ["- **Protocol**", "- **Client**:", "- **Compositors**:", "- **Checker**:"] {
                #expect(entry.text.contains(part), "\(entry.id) lacks \(part)")
            }
            #expect(!entry.title.isEmpty)
        }
        #expect(!RuleDocument.text.contains("DESIGN"))
    }

    @Test("a checked rule's entry quotes the same wayland.xml words as the findings do")
    func quotesAgree() throws {
        let r3 = try #require(RuleDocument.entry(for: "r3"))
        #expect(r3.text.hasPrefix("### R3 — event for an id after its up\n"))
        #expect(r3.text.contains("this touch point and the touch point's ID is released"))
        let unchecked = try #require(RuleDocument.entry(for: "R13"))
        #expect(unchecked.text.contains("- **Checker**: not reported"))
        #expect(RuleDocument.entry(for: "R99") == nil)
    }
}
