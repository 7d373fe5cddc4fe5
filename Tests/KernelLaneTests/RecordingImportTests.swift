import Foundation
import KernelLane
import Testing
import TestSupport

/// `libinput record`, evemu-record and hid-recorder files read into one recorded device, and
/// their summaries; every malformed file is one line naming FILE:LINE.
@Suite struct RecordingImportTests {
    /// The touches every fixture holds, as (tracking or contact, x, y) per landing.
    static let elanAxes = [
        RecordingSummary.Axis(name: "ABS_MT_POSITION_X", minimum: 0, maximum: 3199, resolution: 12),
        RecordingSummary.Axis(name: "ABS_MT_POSITION_Y", minimum: 0, maximum: 1999, resolution: 12),
        RecordingSummary.Axis(name: "ABS_X", minimum: 0, maximum: 3199, resolution: 12),
        RecordingSummary.Axis(name: "ABS_Y", minimum: 0, maximum: 1999, resolution: 12),
        RecordingSummary.Axis(name: "ABS_MT_TOUCH_MAJOR", minimum: 0, maximum: 255, resolution: 0),
    ]

    @Test func anEvemuRecordingKeepsTheDeviceAndItsTimedEvents() throws {
        let recording = try RecordingImport.read(RecordingFixtures.evemu, name: "elan.evemu")
        #expect(recording.source == .evemu)
        #expect(recording.name == "ELAN2514:00 04F3:2A1A")
        #expect([recording.bustype, recording.vendor, recording.product, recording.version] as [Int] == [0x18, 0x04f3, 0x2a1a, 0x100])
        #expect(recording.properties == [EvdevNames.direct])
        #expect(recording.codes == [1: [330], 3: [0, 1, 47, 48, 53, 54, 57], 4: [5]])
        #expect(recording.absinfo[0x35] == AbsInfo(minimum: 0, maximum: 3199, resolution: 12))
        #expect(recording.absinfo[0x2f] == AbsInfo(minimum: 0, maximum: 9))
        #expect(recording.events.count == 39)
        #expect(recording.events.first == RecordedEvent(seconds: 1873, microseconds: 402117, type: 3, code: 0x2f, value: 0))
        #expect(recording.events[1] == RecordedEvent(seconds: 1873, microseconds: 402117, type: 3, code: 0x39, value: 412))
        // -1 is written %04d: "-001".
        #expect(recording.events.contains(RecordedEvent(seconds: 1873, microseconds: 417031, type: 3, code: 0x39, value: -1)))
        #expect(recording.events.last == RecordedEvent(seconds: 1873, microseconds: 659877, type: 0, code: 0, value: 0))
        let summary = try RecordingSummary.of(recording).get()
        #expect(summary.axes == Self.elanAxes)
        #expect(summary.slots == 10)
        #expect(summary.contacts == 3)
        #expect(summary.duration == 0.25776)
        #expect(summary.lines(source: recording) == [
            "ELAN2514:00 04F3:2A1A: touchscreen (evemu; bus 0x18, vendor 0x04f3, product 0x2a1a)",
            "  ABS_MT_POSITION_X 0..3199, 12 units/mm", "  ABS_MT_POSITION_Y 0..1999, 12 units/mm",
            "  ABS_X 0..3199, 12 units/mm", "  ABS_Y 0..1999, 12 units/mm", "  ABS_MT_TOUCH_MAJOR 0..255, resolution unknown",
            "  slots: 10", "  contacts: 3 in 0.258 s (39 events)",
        ])
    }

    @Test func aLibinputRecordOfTheSameDeviceReadsTheSame() throws {
        let recording = try RecordingImport.read(RecordingFixtures.libinputRecord, name: "elan.yml")
        let evemu = try RecordingImport.read(RecordingFixtures.evemu, name: "elan.evemu")
        #expect(recording.source == .libinputRecord)
        #expect(recording.name == evemu.name)
        #expect([recording.bustype, recording.vendor, recording.product, recording.version] as [Int]
                == [evemu.bustype, evemu.vendor, evemu.product, evemu.version])
        #expect(recording.properties == evemu.properties)
        #expect(recording.codes == evemu.codes)
        #expect(recording.absinfo == evemu.absinfo)
        // The same events, 1870 s earlier: libinput record counts from the recording's start. Its own
        // (libinput) events are not the device's and are left out.
        #expect(recording.events.map { RecordedEvent(seconds: $0.seconds + 1870, microseconds: $0.microseconds, type: $0.type,
                                                     code: $0.code, value: $0.value) } == evemu.events)
        let summary = try RecordingSummary.of(recording).get()
        #expect(summary.axes == Self.elanAxes && summary.slots == 10 && summary.contacts == 3 && summary.duration == 0.25776)
    }

    @Test func aHIDRecorderFileKeepsTheDescriptorAndReportsAndItsAxesComeFromTheDescriptor() throws {
        let recording = try RecordingImport.read(RecordingFixtures.hidRecorder, name: "elan.hid")
        #expect(recording.source == .hidRecorder && recording.isHID)
        #expect(recording.name == "ELAN2514:00 04F3:2A1A")
        #expect([recording.bustype, recording.vendor, recording.product] as [Int] == [0x18, 0x04f3, 0x2a1a])
        #expect(recording.descriptor.count == 155)
        #expect(recording.descriptor.prefix(6) == [0x05, 0x0d, 0x09, 0x04, 0xa1, 0x01])
        #expect(recording.reports.count == 5)
        #expect(recording.reports[0] == HIDReport(seconds: 512, microseconds: 204410,
                                                  bytes: [1, 1, 0, 0x00, 0x08, 0xb0, 0x04, 0, 0, 0, 0, 0, 0, 1]))
        let summary = try RecordingSummary.of(recording).get()
        // Resolution as the kernel computes it: 4095 units over 120.5 mm, 2399 over 90.6 mm.
        #expect(summary.axes == [RecordingSummary.Axis(name: "X", minimum: 0, maximum: 4095, resolution: 34),
                                 RecordingSummary.Axis(name: "Y", minimum: 0, maximum: 2399, resolution: 26)])
        // The descriptor's Contact Count Maximum (a feature report the recording cannot hold: its logical maximum).
        #expect(summary.slots == 2)
        #expect(summary.contacts == 3)
        #expect(summary.duration == 0.258088)
        #expect(summary.lines(source: recording).last == "  contacts: 3 in 0.258 s (5 reports)")
    }

    @Test func aGenuineLibinputRecordOfTheHIDReplayReadsAsTheDeviceTheKernelMade() throws {
        let recording = try RecordingImport.read(RecordingFixtures.libinputRecordOfHID, name: "hid-replay.yml")
        let hid = try RecordingImport.read(RecordingFixtures.hidRecorder, name: "elan.hid")
        // libinput 1.22 writes the descriptor as hex bytes over several lines.
        #expect(recording.descriptor == hid.descriptor)
        #expect(recording.name == hid.name && recording.properties == [EvdevNames.direct])
        #expect(recording.absinfo[EvdevNames.positionX] == AbsInfo(minimum: 0, maximum: 4095, resolution: 34))
        #expect(recording.absinfo[EvdevNames.positionY] == AbsInfo(minimum: 0, maximum: 2399, resolution: 26))
        let summary = try RecordingSummary.of(recording).get()
        let fromDescriptor = try RecordingSummary.of(hid).get()
        // The kernel's axes are the ones the summary computed from the descriptor.
        #expect(summary.positionX.map { [$0.minimum, $0.maximum, $0.resolution] } == fromDescriptor.positionX.map { [$0.minimum, $0.maximum, $0.resolution] })
        #expect(summary.positionY.map { [$0.minimum, $0.maximum, $0.resolution] } == fromDescriptor.positionY.map { [$0.minimum, $0.maximum, $0.resolution] })
        #expect(summary.slots == fromDescriptor.slots && summary.contacts == fromDescriptor.contacts)
        #expect(recording.events.filter { $0.type == EvdevNames.abs && $0.code == EvdevNames.positionX }.map(\.value) == [2048, 2060, 1024, 3072])
    }

    @Test func theDescriptorsFingersAreReadOutOfEachReport() throws {
        let recording = try RecordingImport.read(RecordingFixtures.hidRecorder, name: "elan.hid")
        let descriptor = try HIDDescriptor.parse(recording.descriptor)
        #expect(descriptor.numbered)
        #expect(descriptor.inputReportBytes == [1: 13])
        let xs = descriptor.fields.filter { $0.usage == HIDDescriptor.Usage.x }
        #expect(xs.map(\.bitOffset) == [16, 64])
        #expect(xs.map(\.collection) == [1, 2])
        let pair = recording.reports[3].bytes
        #expect(xs.map { descriptor.value(of: $0, in: pair) } == [1024, 3072])
        let count = try #require(descriptor.fields.first { $0.usage == HIDDescriptor.Usage.contactCount })
        #expect(descriptor.value(of: count, in: pair) == 2)
    }

    @Test func theJSONFormHoldsTheDeviceAndOneEventPerLine() throws {
        let recording = try RecordingImport.read(RecordingFixtures.evemu, name: "elan.evemu")
        let text = RecordingJSON.text(recording)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.prefix(10) == [
            "{", #"  "format": "gesture-sandbox-recording","#, #"  "version": 1,"#, #"  "source": "evemu","#,
            #"  "name": "ELAN2514:00 04F3:2A1A","#, #"  "id": {"bustype": 24, "vendor": 1267, "product": 10778, "version": 256},"#,
            #"  "properties": [1],"#, #"  "codes": {"1": [330], "3": [0, 1, 47, 48, 53, 54, 57], "4": [5]},"#,
            #"  "absinfo": {"0": [0, 3199, 0, 0, 12], "1": [0, 1999, 0, 0, 12], "47": [0, 9, 0, 0, 0], "48": [0, 255, 0, 0, 0], "53": [0, 3199, 0, 0, 12], "54": [0, 1999, 0, 0, 12], "57": [0, 65535, 0, 0, 0]},"#,
            #"  "descriptor": [],"#,
        ])
        #expect(lines[11] == "    [1873, 402117, 3, 47, 0],")
        // It is JSON: Foundation reads it back with every event.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((object["events"] as? [[Int]])?.count == 39)
        #expect((object["events"] as? [[Int]])?[2] == [1873, 402117, 3, 53, 1600])
        let hid = try RecordingImport.read(RecordingFixtures.hidRecorder, name: "elan.hid")
        let hidObject = try #require(try JSONSerialization.jsonObject(with: Data(RecordingJSON.text(hid).utf8)) as? [String: Any])
        #expect((hidObject["descriptor"] as? [Int])?.count == 155)
        #expect((hidObject["reports"] as? [Any])?.count == 5)
        #expect(RecordingJSON.quoted("a \"b\"\\\u{1}") == #""a \"b\"\\\u0001""#)
    }

    @Test func aRecordingThatIsNoTouchscreenSaysWhy() throws {
        let touchpad = RecordingFixtures.evemu.replacingOccurrences(of: "P: 02 00", with: "P: 04 00")
        let recording = try RecordingImport.read(touchpad, name: "pad.evemu")
        #expect(RecordingSummary.of(recording) == .failure(KernelLaneError(
            "ELAN2514:00 04F3:2A1A: not a touchscreen (no INPUT_PROP_DIRECT: a touchpad or tablet)", status: 1)))
    }

    /// The error for `text` read as `name`.
    private func error(_ text: String, name: String = "f") -> String? {
        do {
            _ = try RecordingImport.read(text, name: name)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// `fixture` with the line starting with `prefix` replaced by `line`.
    private func replacing(_ fixture: String, _ prefix: String, with line: String) -> String {
        var lines = fixture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = lines.firstIndex { $0.hasPrefix(prefix) }!
        lines[index] = line
        return lines.joined(separator: "\n")
    }

    /// The 1-based line of the first line of `fixture` starting with `prefix`.
    private func line(_ fixture: String, _ prefix: String) -> Int {
        fixture.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) }! + 1
    }

    @Test func malformedEvemuFilesNameTheirLine() {
        let evemu = RecordingFixtures.evemu
        let aLine = line(evemu, "A: 35")
        #expect(error(replacing(evemu, "A: 35", with: "A: 35 0 3199 0"), name: "e")
                == "e:\(aLine): A: wants an axis code in hex, then minimum maximum fuzz flat [resolution]")
        #expect(error(replacing(evemu, "A: 35", with: "A: 35 4000 3199 0 0 12"), name: "e")
                == "e:\(aLine): A: axis 53: minimum 4000 is above maximum 3199")
        let eLine = line(evemu, "E: 1873.409512")
        #expect(error(replacing(evemu, "E: 1873.409512", with: "E: 1873.4095 0003 0035 1610"), name: "e")
                == "e:\(eLine): E: wants sec.usec, type and code in hex, and a value")
        #expect(error(replacing(evemu, "E: 1873.409512", with: "X: 1"), name: "e") == "e:\(eLine): unknown evemu line X:")
        #expect(error(replacing(evemu, "B: 04", with: "B: 04 20 00"), name: "e") == "e:\(line(evemu, "B: 04")): B: wants 8 bytes in hex")
        // An axis declared in B: 03 without its A: line.
        let noRange = evemu.replacingOccurrences(of: "A: 30 0 255 0 0 0\n", with: "")
        #expect(error(noRange, name: "e")?.hasSuffix(": the device declares ABS_MT_TOUCH_MAJOR but gives no range for it") == true)
        #expect(error("I: 0018 04f3 2a1a 0100\n", name: "e") == "e:1: I: before the N: line naming the device")
    }

    @Test func malformedLibinputRecordsNameTheirLine() {
        let record = RecordingFixtures.libinputRecord
        #expect(error(replacing(record, "version: 1", with: "version: 2"), name: "r")
                == "r:1: libinput record file version 2; this import reads version 1")
        let absLine = line(record, "      53:")
        #expect(error(replacing(record, "      53:", with: "      53: [0, 3199, 0, 0]"), name: "r")
                == "r:\(absLine): absinfo 53 (min, max, fuzz, flat, resolution): expected 5 whole numbers")
        let idLine = line(record, "    id:")
        #expect(error(replacing(record, "    id:", with: "    id: [24, 1267, 10778"), name: "r") == "r:\(idLine): a [ list is not closed")
        let eventLine = line(record, "    - [  3, 409512")
        #expect(error(replacing(record, "    - [  3, 409512", with: "    - [  3, 409512,   3,  53, x]"), name: "r")
                == "r:\(eventLine): an evdev event [sec, usec, type, code, value]: expected 5 whole numbers")
        #expect(error(replacing(record, "    name:", with: "    name: \"ELAN"), name: "r")
                == "r:\(line(record, "    name:")): a quoted string does not end on its line")
        #expect(error(replacing(record, "  evdev:", with: "\tevdev:"), name: "r")
                == "r:\(line(record, "  evdev:")): a tab in the indentation (YAML indents with spaces)")
        let twoDevices = record + "\n- node: /dev/input/event8\n  evdev:\n    name: \"Other\"\n"
        #expect(error(twoDevices, name: "r") == "r:\(line(record, "- node:")): 2 devices recorded; import reads a recording of one (libinput record /dev/input/eventN)")
    }

    @Test func malformedHIDRecorderFilesNameTheirLine() {
        let hid = RecordingFixtures.hidRecorder
        let rLine = line(hid, "R:")
        #expect(error(replacing(hid, "R:", with: "R: 99 05 0d 09 04"), name: "h") == "h:\(rLine): R: says 99 bytes but gives 4")
        // A descriptor whose collection never ends.
        #expect(error(replacing(hid, "R:", with: "R: 6 05 0d 09 04 a1 01"), name: "h")
                == "h:\(rLine): R: the report descriptor is malformed: 1 collection(s) not ended")
        let eLine = line(hid, "E: 000512.211903")
        #expect(error(replacing(hid, "E: 000512.211903", with: "E: 000512.211903 3 01 01 00"), name: "h")
                == "h:\(eLine): E: report 1 has 3 bytes; the descriptor makes it 14")
        #expect(error(replacing(hid, "E: 000512.211903", with: "E: 000512.211903 2 07 01"), name: "h")
                == "h:\(eLine): E: report id 7 is no input report of the descriptor")
        #expect(error(replacing(hid, "E: 000512.211903", with: "E: 000512.211903 14 01 zz"), name: "h")
                == "h:\(eLine): E: the report's bytes are hex")
        #expect(error(hid.replacingOccurrences(of: "I: 18 04f3 2a1a\n", with: ""), name: "h")?
                    .hasSuffix(": no I: line with the device's bus, vendor and product") == true)
    }

    @Test func aFileOfNoKnownFormatIsRefusedOnItsFirstLine() {
        #expect(error("# comment\n{\"touch\": 1}\n", name: "x.json")
                == "x.json:2: not a libinput record, evemu or hid-recorder file (it begins with \"{\"touch\": 1}\")")
        #expect(error("\n# only comments\n", name: "x") == "x:1: empty: not a libinput record, evemu or hid-recorder file")
    }
}
