import Foundation
import TestSupport
import Testing
import TouchStream

// MARK: - An input read twice

@Suite struct RereadableInputTests {
    private static func items(_ stream: TraceStream) throws -> [ScriptItem] {
        var items: [ScriptItem] = []
        while let item = try stream.next() { items.append(item) }
        return items
    }

    @Test func aFIFOIsCopiedWhileReadAndReadAgainFromTheCopy() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let fifo = try dir.fifo("pipe", feeding: "down 0 1 1; frame\nup 0; frame\n")
        let input = try RereadableInput(fifo)
        let first = try Self.items(try input.stream())
        #expect(first.count == 4)
        // The FIFO is spent; the second stream reads what the first one read.
        #expect(try Self.items(try input.stream()) == first)
    }

    @Test func errorsInTheCopyCiteTheInput() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let fifo = try dir.fifo("pipe", feeding: "down 0 1 1; frame\nflap\n")
        let input = try RereadableInput(fifo)
        #expect(input.name == fifo)
        let error = #expect(throws: TraceError.self) { _ = try Self.items(try input.stream()) }
        #expect(error?.description.hasPrefix("\(fifo):2:1: unknown statement") == true)
    }
}
