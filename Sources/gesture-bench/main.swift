import ArgumentParser

/// `gesture-bench`: performance measurements, one subcommand per subsystem.
struct GestureBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesture-bench",
        abstract: "Measure GestureSandbox's hot paths (build with -c release).",
        subcommands: [RenderBench.self, DispatchBench.self, FuzzBench.self, CheckBench.self, HUDBench.self,
                      LatencyBench.self, TraceBench.self])
}

GestureBench.main()
