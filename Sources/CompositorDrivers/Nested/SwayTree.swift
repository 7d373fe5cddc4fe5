import Foundation

/// Where sway put a client's window, asked over sway's IPC socket (GET_TREE), and sway commands
/// run there (RUN_COMMAND).
///
/// The IPC is sway's own (i3's framing: "i3-ipc", a 32-bit length and type, then JSON), spoken
/// here directly so nothing depends on swaymsg.
enum SwayTree {
    /// i3 IPC message types GET_TREE and RUN_COMMAND.
    private static let getTree: UInt32 = 4
    private static let runCommand: UInt32 = 0
    private static let magic = Array("i3-ipc".utf8)
    /// Seconds sway may take to answer.
    private static let ipcTimeoutSeconds = 5

    /// The window of the client with `pid`, content and title bar, in global coordinates.
    static func window(runtimeDirectory: String, pid: pid_t) throws -> ClientWindow? {
        let reply = try request(socketPath: try socketPath(in: runtimeDirectory), type: getTree)
        guard let tree = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any] else {
            throw DriverError("sway: GET_TREE did not return an object")
        }
        guard let node = find(pid: pid, in: tree) else { return nil }
        return describe(node)
    }

    /// Runs a sway command (what `swaymsg COMMAND` would); throws with sway's error when it fails.
    static func run(_ command: String, runtimeDirectory: String) throws {
        let reply = try request(socketPath: try socketPath(in: runtimeDirectory), type: runCommand, payload: command)
        let results = try JSONSerialization.jsonObject(with: Data(reply)) as? [[String: Any]] ?? []
        if let failed = results.first(where: { $0["success"] as? Bool != true }) {
            throw DriverError("sway: '\(command)' failed: \(failed["error"] as? String ?? "no reason given")")
        }
    }

    private static func socketPath(in runtimeDirectory: String) throws -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
        guard let socket = names.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }) else {
            throw DriverError("sway: no IPC socket in \(runtimeDirectory)")
        }
        return "\(runtimeDirectory)/\(socket)"
    }

    private static func find(pid: pid_t, in node: [String: Any]) -> [String: Any]? {
        if (node["pid"] as? Int).map(Int32.init) == pid { return node }
        for key in ["nodes", "floating_nodes"] {
            for child in node[key] as? [[String: Any]] ?? [] {
                if let found = find(pid: pid, in: child) { return found }
            }
        }
        return nil
    }

    /// Measured on sway 1.7, tiled: `rect` is the container below its title bar (borders included),
    /// `window_rect` the client inside it relative to `rect`, and `deco_rect` the title bar
    /// relative to the workspace, directly above `rect`.
    private static func describe(_ node: [String: Any]) -> ClientWindow? {
        func rect(_ key: String) -> (x: Double, y: Double, width: Double, height: Double)? {
            guard let r = node[key] as? [String: Any], let x = r["x"] as? Double, let y = r["y"] as? Double,
                  let w = r["width"] as? Double, let h = r["height"] as? Double else { return nil }
            return (x, y, w, h)
        }
        guard let outer = rect("rect"), let inner = rect("window_rect") else { return nil }
        var window = ClientWindow(x: outer.x + inner.x, y: outer.y + inner.y, width: inner.width, height: inner.height)
        if let bar = rect("deco_rect"), bar.height > 0 {
            window.titleBar = (outer.x + bar.x, outer.y - bar.height, bar.width, bar.height)
        }
        return window
    }

    private static func request(socketPath: String, type: UInt32, payload: String = "") throws -> [UInt8] {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw DriverError("sway IPC: socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        // A hung sway must not hang the run: give up on a silent socket.
        var limit = timeval(tv_sec: ipcTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(socketPath.utf8)
        guard pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw DriverError("sway IPC: socket path too long: \(socketPath)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in pathBytes.enumerated() { buffer[i] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { throw DriverError("sway IPC: connect \(socketPath): \(String(cString: strerror(errno)))") }
        var message = magic
        let body = Array(payload.utf8)
        withUnsafeBytes(of: UInt32(body.count).littleEndian) { message += $0 }
        withUnsafeBytes(of: type.littleEndian) { message += $0 }
        message += body
        try writeAll(fd, message)
        let header = try readExactly(fd, count: magic.count + 8)
        let length = header[magic.count..<magic.count + 4].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        return try readExactly(fd, count: length)
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw DriverError("sway IPC: write: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    private static func readExactly(_ fd: Int32, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let got = bytes[offset...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw DriverError("sway IPC: the reply ended after \(offset) of \(count) bytes") }
            offset += got
        }
        return bytes
    }
}
