import ArgumentParser
import Benchmarks
import Foundation
import Live
import TouchStream

/// `gesture-bench latency`: input → on-screen latency of touch clients under the harness weston.
struct LatencyBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latency",
        abstract: "Drag one finger across each client under a private harness weston and time commits and repaints.",
        discussion: """
            Needs weston, weston-debug and the harness module (make -C harness). Clients: gesture-sandbox \
            (touchdemo) and weston-simple-touch, plus Qt 5 fingerpaint (qtbase5-examples) and gtk4-demo \
            (gtk-4-examples) when installed; with --effective also gesture-sandbox's ink scene with and without \
            touch prediction. See docs/latency.md for what each column measures.
            """)

    @Option(help: "Rounds; each client drags once per round, clients interleaved.") var rounds = 5
    @Option(help: "Motion frames per drag.") var frames = 300
    @Option(help: "Milliseconds between input frames.") var interval = 8.0
    @Option(help: "Comma-separated client names to run (default: every installed one; gesture-sandbox with --steady).")
    var clients: String?
    @Option(help: "Instead of drags: SECONDS of --fingers fingers moving at --rate input frames per second.")
    var steady: Double?
    @Option(help: "Fingers for --steady.") var fingers = 10
    @Option(help: "Input frames per second for --steady.") var rate = 240.0
    @Option(help: ArgumentHelp("Also write every run's input, commit and repaint times to this file, one JSON object per line.",
                               valueName: "file"))
    var raw: String?
    @Flag(help: ArgumentHelp("Also measure effective lag: per presented frame, the drawn finger's distance from the injected finger at presentation (px, and over its speed, ms), and overshoot at the drag's turns and after it stops; adds gesture-sandbox's ink scene with and without prediction, rests the finger \(Int(LatencyBench.effectiveHold * 1000)) ms before lifting, and after the drag makes minimum-jerk strokes, reported by kind. See docs/latency.md."))
    var effective = false
    @Option(name: .customLong("prediction-lead"), help: ArgumentHelp("The ink scene's prediction lead: gesture-sandbox-ink runs with run --prediction-lead MS (default: run's own). See docs/latency.md.", valueName: "ms"))
    var predictionLead: Double?
    @Option(name: .customLong("baseline"), help: ArgumentHelp("Another gesture-sandbox executable (an older build): each gesture-sandbox client also runs with it, as NAME@baseline, in the same rounds, so a change to the client is compared within one run.", valueName: "executable"))
    var baseline: String?

    /// How long `--effective` rests the finger after its last motion (s).
    static let effectiveHold = 0.1

    func validate() throws {
        guard rounds > 0, frames > 0, interval > 0 else { throw ValidationError("rounds, frames and interval must be positive") }
        guard (steady ?? 1) > 0, (1...10).contains(fingers), rate > 0 else {
            throw ValidationError("--steady and --rate must be positive, --fingers 1...10")
        }
        if steady != nil, raw != nil { throw ValidationError("--raw writes the drags' times; --steady has none") }
        if steady != nil, effective { throw ValidationError("--effective measures drags; --steady has none") }
        let range = LiveOptions.predictionLeadRange
        if let predictionLead, !range.contains(predictionLead) {
            throw ValidationError("--prediction-lead must be 1 to \(Int(range.upperBound)) ms, as run's, found \(predictionLead)")
        }
    }

    func run() throws {
        var benchmark = LatencyBenchmark()
        benchmark.rounds = rounds
        benchmark.motionFrames = frames
        benchmark.frameInterval = interval / 1000
        if effective {
            benchmark.holdBeforeUp = Self.effectiveHold
            benchmark.humanStrokes = HumanStroke.benchmarkSet(hold: Self.effectiveHold)
        }
        let known = LatencyClients.all(sandbox: LatencyClients.sandboxExecutable(), predictionLead: predictionLead)
        var wanted = clients.map { Set($0.split(separator: ",").map(String.init)) }
        if let unknown = wanted?.first(where: { name in !known.contains { $0.name == name } }) {
            throw ValidationError("unknown client \(unknown); known: \(known.map(\.name).joined(separator: ", "))")
        }
        var baselineClients: [LatencyClient] = []
        if let baseline {
            guard FileManager.default.isExecutableFile(atPath: baseline) else {
                throw ValidationError("--baseline \(baseline): not an executable file")
            }
            baselineClients = LatencyClients.all(sandbox: baseline, predictionLead: predictionLead)
                .filter { $0.executable == baseline }
                .map { client in
                    var client = client
                    client.name += "@baseline"
                    return client
                }
            wanted = wanted.map { $0.union($0.map { $0 + "@baseline" }) }
        }
        let chosen = LatencyBench.choose(known: known, baseline: baselineClients, wanted: wanted,
                                         steady: steady != nil, effective: effective)
        try run(benchmark, chosen: chosen, known: known, wanted: wanted)
    }

    /// The clients to run: the named ones, else every installed one (the ink clients only with
    /// `--effective`; gesture-sandbox alone with `--steady`), each gesture-sandbox client followed
    /// by its baseline twin when there is one.
    static func choose(known: [LatencyClient], baseline: [LatencyClient], wanted: Set<String>?, steady: Bool,
                       effective: Bool) -> [LatencyClient] {
        let defaultSet: Set<String>? = steady ? ["gesture-sandbox"] : nil
        return known.flatMap { client in [client] + baseline.filter { $0.name == client.name + "@baseline" } }.filter {
            let base = $0.name.hasSuffix("@baseline") ? String($0.name.dropLast("@baseline".count)) : $0.name
            return (wanted?.contains($0.name) ?? defaultSet?.contains(base) ?? (effective || !LatencyClients.effectiveOnly.contains(base)))
                && $0.isInstalled
        }
    }

    private func run(_ benchmark: LatencyBenchmark, chosen: [LatencyClient], known: [LatencyClient],
                     wanted: Set<String>?) throws {
        if let steady { return try runSteady(seconds: steady, clients: chosen) }
        for missing in known where !missing.isInstalled && (wanted?.contains(missing.name) ?? true) {
            print("skipped \(missing.name): \(missing.executable) is not installed")
        }
        // Opened first: a path that cannot be written fails before minutes of measuring.
        let rawOutput = try raw.map { try OutputTarget(path: $0) }
        print("latency: \(rounds) rounds × \(chosen.count) clients, drag of \(frames) motion frames every \(interval) ms, "
              + "weston headless \(benchmark.width)×\(benchmark.height)"
              + (predictionLead.map { ", gesture-sandbox-ink predicting \($0) ms ahead at most" } ?? ""))
        let runs: [LatencyRun]
        do {
            runs = try benchmark.run(chosen)
            if let rawOutput {
                for run in runs { try rawOutput.write(try run.rawJSONLine()) }
                try rawOutput.commit()
            }
        } catch {
            rawOutput?.discard()
            throw error
        }
        print(LatencyTable(runs: runs, clients: chosen.map(\.name)).text)
        if effective {
            print("\neffective lag (the drawn finger against the injected one at presentation; gesture-sandbox rows from "
                  + "its own frame log and wp_presentation, the others estimated from commits and weston's repaints):")
            print(EffectiveLagTable(runs: runs, clients: chosen.map(\.name)).text)
            print("\nby kind of stroke (after the drag, strokes of 100, 300 and 600 px in 150, 300 and 600 ms with a "
                  + "minimum-jerk speed profile, lifted at rest or after \(Int(Self.effectiveHold * 1000)) ms; overshoot over "
                  + "every frame while the finger is down):")
            print(StrokeKindTable(runs: runs, clients: chosen.map(\.name)).text)
        }
        print("")
        print(ResidentTable(runs: runs, clients: chosen.map(\.name)).text)
    }
}

