import Foundation
import TestSupport
import Testing
import TouchFuzz
import TouchStream

/// JSON Lines traces: the record format, exact round trips, and errors with line and column.
@Suite struct JSONLTraceTests {
    private static let headerLine = sampleHeader.jsonLine()

    @Test func recordLinesHaveTheDocumentedForm() {
        let down = RawRecord(.down(serial: 1, time: 0, surface: "wl_surface@3", id: 0,
                                   x: WLFixed(10), y: WLFixed(-0.5)))
        #expect(TraceWriter.line(for: down)
            == #"{"kind":"down","serial":1,"time":0,"surface":"wl_surface@3","id":0,"x":2560,"y":-128,"xf":10,"yf":-0.5}"#)
        let shape = RawRecord(.shape(id: -1, major: WLFixed(3), minor: WLFixed(1.5)), hiResTimeNanoseconds: 77,
                              isEmulated: true)
        #expect(TraceWriter.line(for: shape)
            == #"{"kind":"shape","id":-1,"major":768,"minor":384,"majorf":3,"minorf":1.5,"hires":77,"emulated":true}"#)
        #expect(TraceWriter.line(for: RawRecord(.frame)) == #"{"kind":"frame"}"#)
    }

    @Test func headerLineCarriesFormatVersionAndISOTime() throws {
        let line = sampleHeader.jsonLine()
        #expect(line.hasPrefix(#"{"created":"2026-11-22T05:00:00.000Z","environment":{"compositor":"weston 10.0.1","globals":[{"interface":"wl_compositor","version":4}"#))
        #expect(line.hasSuffix(#""format":"gesture-sandbox-trace","profile":"uikit","toolVersion":"0.1.0","version":3}"#))
        #expect(!line.contains("\n"))
        #expect(TraceHeader.isoTimestamp(Date(timeIntervalSince1970: 1.5)) == "1970-01-01T00:00:01.500Z")
    }

    @Test func headerRoundTrips() throws {
        let line = Array(sampleHeader.jsonLine().utf8)
        #expect(try TraceHeader.parse(line, file: "h") == sampleHeader)
    }

