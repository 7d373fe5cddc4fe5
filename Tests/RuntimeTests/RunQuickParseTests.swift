import ArgumentParser
@testable import RunCommand
import Testing

/// The window program reads `run`'s plain command lines by table (`RunQuickParse`); ArgumentParser
/// stays the definition of the options, and these tests hold the table to it.
@Suite struct RunQuickParseTests {
    /// Every field of `run`, as text, in a fixed order.
    private func fields(_ run: Run) -> [String] {
        [run.sceneOptions.scene, run.sceneOptions.profile, "\(run.sceneOptions.traceArena)", "\(run.display as Any)",
         "\(run.record as Any)", "\(run.log as Any)", "\(run.state as Any)", "\(run.screenshot as Any)", "\(run.noHUD)",
         "\(run.noPrediction)", "\(run.predictionLead as Any)", "\(run.frameLog as Any)", run.title, run.appID, "\(run.surfacePrefix as Any)",
         "\(run.windowSize as Any)", "\(run.secondWindow as Any)", "\(run.subsurface)", "\(run.touchAction as Any)", "\(run.pointerOnly)",
         "\(run.layerArguments.layer as Any)", "\(run.layerArguments.keyboard as Any)", "\(run.layerArguments.anchor as Any)",
         "\(run.layerArguments.size as Any)", "\(run.layerArguments.exclusiveZone as Any)", "\(run.layerArguments.margin as Any)",
         "\(run.sessionLock as Any)", "\(run.unlockTaps as Any)"]
    }

    @Test func everyOptionArgumentParserKnowsIsInTheTableAsFlagOrValue() {
        let help = Run.helpMessage(columns: 10_000)
        var flags: Set<String> = [], values: Set<String> = []
        for match in help.matches(of: /--([a-z][a-z-]*)( <[^>]+>)?/) {
            let name = String(match.output.1)
            guard name != "help" else { continue }
            if match.output.2 == nil { flags.insert(name) } else { values.insert(name) }
        }
        #expect(flags == Set(RunQuickParse.flags.keys))
        #expect(values == Set(RunQuickParse.valueOptions.keys))
        #expect(values.contains("scene") && flags.contains("no-hud"), "the help was read: \(help.prefix(200))")
    }

    @Test(arguments: [
        [],
        ["--scene", "ink", "--no-prediction", "--frame-log", "/tmp/frames.jsonl"],
        ["--pointer-only", "--subsurface", "--record", "p.jsonl"],
        ["--scene=swipe", "--profile=gtk", "--trace-arena", "--display", "wayland-9", "--record", "r.jsonl",
         "--log", "l.jsonl", "--state", "s.json", "--screenshot", "p.png", "--no-hud", "--title", "two words",
         "--app-id", "b", "--surface-prefix", "b/", "--window-size", "800x600", "--second-window", "300x200",
         "--on-touch", "destroy-window", "--subsurface"],
        ["--title", "", "--surface-prefix=a=b", "--on-touch", "destroy-subsurface", "--subsurface"],
        ["--session-lock", "5000", "--unlock-taps", "3"], ["--session-lock=1"],
        ["--scene", "ink", "--prediction-lead", "16.5"], ["--prediction-lead=1"], ["--prediction-lead", "50"],
        ["--layer-surface", "overlay", "--layer-keyboard", "on-demand", "--layer-anchor", "top,left,right",
         "--layer-size", "0x40", "--layer-exclusive-zone", "40", "--layer-margin", "1,2,3,4", "--on-touch", "layer-popup"],
        ["--layer-surface=bottom", "--layer-exclusive-zone=-1", "--layer-margin=-8"],
    ])
    func theTableReadsWhatArgumentParserReads(arguments: [String]) throws {
        let quick = try #require(RunQuickParse.parse(arguments))
        let parsed = try Run.parse(arguments)
        #expect(fields(quick) == fields(parsed))
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"], ["--scene"], ["--scene", "--no-hud"],
        ["--no-hud=true"], ["--title="], ["--scene", "ink", "--scene", "swipe"], ["ink"], ["--"], ["-s", "ink"],
        ["--scene", "nosuch"], ["--profile", "nosuch"], ["--window-size", "0x5"],
        ["--on-touch", "destroy-window"], ["--on-touch", "explode"], ["--surface-prefix", "-x"],
        ["--prediction-lead", "abc"], ["--prediction-lead", "0"], ["--prediction-lead", "50.5"],
        ["--prediction-lead", "nan"], ["--prediction-lead", "16", "--no-prediction"],
        ["--layer-surface", "top", "--layer-exclusive-zone", "-1"], ["--layer-anchor", "top"],
        ["--layer-surface", "top", "--layer-size", "0x10"],
        ["--session-lock", "0"], ["--session-lock", "1.5"], ["--unlock-taps", "2"],
        ["--session-lock", "100", "--unlock-taps", "0"],
    ])
    func anythingElseIsLeftToArgumentParser(arguments: [String]) {
        #expect(RunQuickParse.parse(arguments) == nil)
    }

    @Test(arguments: [
        (["--prediction-lead", "0"], "--prediction-lead must be 1 to 50 ms, found 0.0"),
        (["--prediction-lead", "16", "--no-prediction"], "--prediction-lead needs prediction; --no-prediction turns it off"),
        (["--session-lock", "0"], "--session-lock must be 1 to 600000 ms, found 0"),
        (["--unlock-taps", "2"], "--unlock-taps needs --session-lock MS"),
        (["--session-lock", "100", "--unlock-taps", "101"], "--unlock-taps must be 1 to 100, found 101"),
    ])
    func aLeadOutsideItsRangeOrWithoutPredictionIsRefusedWithWhy(arguments: [String], message: String) {
        #expect(runRefusal(arguments) == message)
    }

    @Test func onTouchIsRefusedWithPointerOnly() {
        #expect(runRefusal(["--pointer-only", "--on-touch", "popup"]) == "--on-touch needs touch downs; --pointer-only binds no wl_touch")
    }
}
