// MARK: - The DESIGN §4 rules the checker reports, with the wayland.xml text they rest on

/// A rule of DESIGN §4 that the conformance checker can decide from a trace.
///
/// Each case knows its id, its ``Finding/Category`` and the wayland.xml sentence it rests on
/// (quoted in every finding's message, so a compositor maintainer sees the text, not only an id).
/// One rule per offending record: an event for an id that is not down is reported under the
/// most specific rule that explains it — R3 after its up, R5 after a cancel, R9 for a shape or
/// orientation before any down, R2 otherwise; any wl_touch event while the latest capabilities
/// record says the seat has no touch is reported as R14 alone.
public enum ConformanceRule: String, Hashable, Sendable, CaseIterable {
    /// Down for an id that is already down.
    case r1 = "R1"
    /// Motion or up for an id that is not down (and was neither lifted nor cancelled recently).
    case r2 = "R2"
    /// An event for an id after its up, before a new down of that id.
    case r3 = "R3"
    /// A wl_touch.frame that terminates no event.
    case r4 = "R4"
    /// An event for an id that was active at a cancel, before a new down of that id.
    case r5 = "R5"
    /// Shape or orientation not followed by a wl_touch.frame (cancel, missing frame or end came first).
    case r8 = "R8"
    /// Shape or orientation for an id before its down.
    case r9 = "R9"
    /// Shape whose major axis is shorter than its minor axis.
    case r10 = "R10"
    /// Orientation outside [-180, 180] degrees.
    case r11 = "R11"
    /// Shape or orientation on a wl_touch below version 6.
    case r12 = "R12"
    /// A wl_touch event after a capabilities record without touch (before one with touch).
    case r14 = "R14"
    /// Down outside the surface (the header's surface size stands in for the input region).
    case s1 = "S1"
    /// A down or up serial lower than the previous one (wrap-aware).
    case s8 = "S8"
    /// No wl_touch.frame after an up that left no touch down (before a later event or the end).
    case a1 = "A1"
    /// A wl_touch.frame right after a cancel.
    case a2 = "A2"
    /// A cancel while events of an unfinished frame are pending.
    case a3 = "A3"
    /// A cancel while touches are down on more than one surface.
    case a4 = "A4"
    /// Touch capability removed while touches are down.
    case a8 = "A8"
    /// A down with a negative or very large id.
    case a6 = "A6"
    /// A motion outside the surface.
    case a11 = "A11"
    /// A motion to the touch's current location.
    case a12 = "A12"
    /// A second motion of one id in one frame.
    case a13 = "A13"
    /// A wl_touch time earlier than the previous one (wrap-aware).
    case a14 = "A14"
    /// An up in the same frame as a shape or orientation of that id.
    case a17 = "A17"
    /// A cancel while no touch is down.
    case a19 = "A19"
    /// A touch event for a sequence whose surface our client destroyed, or a down naming such a surface.
    case a7 = "A7"
    /// Heuristic: timestamps that look like microseconds.
    case h1 = "H1"
    /// Heuristic: a motion whose coordinates jump as if re-based on another surface (R16).
    case h2 = "H2"
    /// Heuristic: a touched toplevel that had neither keyboard focus nor the activated state got
    /// neither before the next touch sequence (or the end).
    case h3 = "H3"
    /// A pointer button press with no wl_pointer.enter on that surface since the last leave.
    case p1 = "P1"
    /// A pointer button still down at a leave or at the end of the trace (a drag never released).
    case p2 = "P2"
    /// A second press of a pointer button that was not released.
    case p3 = "P3"
    /// Heuristic: a double tap (by a touch framework's measure) whose BTN_LEFT presses a toolkit
    /// would not take as a double-click.
    case p4 = "P4"
    /// Heuristic: BTN_LEFT held still for a long press with no BTN_RIGHT (no secondary click).
    case p5 = "P5"
    /// A release of a pointer button that is not down (a click with no press).
    case p6 = "P6"

    /// The id findings carry.
    public var id: String { rawValue }

    /// Violation for R…/S…, ambiguity for A…, heuristic for H…; P1, P3 and P6 are violations,
    /// P2 an ambiguity (a trace may stop mid-drag), P4 and P5 heuristics.
    public var category: Finding.Category {
        switch self {
        case .p1, .p3, .p6: return .violation
        case .p2: return .ambiguity
        case .p4, .p5: return .heuristic
        default: break
        }
        switch rawValue.first {
        case "A": return .ambiguity
        case "H": return .heuristic
        default: return .violation
        }
    }

