/// Every compositor driver, in the order reports list them (`CompositorKind.allCases`).
public enum CompositorDrivers {
    /// One driver per compositor the matrix knows.
    public static let all: [CompositorDriver] = [
        WestonDriver(),
        KWinDriver(),
        MutterDriver(),
        GnomeShellDriver(),
        NestedWlrootsDriver(.sway),
        NestedWlrootsDriver(.phoc),
        NestedWlrootsDriver(.cage),
        MirDriver(.mir),
        MirDriver(.mirKiosk),
        EnlightenmentDriver(),
    ].sorted { CompositorKind.allCases.firstIndex(of: $0.kind)! < CompositorKind.allCases.firstIndex(of: $1.kind)! }

    /// The driver for `kind`, if one is built in.
    public static func driver(for kind: CompositorKind) -> CompositorDriver? {
        all.first { $0.kind == kind }
    }

    /// Every driver, those named in `binaries` starting the user's build instead of the Debian
    /// program (`--compositor-binary`); throws one line when a driver cannot run its binary.
    public static func all(binaries: [CompositorBinary]) throws -> [CompositorDriver] {
        try all.map { driver in
            guard let binary = binaries.first(where: { $0.kind == driver.kind }) else { return driver }
            return try driver.starting(binary)
        }
    }
}
