import Foundation
import SandboxHarness

/// Private XDG_RUNTIME_DIRs for driver runs.
public enum RuntimeDirectory {
    /// Creates a new directory `<tmp>/<prefix>-XXXXXX` with mode 0700, as XDG_RUNTIME_DIR requires.
    public static func make(prefix: String) throws -> String {
        var template = Array((NSTemporaryDirectory() + "\(prefix)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw HarnessError("cannot create a runtime directory in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}
