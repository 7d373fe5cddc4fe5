import ArgumentParser
import RunCommand

// `gesture-sandbox run` is served here, by a program that links only the live window's modules
// (no Foundation, no compositor drivers, no matrix): it starts in a few milliseconds and stays
// small for as long as the window is open. Every other command, --help and --version included,
// is the full command line's: gesture-sandbox-tools, installed next to this program, takes over
// this process with the same arguments.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "run" {
    // The plain forms by table (RunQuickParse says why); help, errors and the rest by ArgumentParser.
    if let run = RunQuickParse.parse(Array(arguments.dropFirst())) {
        do { try run.run() } catch { WindowCommand.exit(withError: error) }
    } else {
        WindowCommand.main(arguments)
    }
} else {
    ToolsProgram.replaceProcess(arguments: CommandLine.arguments)
}

/// The command line of this program: `run` only.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gesture-sandbox", version: SandboxVersion.current,
                                                    subcommands: [Run.self])
}
