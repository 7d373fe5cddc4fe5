import CompositorDrivers
import Foundation

// MARK: - One seat, a mouse and a touchscreen

extension MatrixRunner {
    /// Moves the mouse pointer to where `script` parks it (window-relative to its first window at
    /// `origin`) and leaves it there, before the first touch.
    func parkPointer(for script: MatrixScript, origin: (x: Double, y: Double), session: CompositorSession) throws {
        guard let point = script.pointerParkedAt else { return }
        try session.pointerMotion(x: origin.x + point.x, y: origin.y + point.y)
        // The compositor's wl_pointer.enter and motion reach the client before the touches do, as
        // when a person moves the mouse and then reaches for the screen.
        Thread.sleep(forTimeInterval: Self.pointerSettle)
    }

    /// Seconds between parking the pointer and the first touch.
    static let pointerSettle = 0.15
}
