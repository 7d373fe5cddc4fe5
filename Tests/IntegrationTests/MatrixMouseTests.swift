import CompositorDrivers
import Foundation
import TestSupport
import Testing

// MARK: - One seat, a mouse and a touchscreen

/// hover-tap from the shared matrix run of ``MatrixCommandTests``: the pointer is parked on the
/// window, then a finger taps elsewhere. Users file taps that only hover once the mouse moved.
extension MatrixCommandTests {
    @Test("hover-tap: with the pointer parked on the window, every compositor still delivers the tap as touch, at its own point")
    func tapWithThePointerParked() throws {
        let run = try shared()
        for kind in run.kinds {
            let cell = run.summary("hover-tap")[kind] ?? ""
            #expect(!cell.hasPrefix("not") && cell != "failed", "\(kind): \(cell)")
            let stream = (try? String(contentsOfFile: run.directory.file("m/\(kind.rawValue)/hover-tap/stream.txt"),
                                      encoding: .utf8)) ?? ""
            let lines = stream.split(separator: "\n")
            #expect(lines.first?.hasPrefix("down 0 100 100") == true && lines.dropFirst().first?.hasPrefix("up 0") == true,
                    "\(kind): \(stream)")
        }
    }
}
