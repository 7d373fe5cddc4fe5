import Foundation
import SandboxHarness

/// Facts read from a compositor's files when it has no `--version` (Mir, Enlightenment), and the
/// libweston ABI a weston binary and our harness module are built for.
enum BinaryStrings {
    /// The NUL-terminated strings of `path` that start with `prefix`, without it, in file order.
    static func strings(in path: String, after prefix: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let needle = Array(prefix.utf8)
        var found: [String] = []
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var index = 0
            while index + needle.count <= bytes.count {
                guard bytes[index] == needle[0], zip(needle.indices, needle).allSatisfy({ bytes[index + $0] == $1 }) else {
                    index += 1
                    continue
                }
                var end = index + needle.count
                // Printable ASCII up to the string's end.
                while end < bytes.count, bytes[end] >= 0x20, bytes[end] < 0x7F { end += 1 }
                found.append(String(decoding: bytes[(index + needle.count)..<end], as: UTF8.self))
                index = end
            }
        }
        return found
    }

    // MARK: - Enlightenment

    /// Enlightenment's version: its module directory name, built into the `enlightenment` binary as
    /// `linux-gnu-<arch>-<version>` (0.25 prints no version; `enlightenment -version` starts a session).
    static func enlightenmentVersion(binary: String) -> String? {
        strings(in: binary, after: "linux-gnu-").lazy.compactMap { name in
            name.split(separator: "-").last.flatMap { ProgramVersion.firstVersion(in: String($0)) }
        }.first
    }

    // MARK: - Mir

    /// Mir's version as its server library states it ("Mir version 2.12.1", which Mir logs at start):
    /// the libmirserver that `program` loads, found with `ldd` (Mir's shells have no `--version`).
    static func mirVersion(program: String) -> String? {
        guard let library = linkedLibrary(of: program, named: "libmirserver.so") else { return nil }
        return strings(in: library, after: "Mir version ").lazy.compactMap(ProgramVersion.firstVersion).first
    }

    /// The path of the shared library named `prefix…` that `program` loads, as `ldd` resolves it.
    static func linkedLibrary(of program: String, named prefix: String) -> String? {
        guard let ldd = ProgramVersion.locate("ldd") else { return nil }
        let log = NSTemporaryDirectory() + "gesture-sandbox-ldd-\(getpid())-\(UUID().uuidString).log"
        defer { unlink(log) }
        guard let process = try? ChildProcess(executable: ldd, arguments: [program],
                                              environment: ProcessInfo.processInfo.environment, logPath: log)
        else { return nil }
        if process.wait(timeout: ProgramVersion.timeout) == nil { process.terminate() }
        // "\tlibmirserver.so.58 => /lib/x86_64-linux-gnu/libmirserver.so.58 (0x…)"
        for line in process.output().split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 3, parts[0].trimmingCharacters(in: .whitespaces).hasPrefix(prefix),
                  parts[1] == "=>" else { continue }
            return String(parts[2])
        }
        return nil
    }

    // MARK: - weston's ABI

    /// The libweston major version a binary or module links against (`libweston-10.so.0` → 10).
    static func libwestonMajor(of path: String) -> Int? {
        strings(in: path, after: "libweston-").lazy.compactMap { name -> Int? in
            let digits = name.prefix { $0.isNumber }
            return name.dropFirst(digits.count).hasPrefix(".so") ? Int(digits) : nil
        }.first
    }
}