    /// The wayland.xml text (or, where wayland.xml is silent, the DESIGN §4 reading) the rule rests on.
    public var quote: String {
        switch self {
        case .r1: "wl_touch.down: \"This touch point is assigned a unique ID.\""
        case .r2: "wl_touch: \"For each contact, a series of events is generated, starting with a down event\""
        case .r3: "wl_touch.up: \"No further events will be sent for this touch point\""
        case .r4: "wl_touch.frame: \"A wl_touch.frame terminates at least one event\""
        case .r5: "wl_touch.cancel: \"No further events are sent to the clients from that particular gesture.\""
        case .r8: "wl_touch.shape/orientation: \"This event does not occur on its own. It is sent before a wl_touch.frame event\""
        case .r9: "wl_touch.shape/orientation: \"A wl_touch.down event is guaranteed to occur before the first wl_touch.shape event for this touch ID\""
        case .r10: "wl_touch.shape: \"The major axis length describes the longer diameter of the ellipse, while the minor axis length describes the shorter diameter.\""
        case .r11: "wl_touch.orientation: \"is normalized to the -180 to +180 degree range\""
        case .r12: "wayland.xml: shape and orientation are \"Version 6 additions\" (since=\"6\")"
        case .r14: "wl_seat.capabilities: \"When the pointer capability is removed, … No further pointer events will be received on these objects.\" (\"The above behavior also applies to … wl_touch\")"
        case .s1: "wl_touch.down: \"A new touch point has appeared on the surface.\" (x, y: \"surface-local x coordinate\")"
        case .s8: "wl_touch.down/up: \"serial number of the touch down event\" (serials come from one increasing counter)"
        case .a1: "wl_touch.frame: \"Indicates the end of a set of events that logically belong together.\" (weston ≤ 11 and mutter send none after the last up)"
        case .a2: "wayland.xml neither requires nor forbids a wl_touch.frame after wl_touch.cancel (R7)"
        case .a3: "wl_touch.cancel says nothing of the events of an unfinished frame; compositors differ"
        case .a4: "wl_touch.cancel: \"Touch cancellation applies to all touch points currently active on this client's surface.\""
        case .a8: "wl_seat.capabilities says nothing of the touch sequences active when the touch capability goes away (a cancel first, or nothing)"
        case .a6: "wl_touch.down: id is an \"int\" (\"the unique ID of this touch point\"); its range is not specified"
        case .a11: "wl_touch.motion: x, y are \"surface-local\" coordinates; whether they may leave the surface is not specified"
        case .a12: "wl_touch.motion: \"A touch point has changed coordinates.\""
        case .a13: "wl_touch.frame: \"A client is expected to accumulate the data in all events within the frame before proceeding.\""
        case .a14: "wl_touch: time is a \"timestamp with millisecond granularity\" with an undefined base; order is implied, not stated"
        case .a17: "wl_touch.shape/orientation: \"carries the new shape information for any previously reported, or new touch points of that frame\""
        case .a19: "wl_touch.cancel: \"Touch cancellation applies to all touch points currently active\" — here there are none"
        case .h1: "wl_touch: time is a \"timestamp with millisecond granularity\""
        case .h2: "wl_touch.down/motion: x, y are \"surface-local\" coordinates of the surface of the down (R16)"
        case .a7: "wl_surface.destroy: \"Deletes the surface and invalidates its object ID.\" wl_touch says nothing of a sequence whose surface goes away (an up, a cancel, or more events)"
        case .p1: "wl_pointer.button: \"The location of the click is given by the last motion or enter event.\" — here there was none on this surface"
        case .p2: "wl_pointer.button: \"Mouse button click and release notifications.\" (a client whose button stays down keeps dragging or selecting)"
        case .p3: "wl_pointer.button: \"Mouse button click and release notifications.\" (a button that is down cannot go down again)"
        case .p4: "wl_pointer.button carries the time and the last motion or enter gives the place: toolkits make a double-click of two presses within their double-click time and distance"
        case .p6: "wl_pointer.button: \"Mouse button click and release notifications.\" (a release ends a press; here there was none)"
        case .p5: "wayland.xml says nothing of pointer emulation from touch; toolkits and other platforms make a long press the secondary (right) click"
        case .h3: "xdg_toplevel: activated \"Client window decorations should be painted as if the window is active\"; wl_keyboard.enter: \"Notification that this seat's keyboard focus is on a certain surface.\" Whether a touch gives focus is the compositor's policy, which users expect it to follow"
        }
    }

    /// A finding of this rule: `what` says what happened; the quote follows.
    func finding(_ what: String, record: Int, time: UInt32?, id: Int32?) -> Finding {
        Finding(ruleID: rawValue, category: category, message: "\(what); \(quote)", recordIndex: record,
                time: time, touchID: id)
    }
}

// MARK: - What a trace cannot show

/// DESIGN §4 rules and ambiguities the checker does not report, each with the reason.
///
/// R6 and R7 shape how the checker reads a stream rather than producing findings; the others
/// need information a wl_touch trace does not carry (seat capabilities, object lifetimes,
/// requests the client made, surface roles).
public enum UncheckedRule: String, Hashable, Sendable, CaseIterable {
    case r6 = "R6", r7 = "R7", r13 = "R13", r15 = "R15", r16 = "R16", r17 = "R17"
    case s2 = "S2", s3 = "S3", s7 = "S7", s12 = "S12"
    case a5 = "A5", a9 = "A9", a10 = "A10", a15 = "A15"

    /// Why the checker does not report it (or where it is reported instead).
    public var reason: String {
        switch self {
        case .r6: "modelled: a cancel ends every active touch; an event that continues one is reported as R5"
        case .r7: "a frame after a cancel is optional, so neither its presence nor its absence is a violation (its presence is A2)"
        case .r13: "capabilities records show when touch was added, but not which wl_touch object each event came on, so an event on an old wl_touch cannot be told from one on the new"
        case .r15: "concerns the client's get_touch request, not the event stream"
        case .r16: "the surface of later events is not on the wire; a re-based jump is flagged by heuristic H2"
        case .r17: "concerns the client's start_drag request, not the event stream"
        case .s2: "motion and up carry no surface, so a focus change is visible only as a coordinate jump (H2)"
        case .s3: "client-side: how the client accumulates frames"
        case .s7: "reported as A14 (time going backwards) and H1 (microsecond-looking times)"
        case .s12: "reported as A12 (motion without change)"
        case .a5: "per-point focus would need the surface of each motion, which wl_touch does not send"
        case .a9: "needs wl_touch object lifetimes (release, new get_touch), which traces do not record"
        case .a10: "needs xdg_toplevel.move/resize requests, which traces do not record"
        case .a15: "needs grab requests and the serial each used, which traces do not record"
        }
    }
}
