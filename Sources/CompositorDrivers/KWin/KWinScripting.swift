import Foundation

/// Runs a KWin script (org.kde.kwin.Scripting) on a private KWin: how the driver places windows,
/// since KWin puts a new window over the last one and gives other clients no way to move it.
enum KWinScripting {
    /// Seconds a D-Bus call to KWin may take.
    static let timeout = 5.0

    /// Loads `source` as a script named `plugin`, runs it and unloads it again.
    static func run(_ source: String, plugin: String, busAddress: String, folder: String) throws {
        let path = "\(folder)/\(plugin).js"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = try DBusConnection(address: busAddress)
        defer { bus.close() }
        let loaded = try bus.call(destination: "org.kde.KWin", path: "/Scripting", interface: "org.kde.kwin.Scripting",
                                  method: "loadScript", arguments: [.string(path), .string(plugin)], timeout: timeout)
        guard case .int32(let id)? = loaded.first, id >= 0 else {
            throw DriverError("KWin did not load the script \(path): \(loaded)")
        }
        defer {
            _ = try? bus.call(destination: "org.kde.KWin", path: "/Scripting", interface: "org.kde.kwin.Scripting",
                              method: "unloadScript", arguments: [.string(plugin)], timeout: timeout)
        }
        // KWin 5.27 registers a loaded script as /ID; later versions as /Scripting/ScriptID.
        do {
            try bus.call(destination: "org.kde.KWin", path: "/\(id)", interface: "org.kde.kwin.Script",
                         method: "run", timeout: timeout)
        } catch {
            try bus.call(destination: "org.kde.KWin", path: "/Scripting/Script\(id)", interface: "org.kde.kwin.Script",
                         method: "run", timeout: timeout)
        }
    }

    /// A script giving the window of `pid` the frame (x, 0, width, height), title bar included.
    static func placing(pid: Int32, x: Int, width: Int, height: Int) -> String {
        """
        var windows = workspace.clientList();
        for (var i = 0; i < windows.length; i++) {
            if (windows[i].pid == \(pid)) {
                windows[i].frameGeometry = {x: \(x), y: 0, width: \(width), height: \(height)};
            }
        }

        """
    }
}
