import CXCBInput
import Glibc
import TouchStream

/// Runs our X11 window until a signal (SIGINT, SIGTERM, SIGHUP) or the X server going away, writing
/// each event it receives to a trace; the trace is finished either way.
public enum X11OracleSession {
    /// Why the session ended.
    public enum Ending: Equatable, Sendable {
        case signal(Int32)
        case serverGone
    }

    /// Opens the window, records into `trace` until a signal or the server's end, and finishes the trace.
    /// `onReady` runs once the window is mapped and its geometry recorded (a caller may print it).
    public static func run(window: X11OracleWindow, trace: TraceWriter,
                           onReady: (X11WindowGeometry?) -> Void = { _ in }) throws -> Ending {
        let signals = cxcb_termination_signalfd()
        guard signals >= 0 else { throw X11OracleError.request("signalfd: errno \(errno)") }
        defer { close(signals) }
        let name = "x11-window@0x" + String(window.windowID, radix: 16)
        // The geometry at map time: ConfigureNotify comes only when someone moves or resizes the window.
        let initial = window.currentGeometry()
        if let initial { try trace.write(RawRecord(.surface(X11OracleWindow.Received.geometry(initial).record(window: name)))) }
        try trace.flush()
        onReady(initial)
        while true {
            for received in window.drain() {
                try trace.write(RawRecord(.surface(received.record(window: name))))
            }
            try trace.flush()
            if window.isBroken {
                try trace.finish()
                return .serverGone
            }
            var fds = [pollfd(fd: window.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else {
                throw X11OracleError.request("poll: errno \(errno)")
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var info = signalfd_siginfo()
                _ = read(signals, &info, MemoryLayout<signalfd_siginfo>.size)
                // Whatever arrived before the signal belongs to the trace.
                for received in window.drain() { try trace.write(RawRecord(.surface(received.record(window: name)))) }
                try trace.finish()
                return .signal(Int32(info.ssi_signo))
            }
        }
    }
}
