import ArgumentParser

/// `gesture-bench`: performance measurements, one subcommand per subsystem.
struct GestureBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesture-bench",
        abstract: "Measure GestureSandbox's hot paths (build with -c release).",
        subcommands: [RenderBench.self, FuzzBench.self, DispatchBench.self])
}

GestureBench.main()
