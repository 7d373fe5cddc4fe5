#if canImport(Glibc)
import Glibc
#endif
import Render

// MARK: - Opening the HUD's font off the startup path

/// Opens the default font for the first frame. Where the font is at its packaged path
/// (`FontLocator.packagedFile`) it is opened when the first frame asks, in well under a
/// millisecond; otherwise fontconfig must find it, which parses its whole configuration (several
/// ms), so that runs on its own thread, started before the window connects, overlapping the
/// compositor round trips and libdecor's plugin loading instead of preceding them.
final class HUDFontLoad: @unchecked Sendable {
    // Written once by the loading thread before it ends, read only after joining it (or, opened
    // on first use, only by the thread that waits).
    private var result: Result<TextRenderer, Error>?
    /// The thread opening the font, until it is joined.
    private var thread: pthread_t?
    /// The packaged file to open on first use; nil when a thread is opening the font.
    private let packagedFile: String?

    /// Starts opening the font, unless its packaged file can be opened when the first frame asks.
    init() {
        packagedFile = FontLocator.packagedFile()
        guard packagedFile == nil else { return }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let load = Unmanaged<HUDFontLoad>.fromOpaque(context!).takeUnretainedValue()
            // Started before the event loop blocks its signals: this thread must never take a
            // SIGINT/SIGTERM meant for the loop's signalfd (that would kill an unsaved recording).
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            load.result = Result { try TextRenderer() }
            return nil
        }, Unmanaged.passUnretained(self).toOpaque())
        if started == 0 {
            self.thread = thread
        } else {
            // No thread: the font is opened when the first frame asks, as from the packaged file.
            result = Result { try TextRenderer() }
        }
    }

    deinit {
        // The thread holds an unretained self: it must be over before self is.
        if let thread { pthread_join(thread, nil) }
    }

    /// The font, or why there is none; waits for the thread if it has not finished.
    func wait() -> Result<TextRenderer, Error> {
        if let packagedFile {
            if result == nil { result = Result { try TextRenderer(fontPath: packagedFile) } }
            return result!
        }
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        return result!
    }
}