extension LatencyBench {
    func runSteady(seconds: Double, clients: [LatencyClient]) throws {
        var benchmark = SteadyStateBenchmark()
        benchmark.duration = seconds
        benchmark.fingers = fingers
        benchmark.rate = rate
        print("steady state: \(fingers) fingers at \(rate) Hz for \(seconds) s, weston headless \(benchmark.width)×\(benchmark.height)")
        for client in clients {
            let result = try benchmark.run(client)
            let mib = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1_048_576) }
            print("\(result.client): \(result.inputFrames) input frames, \(result.commits) commits into "
                  + "\(result.repaintsWithCommits) repaints, \(result.repaintsWithSeveralCommits) repaints with two or more; "
                  + "CPU \(result.cpu.map { String(format: "%.1f s", $0) } ?? "–")")
            print("  RSS MiB: " + result.residentSamples.map { "\(Int($0.time)) s \(mib($0.bytes))" }.joined(separator: ", "))
        }
    }
}

/// The clients `gesture-bench latency` knows.
enum LatencyClients {
    /// Clients run only with `--effective` (or when named).
    static let effectiveOnly: Set<String> = ["gesture-sandbox-ink", "gesture-sandbox-ink-no-prediction"]

    /// gesture-sandbox next to this executable (same build), else the one in PATH.
    static func sandboxExecutable() -> String {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let sibling = me.deletingLastPathComponent().appendingPathComponent("gesture-sandbox").path
        return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : "gesture-sandbox"
    }

    /// Every client; `predictionLead` (ms) is the ink client's `run --prediction-lead`, nil: run's default.
    static func all(sandbox: String, predictionLead: Double? = nil) -> [LatencyClient] {
        let lead = predictionLead.map { ["--prediction-lead", "\($0)"] } ?? []
        return [
            LatencyClient(name: "gesture-sandbox", executable: sandbox, arguments: ["run", "--scene", "touchdemo"],
                          dragStart: (100, 100), writesFrameLog: true),  // on the top-left square, which follows the finger
            // Inks every coalesced sample and draws the predicted segment to the presentation time.
            LatencyClient(name: "gesture-sandbox-ink", executable: sandbox, arguments: ["run", "--scene", "ink"] + lead,
                          dragStart: (400, 200), writesFrameLog: true),
            LatencyClient(name: "gesture-sandbox-ink-no-prediction", executable: sandbox,
                          arguments: ["run", "--scene", "ink", "--no-prediction"], dragStart: (400, 200), writesFrameLog: true),
            // The HUD is on by default: what it costs, on a row of its own.
            LatencyClient(name: "gesture-sandbox-no-hud", executable: sandbox,
                          arguments: ["run", "--scene", "touchdemo", "--no-hud"], dragStart: (100, 100), writesFrameLog: true),
            // 600×500, centred by kiosk-shell.
            LatencyClient(name: "weston-simple-touch", executable: "weston-simple-touch", dragStart: (400, 200)),
            LatencyClient(name: "qt5-fingerpaint",
                          executable: "/usr/lib/x86_64-linux-gnu/qt5/examples/widgets/touch/fingerpaint/fingerpaint",
                          environment: ["QT_QPA_PLATFORM": "wayland"], dragStart: (400, 200)),
            LatencyClient(name: "gtk4-demo-drawingarea", executable: "gtk4-demo", arguments: ["--run=drawingarea"],
                          environment: ["GDK_BACKEND": "wayland"], dragStart: (400, 500)),  // the scribble area
        ]
    }
}
