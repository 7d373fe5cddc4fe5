import Foundation

// MARK: - One real toolkit as an oracle

/// How one real toolkit runs as an oracle client: the Debian program that runs its oracle file, the
/// environment that pins its settings, and the Debian packages that provide it.
///
/// Every oracle is an ordinary Wayland client of a private harness weston (kiosk shell), started
/// with `WAYLAND_DEBUG=client` so the wl_touch stream it received can be imported, and with a
/// private HOME, XDG_CONFIG_HOME and XDG_CACHE_HOME (and a browser profile) inside the run's 0700
/// session folder, so nothing of the user's settings leaks in and nothing is left behind.
public struct ToolkitOracle: Sendable {
    /// Where an oracle writes its gesture lines.
    public enum GestureChannel: Sendable {
        /// One JSON object per line, on standard output or standard error (Qt's console.log goes to
        /// standard error; WAYLAND_DEBUG's lines there start with `[`, gesture lines with `{`).
        case jsonLines
        /// `console.log` lines on standard error, wrapped as Chromium logs them.
        case chromiumConsole
    }

    /// What a launch needs to know about its surroundings.
    public struct Launch: Sendable {
        /// The oracle file (absolute).
        public var oracleFile: String
        /// The toolkit's private folder inside the session folder (home, config, cache, profile).
        public var folder: String
        /// True when running as root (Chromium then needs --no-sandbox).
        public var isRoot: Bool
    }

    /// The toolkit's short name, as `--toolkits` and the models' `toolkit` spell it.
    public let toolkit: String
    /// The name reports use (`GTK 4`).
    public let displayName: String
    /// The Debian packages that provide the program and every module the oracle loads.
    public let packages: [String]
    /// The oracle file, relative to the oracles folder.
    public let oracleFile: String
    /// Where the gesture lines come out.
    public let channel: GestureChannel
    /// Files that must exist for the oracle to start (`*` matches one path component).
    let requiredFiles: [String]
    /// The program, its arguments and the variables that pin the toolkit's settings.
    let command: @Sendable (Launch) -> (executable: String, arguments: [String], environment: [String: String])
    /// Puts what the program reads at start into the toolkit's private folder (Firefox's profile), if anything.
    var prepare: (@Sendable (Launch) throws -> Void)? = nil
    /// True when the page's origin is found by a probe tap (its ready line cannot say where it is).
    var probesOffset = false

    // MARK: - The oracles

