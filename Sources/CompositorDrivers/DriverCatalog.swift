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
    ].sorted { CompositorKind.allCases.firstIndex(of: $0.kind)! < CompositorKind.allCases.firstIndex(of: $1.kind)! }

    /// The driver for `kind`, if one is built in.
    public static func driver(for kind: CompositorKind) -> CompositorDriver? {
        all.first { $0.kind == kind }
    }
}
