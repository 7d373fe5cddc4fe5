import ArgumentParser
import CompositorDrivers

/// `--compositor-binary NAME=PATH` (repeatable), shared by `matrix` and `compositors`.
struct CompositorBinaryOptions: ParsableArguments {
    @Option(name: .customLong("compositor-binary"), help: ArgumentHelp(
        "Drive a compositor build of your own: NAME is a compositor (see `gesture-sandbox compositors`), PATH its "
            + "executable, run instead of the Debian one (for weston the harness weston, which must be a weston 10 "
            + "build; for Enlightenment its enlightenment_start). Its version is read from the binary. Repeatable.",
        valueName: "name=path"))
    var compositorBinaries: [String] = []

    /// The built-in drivers with the binaries given; bad input throws one line (the caller exits 2).
    func drivers() throws -> [any CompositorDriver] {
        try CompositorDrivers.all(binaries: try CompositorBinary.parse(compositorBinaries))
    }
}
