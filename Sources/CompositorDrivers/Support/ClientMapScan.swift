import SandboxHarness

/// How far a client's window has got, read line by line from its WAYLAND_DEBUG=client log: the
/// first ack_configure, then an attach and a commit after it, then the `done` of a frame callback
/// the client asked for after that ack; and how many configures it was sent.
struct ClientMapScan: LogScan {
    /// How far the window has got.
    enum State: Equatable {
        /// No configured buffer committed yet.
        case notYet
        /// A buffer committed after ack_configure, no frame callback answered after it yet.
        case committed
        /// A frame callback requested for the surface was answered after that commit.
        case drawn
    }

    /// The configure events (xdg_surface.configure) so far.
    private(set) var configures = 0

    private enum Step { case ack, attach, commit, committed }
    private var step = Step.ack
    /// Frame callbacks requested since the ack, and callbacks answered since the commit: either
    /// may be logged first.
    private var requested: Set<String> = []
    private var answered: Set<String> = []

    var state: State {
        switch step {
        case .ack, .attach, .commit: .notYet
        case .committed: requested.isDisjoint(with: answered) ? .committed : .drawn
        }
    }

    mutating func consume(_ line: Substring) {
        let event = !line.contains("->")
        if event, line.contains("xdg_surface@"), line.contains(".configure(") { configures += 1 }
        // Each step is looked for after the previous one, also further along the same line.
        var rest = line
        if step == .ack {
            guard let ack = rest.range(of: ".ack_configure(") else { return }
            rest = rest[ack.upperBound...]
            step = .attach
        }
        if rest.contains("-> wl_surface@"), let id = rest.range(of: ".frame(new id wl_callback@") {
            requested.insert(String(rest[id.upperBound...].prefix { $0.isNumber }))
        }
        if step == .attach {
            guard let attach = rest.range(of: ".attach(wl_buffer@") else { return }
            rest = rest[attach.upperBound...]
            step = .commit
        }
        if step == .commit {
            guard let commit = rest.range(of: ".commit()") else { return }
            rest = rest[commit.upperBound...]
            step = .committed
        }
        guard !rest.contains("->") else { return }
        var search = rest[...]
        while let callback = search.range(of: "wl_callback@") {
            let id = search[callback.upperBound...].prefix { $0.isNumber }
            if search[id.endIndex...].hasPrefix(".done(") { answered.insert(String(id)) }
            search = search[id.endIndex...]
        }
    }
}
