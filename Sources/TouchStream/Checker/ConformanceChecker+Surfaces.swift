// MARK: - The surface records: destroyed surfaces (A7) and focus that does not follow a touch (H3)

/// What the checker knows of our surfaces from the trace's surface records (trace version 2).
struct SurfaceState: Sendable {
    /// Surfaces our client destroyed (a `surface-destroyed` record).
    var destroyed: Set<String> = []
    /// The surface with keyboard focus (wl_keyboard.enter, until its leave).
    var keyboardFocus: String?
    /// Toplevel surfaces whose latest `activated` record said active.
    var active: Set<String> = []
    /// Surfaces that ever had a keyboard or activated record: the toplevels focus can go to.
    var focusable: Set<String> = []
    /// A touch on a focusable surface that had neither focus nor activation when it landed,
    /// waiting for either (H3).
    var awaitingFocus: (surface: String, record: Int, time: UInt32, id: Int32)?

    /// True when `surface` has the keyboard or is activated.
    func isFocused(_ surface: String) -> Bool {
        keyboardFocus == surface || active.contains(surface)
    }
}

extension ConformanceChecker {
    /// A surface record: updates what the checker knows; focus given to a touched surface settles H3.
    mutating func surfaceRecord(_ event: SurfaceEvent) {
        guard let surface = event.surface else { return }
        switch event.kind {
        case .keyboardEnter:
            surfaces.keyboardFocus = surface
            surfaces.focusable.insert(surface)
        case .keyboardLeave:
            if surfaces.keyboardFocus == surface { surfaces.keyboardFocus = nil }
            surfaces.focusable.insert(surface)
        case .activated:
            if event.active == true { surfaces.active.insert(surface) } else { surfaces.active.remove(surface) }
            surfaces.focusable.insert(surface)
        case .surfaceDestroyed:
            surfaces.destroyed.insert(surface)
        default:
            return
        }
        if let waiting = surfaces.awaitingFocus, surfaces.isFocused(waiting.surface) { surfaces.awaitingFocus = nil }
    }

    /// A7: a touch event whose sequence began on a surface our client has destroyed since, or a
    /// down naming a destroyed surface. True when it reported one.
    mutating func eventOnDestroyedSurface(_ event: RawEvent, index: Int, into findings: inout [Finding]) {
        guard !surfaces.destroyed.isEmpty, let id = event.touchID else { return }
        let surface: String?
        if case .down(_, _, let named, _, _, _) = event {
            surface = named
        } else {
            surface = touches.slot(of: id).flatMap { touches[$0].surface }
        }
        guard let surface, surfaces.destroyed.contains(surface) else { return }
        findings.append(ConformanceRule.a7.finding(
            "\(event.name) of id \(id) for \(Quoted.text(Array(surface.utf8))), which our client destroyed earlier",
            record: index, time: event.time, id: id))
    }

    /// H3 bookkeeping at a down: the first down of a sequence settles the previous sequence's wait
    /// (reporting it when focus never came) and starts a wait of its own when its surface is a
    /// toplevel that has neither keyboard focus nor activation.
    mutating func downForFocus(surface: String?, time: UInt32, id: Int32, index: Int, into findings: inout [Finding]) {
        guard touches.isEmpty else { return }
        reportFocusNeverCame(before: "the next touch sequence", into: &findings)
        guard let surface, surfaces.focusable.contains(surface), !surfaces.isFocused(surface),
              !surfaces.destroyed.contains(surface) else { return }
        surfaces.awaitingFocus = (surface, index, time, id)
    }

    /// H3 for a wait that is still open.
    mutating func reportFocusNeverCame(before what: String, into findings: inout [Finding]) {
        guard let waiting = surfaces.awaitingFocus else { return }
        surfaces.awaitingFocus = nil
        findings.append(ConformanceRule.h3.finding(
            "the touch on \(Quoted.text(Array(waiting.surface.utf8))) (id \(waiting.id)) gave it neither keyboard focus "
                + "nor the activated state before \(what)", record: waiting.record, time: waiting.time, id: waiting.id))
    }
}