    /// GTK 4 (Debian 12: 4.8) through its Python bindings, software-rendered.
    public static let gtk = ToolkitOracle(
        toolkit: "gtk", displayName: "GTK 4", packages: ["python3-gi", "gir1.2-gtk-4.0"],
        oracleFile: "gtk/oracle.py", channel: .jsonLines,
        requiredFiles: ["/usr/bin/python3", "/usr/lib/python3/dist-packages/gi/__init__.py",
                        "/usr/lib/*/girepository-1.0/Gtk-4.0.typelib"],
        command: { launch in
            // Debian's own python3: another python3 earlier on PATH may lack `gi`.
            ("/usr/bin/python3", [launch.oracleFile],
             ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
              "PYTHONUNBUFFERED": "1"])
        })

    /// Qt 6 Quick (Debian 12: 6.4) through the `qml` runtime, software-rendered.
    public static let qt = ToolkitOracle(
        toolkit: "qt", displayName: "Qt 6 Quick",
        packages: ["qml-qt6", "qml6-module-qtquick", "qml6-module-qtquick-window", "qt6-wayland",
                   "qml6-module-qtqml-workerscript"],
        oracleFile: "qt/oracle.qml", channel: .jsonLines,
        requiredFiles: ["/usr/lib/qt6/bin/qml", "/usr/lib/*/qt6/qml/QtQuick/qmldir",
                        "/usr/lib/*/qt6/qml/QtQuick/Window/qmldir", "/usr/lib/*/qt6/plugins/platforms/libqwayland-generic.so",
                        "/usr/lib/*/qt6/qml/QtQml/WorkerScript/qmldir"],
        command: { launch in
            // An empty platform theme: no desktop theme plugin may change the style hints. Without
            // QML_NO_TOUCH_COMPRESSION Qt Quick merges touch updates that arrive between two of its
            // frames, so on a loaded machine a drag or pinch began one motion late (docs/toolkits/qt-6.4.md).
            ("/usr/lib/qt6/bin/qml", [launch.oracleFile],
             ["QT_QPA_PLATFORM": "wayland", "QT_QUICK_BACKEND": "software", "QT_QPA_PLATFORMTHEME": "",
              "QT_MESSAGE_PATTERN": "%{message}", "QT_FORCE_STDERR_LOGGING": "1", "QML_NO_TOUCH_COMPRESSION": "1",
              "QT_SCALE_FACTOR": "1", "QT_AUTO_SCREEN_SCALE_FACTOR": "0", "QT_WAYLAND_DISABLE_WINDOWDECORATION": "1"])
        })

    /// Chromium (Debian 12: 156) showing the oracle page as an app window.
    public static let chromium = ToolkitOracle(
        toolkit: "chromium", displayName: "Chromium", packages: ["chromium"],
        oracleFile: "chromium/oracle.html", channel: .chromiumConsole,
        requiredFiles: ["/usr/bin/chromium"],
        command: { launch in
            var arguments = ["--ozone-platform=wayland", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                             "--disable-extensions", "--disable-sync", "--force-device-scale-factor=1",
                             "--user-data-dir=\(launch.folder)/profile", "--enable-logging=stderr", "--v=0"]
            // Chromium refuses to run as root with its sandbox on.
            if launch.isRoot { arguments.append("--no-sandbox") }
            arguments.append("--app=" + URL(fileURLWithPath: launch.oracleFile).absoluteString)
            return ("/usr/bin/chromium", arguments, [:])
        })

    /// SDL 2 (Debian 12: 2.26) through its Python bindings, on its Wayland backend.
    public static let sdl2 = ToolkitOracle(
        toolkit: "sdl2", displayName: "SDL 2", packages: ["python3-sdl2", "libsdl2-2.0-0"],
        oracleFile: "sdl2/oracle.py", channel: .jsonLines,
        requiredFiles: ["/usr/bin/python3", "/usr/lib/python3/dist-packages/sdl2/__init__.py",
                        "/usr/lib/*/libSDL2-2.0.so.0"],
        command: { launch in
            // The oracle pins SDL's hints itself; the video driver must be chosen before SDL_Init.
            ("/usr/bin/python3", [launch.oracleFile],
             ["SDL_VIDEODRIVER": "wayland", "PYTHONUNBUFFERED": "1", "SDL_AUDIODRIVER": "dummy"])
        })

    /// Every oracle, in report order.
    public static let all: [ToolkitOracle] = [.gtk, .qt, .chromium, .gtk3, .sdl2, .firefox, .webkitgtk, .qtwidgets]

    /// The oracle of `toolkit` (`gtk`, `qt`, `chromium`, `gtk3`), or nil.
    public static func named(_ toolkit: String) -> ToolkitOracle? {
        all.first { $0.toolkit == toolkit.lowercased() }
    }

    /// The toolkit names, for messages.
    public static var names: [String] { all.map(\.toolkit) }

    // MARK: - Installation

    /// nil when the toolkit can run here; else the one line that says what to install.
    public func installationProblem() -> String? {
        guard requiredFiles.contains(where: { !Self.exists($0) }) else { return nil }
        return "\(toolkit): \(displayName) is not installed: install the Debian package\(packages.count > 1 ? "s" : "") "
            + packages.joined(separator: " ") + " (scripts/install-deps.sh installs them)"
    }

    /// True when `pattern` names an existing file; `*` stands for one path component.
    static func exists(_ pattern: String) -> Bool {
        guard pattern.contains("*") else { return FileManager.default.fileExists(atPath: pattern) }
        var matches = glob_t()
        defer { globfree(&matches) }
        return glob(pattern, 0, nil, &matches) == 0 && matches.gl_pathc > 0
    }
}