    @Test func generatedStreamsRoundTripExactly() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        var generator = StreamGenerator(seed: 99)
        var records: [RawRecord] = [
            RawRecord(.down(serial: 0, time: 0, surface: "quote\" back\\slash\nnewline é", id: Int32.min,
                            x: WLFixed(rawValue: Int32.min), y: WLFixed(rawValue: Int32.max)),
                      hiResTimeNanoseconds: UInt64.max),
            RawRecord(.orientation(id: 3, orientation: WLFixed(rawValue: -46_080))),
        ]
        for _ in 0..<100 { records += generator.nextStream().records }
        let path = dir.file("trace.jsonl")
        let writer = try TraceWriter(path: path, header: sampleHeader)
        for record in records { try writer.write(record) }
        try writer.finish()
        let (header, back) = try readAll(path)
        #expect(header == sampleHeader)
        #expect(back == records)
        let trace = try TraceReader.read(path)
        #expect(trace.format == .jsonLines)
        #expect(trace.records == records)
        var streamed: [RawRecord] = []
        let streamedHeader = try TraceReader.forEachItem(in: path) { item in
            if case .record(let record) = item { streamed.append(record) }
        }
        #expect(streamedHeader == sampleHeader)
        #expect(streamed == records)
    }

    @Test func spacedLinesReadTheSameAsTheWritersOwn() throws {
        // The writer's layout takes a fast path; any other layout takes the general parser.
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        var generator = StreamGenerator(seed: 5)
        var records: [RawRecord] = []
        for _ in 0..<50 { records += generator.nextStream().records }
        let canonical = records.map { TraceWriter.line(for: $0) }
        let spaced = canonical.map {
            $0.replacingOccurrences(of: ",\"", with: ", \"").replacingOccurrences(of: "\":", with: "\" : ")
        }
        #expect(spaced != canonical)
        let a = try dir.write("a.jsonl", ([Self.headerLine] + canonical).joined(separator: "\n") + "\n")
        let b = try dir.write("b.jsonl", ([Self.headerLine] + spaced).joined(separator: "\n") + "\n")
        #expect(try readAll(a).1 == records)
        #expect(try readAll(b).1 == records)
    }

    @Test func writerLayoutOutOfRangeStillGivesTheError() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let path = try dir.write("r.jsonl", Self.headerLine + "\n" + #"{"kind":"motion","time":4294967296,"id":0,"x":1,"y":1}"# + "\n")
        #expect(errorText { _ = try readAll(path) } == "\(path):2:25: \"time\" is out of range 0...4294967295")
    }

    @Test func keyOrderSpacesBlankLinesAndEscapesAreAccepted() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let path = try dir.write("t.jsonl", """
            \(Self.headerLine)
             { "kind" : "down" , "x":256,"y":0,"id":2,"time":5,"serial":9,"surface":"a\\u00e9\\ud83d\\ude00\\/","xf":1.0e0 }

            {"kind":"up","id":2,"time":6,"serial":10,"surface":null}\r
            """)
        // The last line has no newline and a surface key an up may not have: checked below.
        #expect(errorText { _ = try readAll(path) }
            == "\(path):4:42: truncated record (no newline at end of file): a up record has no \"surface\"")
        let fixed = try dir.write("u.jsonl", """
            \(Self.headerLine)
             { "kind" : "down" , "x":256,"y":0,"id":2,"time":5,"serial":9,"surface":"a\\u00e9\\ud83d\\ude00\\/","xf":1.0e0 }

            {"kind":"up","id":2,"time":6,"serial":10}
            """)
        let (_, records) = try readAll(fixed)
        #expect(records == [
            RawRecord(.down(serial: 9, time: 5, surface: "aé😀/", id: 2, x: WLFixed(1), y: WLFixed(0))),
            RawRecord(.up(serial: 10, time: 6, id: 2)),
        ])
    }

    @Test(arguments: [
        (#"{"kind":"motion","time":1,"id":0,"x":1}"#, #"2:39: a motion record needs "y""#),
        (#"{"kind":"motion","serial":1,"time":1,"id":0,"x":1,"y":1}"#, #"2:18: a motion record has no "serial""#),
        (#"{"id":0,"kind":"up"}"#, #"2:2: the first key must be "kind""#),
        (#"{"kind":"wiggle"}"#, #"2:9: unknown kind "wiggle" (expected down, up, motion, frame, cancel, shape, orientation, capabilities, flush or a surface record kind such as keyboard-enter)"#),
        (#"{"kind":"motion","time":1,"id":0,"x":1.5,"y":0}"#, #"2:38: "x" must be an integer (raw value, not a decimal)"#),
        (#"{"kind":"up","serial":1,"time":0,"id":99999999999}"#, #"2:39: "id" is out of range -2147483648...2147483647"#),
        (#"{"kind":"up","serial":-1,"time":0,"id":0}"#, #"2:23: "serial" is out of range 0...4294967295"#),
        (#"{"kind":"frame","kind":"frame"}"#, #"2:17: a frame record has no "kind""#),
        (#"{"kind":"up","serial":1,"serial":2,"time":0,"id":0}"#, #"2:25: "serial" given twice"#),
        (#"{"kind":"frame","colour":1}"#, "2:17: unknown key"),
        (#"{"kind":"frame"} x"#, "2:18: unexpected text after the record"),
        (#"["kind"]"#, "2:1: a record must be a JSON object"),
        (#"{"kind":"down","serial":1,"time":0,"id":0,"x":1,"y":1,"xf":1.}"#, #"2:60: "xf" must be a number"#),
        (#"{"kind":"down","serial":1,"time":0,"id":0,"x":1,"y":1,"surface":"a\q"}"#, "2:67: invalid escape in string"),
        (#"{"kind":"frame","emulated":1}"#, #"2:28: "emulated" must be true or false"#),
    ])
    func malformedRecordsGiveLineAndColumn(record: String, expected: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let path = try dir.write("bad.jsonl", Self.headerLine + "\n" + record + "\n")
        #expect(errorText { _ = try readAll(path) } == "\(path):\(expected)")
    }

    @Test func truncatedLastLineIsReportedAsTruncated() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let path = try dir.write("cut.jsonl", Self.headerLine + "\n{\"kind\":\"frame\"}\n{\"kind\":\"motion\",\"time\":1,\"id\":0,\"x\":1")
        #expect(errorText { _ = try readAll(path) }
            == "\(path):3:39: truncated record (no newline at end of file): expected ',' or '}' (line ends early)")
        let whole = try dir.write("whole.jsonl", Self.headerLine + "\n{\"kind\":\"frame\"}")
        #expect(try readAll(whole).1 == [RawRecord(.frame)])
    }

    @Test func badHeadersAndEmptyFiles() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let empty = try dir.write("empty.jsonl", "")
        #expect(errorText { _ = try JSONLTraceReader(path: empty) } == "\(empty):1:1: empty trace: no header line")
        #expect(errorText { _ = try TraceReader.read(empty) } == "\(empty):1:1: empty trace")
        let spaces = try dir.write("spaces.jsonl", "  \n\n")
        #expect(errorText { _ = try TraceReader.read(spaces) } == "\(spaces):1:1: empty trace")
        var other = sampleHeader
        other.format = "something-else"
        let wrong = try dir.write("wrong.jsonl", other.jsonLine() + "\n")
        #expect(errorText { _ = try readAll(wrong) }
            == "\(wrong):1:\(column(of: "\"something-else\"", in: other.jsonLine())): not a gesture-sandbox trace (format \"something-else\", expected \"gesture-sandbox-trace\")")
        var future = sampleHeader
        future.version = 4
        let newer = try dir.write("v4.jsonl", future.jsonLine() + "\n")
        #expect(errorText { _ = try readAll(newer) } == "\(newer):1:\(column(of: #""0.1.0","version":4}"#, in: future.jsonLine()) + 18): unsupported trace version 4 (this tool reads versions 1 to 3)")
        let missing = try dir.write("missing.jsonl", #"{"format":"gesture-sandbox-trace","version":1}"# + "\n")
        #expect(errorText { _ = try readAll(missing) } == "\(missing):1:1: header is missing \"toolVersion\"")
        let broken = try dir.write("broken.jsonl", "{\"format\":\n")
        #expect(errorText { _ = try readAll(broken) } == "\(broken):1:11: header: expected a value (line ends early)")
        #expect(errorText { _ = try JSONLTraceReader(path: dir.file("absent.jsonl")) }
            == "\(dir.file("absent.jsonl")):1:1: no such file")
    }

    @Test func linesLongerThanTheReadChunkAreRead() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let surface = String(repeating: "s", count: 3 << 20)
        let record = RawRecord(.down(serial: 1, time: 2, surface: surface, id: 3, x: WLFixed(4), y: WLFixed(5)))
        let path = try dir.write("long.jsonl", Self.headerLine + "\n" + TraceWriter.line(for: record) + "\n")
        #expect(try readAll(path).1 == [record])
    }

    @Test func compactFilesAreDetectedAndErrorsNameTheFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let script = try dir.write("s.touch", "# tap\n  down 0 1 1; frame\nsleep 10; up 0; frame\n")
        let trace = try TraceReader.read(script)
        #expect(trace.format == .compact)
        #expect(trace.header == nil)
        #expect(trace.items.count == 5)
        var streamed: [ScriptItem] = []
        #expect(try TraceReader.forEachItem(in: script) { streamed.append($0) } == nil)
        #expect(streamed == trace.items)
        let bad = try dir.write("bad.touch", "down 0 1 1; frame\nup\n")
        #expect(errorText { _ = try TraceReader.read(bad) } == "\(bad):2:3: missing ID: expected 'up ID'")
    }
}

/// The 1-based byte column where `needle` first occurs in `line`.
func column(of needle: String, in line: String) -> Int {
    let bytes = Array(line.utf8), target = Array(needle.utf8)
    for start in 0...(bytes.count - target.count) where Array(bytes[start..<start + target.count]) == target {
        return start + 1
    }
    return 0
}
