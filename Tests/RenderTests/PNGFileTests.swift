import Foundation
import Render
import TestSupport
import Testing
import TouchKit

@Suite struct PNGFileTests {
    @Test func roundTripKeepsEveryPixel() throws {
        let dir = try TemporaryDirectory(prefix: "render-png")
        defer { dir.cleanUp() }
        let buffer = try render(mixedScene(), background: Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
        let path = dir.file("scene.png")
        try PNGFile.write(buffer.target, to: path)
        let read = try PNGFile.read(contentsOf: path)
        #expect(read == RGBAImage(buffer.target))
        #expect(read.rgba(x: 20, y: 20) == [255, 0, 0, 255])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["scene.png"])
    }

    @Test func aTargetOutlivingItsBufferStillReadsItsPixels() throws {
        let dir = try TemporaryDirectory(prefix: "render-png")
        defer { dir.cleanUp() }
        // The buffer is a temporary: only its target survives the expression.
        let target = try render(mixedScene(), background: .white).target
        // Allocations that would reuse freed pixel memory if the target did not keep it alive.
        let others = try (0..<8).map { _ in try PixelBuffer(width: target.width, height: target.height) }
        let path = dir.file("kept.png")
        try PNGFile.write(target, to: path)
        #expect(try PNGFile.read(contentsOf: path).rgba(x: 20, y: 20) == [255, 0, 0, 255])
        #expect(others.count == 8)
    }

    @Test func regionWritesOnlyThatRectangle() throws {
        let dir = try TemporaryDirectory(prefix: "render-png")
        defer { dir.cleanUp() }
        let buffer = try render(mixedScene())
        let region = PixelRect(x: 30, y: 20, width: 25, height: 26)
        let path = dir.file("region.png")
        try PNGFile.write(buffer.target, region: region, to: path)
        let read = try PNGFile.read(contentsOf: path)
        #expect(read.width == 25 && read.height == 26)
        #expect(read == RGBAImage(buffer.target, region: region))
        #expect(read.rgba(x: 12, y: 13) == [0, 0, 255, 255])
    }

    @Test func unwritablePathFailsInOneLineAndLeavesNoFile() throws {
        let dir = try TemporaryDirectory(prefix: "render-png")
        defer { dir.cleanUp() }
        let buffer = try render([], width: 4, height: 4)
        let missing = dir.file("no-such-dir/shot.png")
        let error = #expect(throws: PNGError.self) { try PNGFile.write(buffer.target, to: missing) }
        #expect(error?.description.hasPrefix(missing + ":") == true)
        #expect(error?.description.contains("\n") == false)
        // A directory in the way: the temporary file is written, the rename fails, nothing stays.
        let occupied = dir.file("occupied.png")
        try FileManager.default.createDirectory(atPath: occupied, withIntermediateDirectories: false)
        let second = #expect(throws: PNGError.self) { try PNGFile.write(buffer.target, to: occupied) }
        #expect(second?.description.hasPrefix(occupied + ":") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["occupied.png"])
    }

    @Test func readingANonPNGFailsInOneLine() throws {
        let dir = try TemporaryDirectory(prefix: "render-png")
        defer { dir.cleanUp() }
        let path = dir.file("text.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: path))
        for bad in [path, dir.file("absent.png")] {
            let error = #expect(throws: PNGError.self) { try PNGFile.read(contentsOf: bad) }
            #expect(error?.description.hasPrefix(bad + ":") == true)
            #expect(error?.description.contains("\n") == false)
        }
    }
}
