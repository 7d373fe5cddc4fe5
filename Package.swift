// swift-tools-version:6.0
import PackageDescription

/// GestureSandbox: a Wayland touch client re-creating UIKit's touch model.
/// Layering (lower never imports higher): TouchKit ← TouchStream ← platform layers ← Playback ← Live, Matrix ← Benchmarks, CLI
/// (docs/architecture.md is the map).
let package = Package(
    name: "GestureSandbox",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "gesture-sandbox", targets: ["gesture-sandbox"]),
        .executable(name: "gesture-sandbox-tools", targets: ["gesture-sandbox-tools"]),
        .executable(name: "gesture-bench", targets: ["gesture-bench"]),
        .library(name: "TouchKit", targets: ["TouchKit"]),
        .library(name: "TouchStream", targets: ["TouchStream"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // MARK: - System libraries (Debian: libwayland-dev, libxkbcommon-dev, libpixman-1-dev, libpng-dev,
        // libfreetype-dev, libfontconfig-dev, libdbus-1-dev, libdecor-0-dev)
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1",
                       providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1",
                       providers: [.apt(["libdbus-1-dev"])]),
        // Client-side decorations where the compositor offers no xdg-decoration (mutter, GNOME Shell, phoc).
        .systemLibrary(name: "CLibdecor", pkgConfig: "libdecor-0",
                       providers: [.apt(["libdecor-0-dev", "libdecor-0-plugin-1-cairo"])]),
        // XInput 2.2 over xcb, for the X11 oracle's window under Xwayland (Debian: libxcb-xinput-dev).
        .systemLibrary(name: "CXCBInput", pkgConfig: "xcb-xinput",
                       providers: [.apt(["libxcb-xinput-dev"])]),
        // wayland-scanner output (committed; regenerate with scripts/generate-protocols.sh) plus tiny C helpers.
        .target(name: "CWaylandProtocols", dependencies: ["CWayland"]),

        // MARK: - Pure Swift layers
        .target(name: "TouchKit"),
        .target(name: "TouchStream", dependencies: ["TouchKit"]),

        // MARK: - Fuzzing (in no product: used by scripts/fuzz, gesture-bench fuzz and the tests)
        // Seeded stream generators, random scenes and the invariant checkers they are held to.
        .target(name: "TouchFuzz", dependencies: ["TouchKit", "TouchStream"]),

        // MARK: - Platform layers
        // Connecting, roundtrips, error text, registry binding, listener tables, runtime directories:
        // shared by our client, the harness client and the drivers' clients (CWaylandProtocols for ppoll).
        .target(name: "WaylandPlumbing", dependencies: ["CWayland", "CWaylandProtocols"]),
        // Our X11 window under Xwayland: which of XI touch, XI pointer and core pointer events a touch becomes.
        .target(name: "X11Oracle", dependencies: ["CXCBInput", "TouchStream"]),
        .target(name: "WaylandClient", dependencies: [
            "CWayland", "CWaylandProtocols", "CXKBCommon", "CLibdecor", "TouchKit", "TouchStream", "WaylandPlumbing",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // PNG files of straight RGBA images, for the renderer and for drivers that only save screenshots.
        .target(name: "PNGCodec", dependencies: ["CPNG"]),
        .target(name: "Render", dependencies: ["CPixman", "CFreeType", "CFontconfig", "PNGCodec", "TouchKit"]),
        .target(name: "Scenes", dependencies: ["TouchKit"]),
        .target(name: "SandboxHarness", dependencies: [
            "CWaylandProtocols", "TouchStream", "WaylandPlumbing",
        ]),
        .target(name: "CompositorDrivers", dependencies: [
            "CDBus", "CWaylandProtocols", "PNGCodec", "SandboxHarness", "TouchStream", "WaylandPlumbing",
        ]),
        // A qemu guest with a real kernel input stack: uinput touchscreen, udev, libinput, a compositor on DRM.
        .target(name: "KernelLane", dependencies: ["CompositorDrivers", "SandboxHarness", "TouchStream"]),
        // The real toolkits (GTK 4, Qt 6 Quick, Chromium) as oracle clients under a private harness weston,
        // and their comparison with TouchKit's toolkit models.
        .target(name: "ToolkitOracles", dependencies: ["SandboxHarness", "TouchKit", "TouchStream", "WaylandPlumbing"]),
        // MARK: - The jobs: playback (headless), the live window, the matrix, benchmarks
        // Playback needs no libwayland: a scene is tested, replayed, compared and reported headless.
        .target(name: "Playback", dependencies: ["TouchKit", "TouchStream", "Scenes", "Render"]),
        .target(name: "Live", dependencies: [
            "Playback", "TouchKit", "TouchStream", "WaylandClient", "Render", "Scenes",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "Matrix", dependencies: [
            "Playback", "TouchKit", "TouchStream", "Scenes", "SandboxHarness", "CompositorDrivers",
        ]),
        .target(name: "Benchmarks", dependencies: [
            "Playback", "Live", "TouchKit", "TouchStream", "TouchFuzz", "Render", "Scenes", "SandboxHarness",
        ]),

        // MARK: - Executables
        // `run`'s command (options, validation, the session): shared by both programs below. Like every
        // module `run` links, it does without Foundation (FoundationEssentials at most).
        .target(name: "RunCommand", dependencies: [
            "Live", "Scenes", "TouchKit", "TouchStream", "WaylandClient",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // gesture-sandbox: `run` itself, every other command handed to gesture-sandbox-tools (exec).
        .executableTarget(name: "gesture-sandbox", dependencies: [
            "RunCommand", "TouchStream", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The whole command line (run included), started by gesture-sandbox for everything but `run`.
        .executableTarget(name: "gesture-sandbox-tools", dependencies: [
            "RunCommand", "Playback", "Matrix", "SandboxHarness", "CompositorDrivers", "KernelLane", "Scenes", "ToolkitOracles",
            "TouchStream", "TouchKit", "X11Oracle", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "gesture-bench", dependencies: [
            "TouchKit", "TouchStream", "TouchFuzz", "Render", "Live", "Benchmarks",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // MARK: - Tests (mirror the layers)
        // docs/architecture.md's module graph against this manifest and the imports (reads files only).
        .testTarget(name: "ArchitectureTests"),
        // What several test targets share: the built command line (finder, runner), a temporary folder,
        // our client under a compositor, and the bare weston the Wayland tests use. A library, not tests.
        .target(name: "TestSupport", dependencies: [
            "SandboxHarness", "CompositorDrivers", "TouchStream", "TouchKit", "Render", "WaylandPlumbing",
        ], path: "Tests/TestSupport"),
        .testTarget(name: "TouchKitTests", dependencies: ["TouchKit"]),
        // TouchStream: the models are fed traces imported from real toolkit runs, assembled as replay does.
        // ToolkitOracles: the corpora the runner injects, held to its contract and fed to the models.
        .testTarget(name: "ToolkitModelTests", dependencies: ["TouchKit", "TouchStream", "ToolkitOracles"]),
        // TouchFuzz: generated streams are the input of the trace round-trip tests.
        .testTarget(name: "TouchStreamTests", dependencies: ["TouchStream", "TouchKit", "TouchFuzz", "TestSupport"]),
        .testTarget(name: "TouchFuzzTests", dependencies: ["TouchFuzz", "TouchStream", "TouchKit"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "TouchKit", "TestSupport"]),
        .testTarget(name: "WaylandPlumbingTests", dependencies: ["WaylandPlumbing"]),
        .testTarget(name: "WaylandClientTests", dependencies: [
            "WaylandClient", "WaylandPlumbing", "TouchKit", "TouchStream", "CWayland", "CWaylandProtocols", "TestSupport",
        ]),
        .testTarget(name: "HarnessTests", dependencies: ["SandboxHarness", "TouchStream"]),
        .testTarget(name: "ScenesTests", dependencies: [
            "Scenes", "Playback", "TouchStream", "TouchKit", "Render",
        ], resources: [.copy("Fixtures")]),
        .testTarget(name: "RuntimeTests", dependencies: [
            "Playback", "Live", "Matrix", "Benchmarks", "CompositorDrivers", "SandboxHarness", "Scenes", "TouchStream", "TouchKit",
            "Render", "TestSupport", "ToolkitOracles", "RunCommand", "WaylandClient",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "DriverTests", dependencies: [
            "CompositorDrivers", "SandboxHarness", "TouchStream", "Render", "Live", "Scenes", "TouchKit", "WaylandClient",
            "WaylandPlumbing", "TestSupport",
        ]),
        // The real toolkits against their models (the `toolkits` tier: GTK, Qt and Chromium under weston).
        .testTarget(name: "ToolkitOracleTests", dependencies: [
            "ToolkitOracles", "TouchKit", "TouchStream", "TestSupport",
        ]),
        // The kernel lane: pure parts, and the real guest (the `kernel` tier: qemu, sway and weston on DRM).
        .testTarget(name: "KernelLaneTests", dependencies: [
            "KernelLane", "CompositorDrivers", "SandboxHarness", "TouchStream", "TestSupport",
        ]),
        .testTarget(name: "IntegrationTests", dependencies: [
            "SandboxHarness", "Playback", "Live", "Benchmarks", "CompositorDrivers", "TouchStream", "TouchKit", "Render", "Scenes", "WaylandClient",
            "WaylandPlumbing", "TestSupport",
        ]),
    ]
)
