import Foundation
import Render

// MARK: - Opening the HUD's font off the startup path

/// Opens the default font on its own thread, started before the window connects: fontconfig
/// parses its whole configuration (several ms), which then overlaps the compositor round trips
/// and libdecor's plugin loading instead of preceding them. The first frame takes the result.
final class HUDFontLoad: @unchecked Sendable {
    // Written once by the loading thread before `finished` is signalled, read only after a wait.
    private var result: Result<TextRenderer, Error>?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts opening the font.
    init() {
        let thread = Thread { [self] in
            // Started before the event loop blocks its signals: this thread must never take a
            // SIGINT/SIGTERM meant for the loop's signalfd (that would kill an unsaved recording).
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            result = Result { try TextRenderer() }
            finished.signal()
        }
        thread.start()
    }

    /// The font, or why there is none; waits for the thread if it has not finished.
    func wait() -> Result<TextRenderer, Error> {
        finished.wait()
        finished.signal()  // later waits return at once
        return result!
    }
}
