#if canImport(Glibc)
import Glibc
#endif
import TouchStream

// MARK: - The full command line, in this process

/// Finds gesture-sandbox-tools and runs it in place of this program.
enum ToolsProgram {
    /// The full command line's executable name.
    static let name = "gesture-sandbox-tools"

    /// Executes gesture-sandbox-tools with `arguments` (argv[0] kept: usage lines name gesture-sandbox);
    /// returns only by exiting with a one-line error when it cannot be found or started.
    static func replaceProcess(arguments: [String]) -> Never {
        let path = locate()
        guard let path else {
            StandardError.write("gesture-sandbox: \(name) is not next to \(ownPath() ?? "this program"); "
                                + "reinstall (scripts/install) or build every product (swift build)\n")
            exit(127)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        StandardError.write("gesture-sandbox: cannot start \(path): \(reason)\n")
        exit(126)
    }

    /// gesture-sandbox-tools in the folder of this program (symbolic links resolved), when executable.
    static func locate() -> String? {
        guard let own = ownPath(), let slash = own.lastIndex(of: "/") else { return nil }
        let candidate = String(own[...slash]) + name
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    /// This program's path, from /proc/self/exe.
    static func ownPath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
