import Foundation
import KernelLane
import Testing
import TestSupport

/// `gesture-sandbox import FILE -o OUT` on recordings: the summary, the JSON, and bad files.
@Suite struct ImportCommandTests {
    private func file(_ name: String, _ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [("elan.yml", RecordingFixtures.libinputRecord), ("elan.evemu", RecordingFixtures.evemu),
                      ("elan.hid", RecordingFixtures.hidRecorder)])
    func aTouchscreenRecordingIsWrittenAndSummed(name: String, text: String) throws {
        let input = try file(name, text)
        let output = input + ".json"
        defer { try? FileManager.default.removeItem(atPath: input); try? FileManager.default.removeItem(atPath: output) }
        let result = try sandbox(["import", input, "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ELAN2514:00 04F3:2A1A: touchscreen (") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  contacts: 3 in 0.258 s (") }, "\(lines)")
        #expect(lines.last == "wrote \(output)")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == RecordingJSON.text(try RecordingImport.read(text, name: input)))
        // The subcommand's own name reads the same.
        let again = try sandbox(["import", "recording", input, "-o", output + "2"])
        defer { try? FileManager.default.removeItem(atPath: output + "2") }
        #expect(again.status == 0 && (try? String(contentsOfFile: output + "2", encoding: .utf8)) == written)
    }

    @Test func aBadFileIsOneLineWithItsPlaceAndWritesNothing() throws {
        let bad = RecordingFixtures.evemu.replacingOccurrences(of: "A: 36 0 1999 0 0 12", with: "A: 36 0 1999")
        let input = try file("bad.evemu", bad)
        let output = input + ".json"
        defer { try? FileManager.default.removeItem(atPath: input) }
        let line = bad.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("A: 36") }! + 1
        let result = try sandbox(["import", input, "-o", output])
        #expect(result.status == 1)
        #expect(result.stderr == "gesture-sandbox: \(input):\(line): A: wants an axis code in hex, then minimum maximum fuzz flat [resolution]\n")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output))
        // Nothing half-written beside it either.
        let folder = (output as NSString).deletingLastPathComponent, base = (output as NSString).lastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(base) }.isEmpty)
    }

    @Test func aDeviceThatIsNoTouchscreenIsWrittenWithTheReason() throws {
        let input = try file("pad.evemu", RecordingFixtures.evemu.replacingOccurrences(of: "P: 02 00", with: "P: 04 00"))
        let output = input + ".json"
        defer { try? FileManager.default.removeItem(atPath: input); try? FileManager.default.removeItem(atPath: output) }
        let result = try sandbox(["import", input, "-o", output])
        #expect(result.status == 0)
        #expect(result.stdout == "ELAN2514:00 04F3:2A1A: not a touchscreen (no INPUT_PROP_DIRECT: a touchpad or tablet); 39 events\nwrote \(output)\n")
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test func aRecordingTheGuestCannotReadIsRefusedBeforeAnyBoot() throws {
        let input = try file("notes.txt", "touch it\n")
        let folder = input + "-out"
        defer { try? FileManager.default.removeItem(atPath: input) }
        let result = try sandbox(["guest", "run", "--compositor", "sway", "--recording", input, "-o", folder])
        #expect(result.status == 1)
        #expect(result.stderr == "gesture-sandbox: \(input):1: not a libinput record, evemu or hid-recorder file (it begins with \"touch it\")\n")
        #expect(!FileManager.default.fileExists(atPath: folder))
        let both = try sandbox(["guest", "run", "--compositor", "sway", "--recording", input, "-o", folder, "down 0 1 1; frame"])
        #expect(both.status != 0)
        #expect(both.stderr.contains("give a SCRIPT or --recording FILE (one of them)"))
    }
}
