// MARK: - What the compositor said about our surfaces, beside wl_touch

/// The record kinds that are not wl_touch events (trace version 2, and 3 for the layer surface's,
/// the toplevel's configures, the session lock's, the keys' and the text input's):
/// what the compositor answered (or what our client did) around a touch, each naming the surface
/// it concerns.
///
/// They never reach TouchKit: frame assembly and replay skip them, the checker reads them only
/// for its surface rules. Names are the trace's `kind` strings and compact statements.
public enum SurfaceEventKind: String, CaseIterable, Hashable, Sendable {
    /// wl_keyboard.enter: keyboard focus came to `surface` (serial).
    case keyboardEnter = "keyboard-enter"
    /// wl_keyboard.leave: keyboard focus left `surface` (serial).
    case keyboardLeave = "keyboard-leave"
    /// An xdg_toplevel.configure whose `activated` state differs from the previous one (active).
    case activated
    /// xdg_popup.configure: the popup's position relative to its parent and its size (x, y, width, height).
    case popupConfigure = "popup-configure"
    /// xdg_popup.popup_done: the compositor dismissed the popup.
    case popupDone = "popup-done"
    /// wl_data_device.enter: a drag entered `surface` (serial, x, y surface-local).
    case dndEnter = "dnd-enter"
    /// wl_data_device.motion: the drag moved over the entered surface (time, x, y).
    case dndMotion = "dnd-motion"
    /// wl_data_device.drop: the drag was dropped on the entered surface.
    case dndDrop = "dnd-drop"
    /// wl_data_device.leave: the drag left the entered surface.
    case dndLeave = "dnd-leave"
    /// wl_data_source.target: the target accepted a mime type (mime) or none (no mime).
    case dndTarget = "dnd-target"
    /// wl_data_source.action: the action the compositor chose (action).
    case dndAction = "dnd-action"
    /// wl_data_source.dnd_drop_performed: the user dropped (the source may still be cancelled).
    case dndDropPerformed = "dnd-drop-performed"
    /// wl_data_source.cancelled: the drag (or the source) was cancelled.
    case dndCancelled = "dnd-cancelled"
    /// wl_data_source.dnd_finished: the target finished with the drop.
    case dndFinished = "dnd-finished"
    /// Not an event: our client destroyed `surface` (so events that name it afterwards stand out).
    case surfaceDestroyed = "surface-destroyed"
    /// zwlr_layer_surface_v1.configure: the size the compositor gave the layer surface (serial,
    /// width, height; 0 leaves that dimension to the client).
    case layerConfigure = "layer-configure"
    /// zwlr_layer_surface_v1.closed: the compositor will not show the layer surface again.
    case layerClosed = "layer-closed"
    /// xdg_toplevel.configure (applied with its xdg_surface.configure): the suggested size (0: the
    /// client's choice) and the states (maximized, fullscreen, activated, tiled …) as bits.
    case toplevelConfigure = "toplevel-configure"
    /// ext_session_lock_v1.locked: the compositor locked the session for our client.
    case sessionLocked = "session-locked"
    /// ext_session_lock_v1.finished: the compositor refused the lock or ended it.
    case sessionLockFinished = "session-lock-finished"
    /// ext_session_lock_surface_v1.configure: the size of an output's lock surface (serial, width, height).
    case lockConfigure = "lock-configure"
    /// Not an event: our client unlocked the session (ext_session_lock_v1.unlock_and_destroy).
    case sessionUnlocked = "session-unlocked"
    /// xdg_toplevel.close: the compositor (its close button, a shortcut) asked our window to close.
    case toplevelClose = "toplevel-close"
    /// wl_keyboard.key pressed: the evdev `code` at `time`, to the keyboard-focused `surface`.
    case keyPressed = "key-pressed"
    /// wl_keyboard.key released: the evdev `code` at `time`.
    case keyReleased = "key-released"
    /// zwp_text_input_v3.enter: `surface` has text input focus.
    case textInputEnter = "text-input-enter"
    /// zwp_text_input_v3.leave: `surface` lost text input focus.
    case textInputLeave = "text-input-leave"
    /// Not an event: our client sent enable, set_content_type, set_cursor_rectangle and commit
    /// for `surface` (after a text-input-enter).
    case textInputEnable = "text-input-enable"
    /// Not an event: our client sent disable and commit for `surface` (after a text-input-leave).
    case textInputDisable = "text-input-disable"
    /// zwp_text_input_v3.preedit_string: composing text (`text`, absent when the event's was null).
    case preeditString = "preedit-string"
    /// zwp_text_input_v3.commit_string: text to insert (`text`, absent when the event's was null).
    case commitString = "commit-string"
    /// zwp_text_input_v3.delete_surrounding_text: bytes to delete `before` and `after` the cursor.
    case deleteSurroundingText = "delete-surrounding-text"
    /// zwp_text_input_v3.done: the text events since the last done apply (serial: our commits counted).
    case textInputDone = "text-input-done"
    /// zwp_input_method_v2.activate: a focused text input asked for our input method.
    case inputMethodActivate = "input-method-activate"
    /// zwp_input_method_v2.deactivate: no focused text input needs it.
    case inputMethodDeactivate = "input-method-deactivate"
    /// zwp_input_method_v2.done: what activate or deactivate said applies.
    case inputMethodDone = "input-method-done"
    /// zwp_input_method_v2.unavailable: another input method holds the seat.
    case inputMethodUnavailable = "input-method-unavailable"
    /// Not an event: our on-screen keyboard sent zwp_input_method_v2.commit_string (`text`) and commit.
    case oskCommitString = "osk-commit-string"
    /// Not an event: our on-screen keyboard pressed evdev `code` at `time` on its zwp_virtual_keyboard_v1.
    case oskKeyPressed = "osk-key-pressed"
    /// Not an event: our on-screen keyboard released evdev `code` at `time` on its zwp_virtual_keyboard_v1.
    case oskKeyReleased = "osk-key-released"
    /// wl_pointer.enter (`run --pointer-only`): the pointer came to `surface` (serial, x, y).
    case pointerEnter = "pointer-enter"
    /// wl_pointer.leave: the pointer left `surface` (serial).
    case pointerLeave = "pointer-leave"
    /// wl_pointer.motion over the entered surface (time, x, y).
    case pointerMotion = "pointer-motion"
    /// wl_pointer.button (serial, time, button as linux/input-event-codes.h numbers it, pressed).
    case pointerButton = "pointer-button"
    /// wl_pointer.axis (time, axis: 0 vertical, 1 horizontal; value: the wl_fixed distance, raw 24.8).
    case pointerAxis = "pointer-axis"
    /// wl_pointer.axis_source, v5 (value: 0 wheel, 1 finger, 2 continuous, 3 wheel tilt).
    case pointerAxisSource = "pointer-axis-source"
    /// wl_pointer.axis_stop, v5 (time, axis).
    case pointerAxisStop = "pointer-axis-stop"
    /// wl_pointer.axis_discrete, v5 to 7 (axis, value: the number of steps).
    case pointerAxisDiscrete = "pointer-axis-discrete"
    /// wl_pointer.axis_value120, v8 (axis, value: 120 for one wheel detent).
    case pointerAxisValue120 = "pointer-axis-value120"
    /// wl_pointer.frame, v5: the end of one logical group of pointer events.
    case pointerFrame = "pointer-frame"
    /// XI 2.2 TouchBegin at our X11 window (time, device, detail = touch id, ex/ey and rx/ry in
    /// FP16.16 window and root coordinates, flags): see ``SurfaceEventKind/isX11``.
    case x11TouchBegin = "x11-touch-begin"
    /// XI 2.2 TouchUpdate (the touch-begin fields).
    case x11TouchUpdate = "x11-touch-update"
    /// XI 2.2 TouchEnd (the touch-begin fields).
    case x11TouchEnd = "x11-touch-end"
    /// XI 2 ButtonPress (the touch-begin fields, detail = button; flags 0x10000 is XIPointerEmulated).
    case x11ButtonPress = "x11-button-press"
    /// XI 2 ButtonRelease (as x11-button-press).
    case x11ButtonRelease = "x11-button-release"
    /// XI 2 Motion (as x11-button-press, detail 0).
    case x11Motion = "x11-motion"
    /// Core ButtonPress (time, detail = button, ex/ey and rx/ry: the core integers as FP16.16).
    case x11CoreButtonPress = "x11-core-button-press"
    /// Core ButtonRelease (as x11-core-button-press).
    case x11CoreButtonRelease = "x11-core-button-release"
    /// Core MotionNotify (as x11-core-button-press, detail 0).
    case x11CoreMotion = "x11-core-motion"
    /// ConfigureNotify of our X11 window: its size (width, height) and its origin on the root
    /// window (x, y: whole numbers, kept as wl_fixed like popup-configure's).
    case x11Configure = "x11-configure"

    /// The fields a record of this kind must carry besides `surface` (which every kind may carry).
    public var required: Set<SurfaceEventField> {
        switch self {
        case .keyboardEnter, .keyboardLeave: [.serial]
        case .activated: [.active]
        case .popupConfigure: [.x, .y, .width, .height]
        case .dndEnter: [.serial, .x, .y]
        case .dndMotion: [.time, .x, .y]
        case .dndAction: [.action]
        case .layerConfigure, .lockConfigure: [.serial, .width, .height]
        case .toplevelConfigure: [.width, .height, .states]
        case .keyPressed, .keyReleased, .oskKeyPressed, .oskKeyReleased: [.time, .code]
        case .deleteSurroundingText: [.before, .after]
        case .textInputDone: [.serial]
        case .pointerEnter: [.serial, .x, .y]
        case .pointerLeave: [.serial]
        case .pointerMotion: [.time, .x, .y]
        case .pointerButton: [.serial, .time, .button, .pressed]
        case .pointerAxis: [.time, .axis, .value]
        case .pointerAxisSource: [.value]
        case .pointerAxisStop: [.time, .axis]
        case .pointerAxisDiscrete, .pointerAxisValue120: [.axis, .value]
        case .x11TouchBegin, .x11TouchUpdate, .x11TouchEnd, .x11ButtonPress, .x11ButtonRelease, .x11Motion:
            [.time, .device, .detail, .ex, .ey, .rx, .ry, .flags]
        case .x11CoreButtonPress, .x11CoreButtonRelease, .x11CoreMotion: [.time, .detail, .ex, .ey, .rx, .ry]
        case .x11Configure: [.x, .y, .width, .height]
        case .textInputEnter, .textInputLeave, .textInputEnable, .textInputDisable, .preeditString, .commitString,
             .inputMethodActivate, .inputMethodDeactivate, .inputMethodDone, .inputMethodUnavailable,
             .oskCommitString: []
        case .popupDone, .dndDrop, .dndLeave, .dndTarget, .dndDropPerformed, .dndCancelled, .dndFinished,
             .surfaceDestroyed, .layerClosed, .sessionLocked, .sessionLockFinished, .sessionUnlocked,
             .toplevelClose, .pointerFrame: []
        }
    }

    /// The first trace format version that has records of this kind.
    public var sinceVersion: Int {
        switch self {
        case .keyboardEnter, .keyboardLeave, .activated, .popupConfigure, .popupDone, .dndEnter, .dndMotion, .dndDrop,
             .dndLeave, .dndTarget, .dndAction, .dndDropPerformed, .dndCancelled, .dndFinished, .surfaceDestroyed:
            SurfaceEvent.sinceVersion
        default: SurfaceEvent.layerSinceVersion
        }
    }

    /// True for the wl_pointer records of `run --pointer-only`: input, which opens a recording
    /// as a touch does.
    public var isPointer: Bool { rawValue.hasPrefix("pointer-") }

    /// Whether the record is what our X11 window (the X11 oracle, under Xwayland) received rather than
    /// a Wayland event; its `surface`, when set, names the X window ("x11-window@0x400001").
    public var isX11: Bool { rawValue.hasPrefix("x11-") }

    /// The fields a record of this kind may carry.
    public var allowed: Set<SurfaceEventField> {
        switch self {
        case .dndTarget: [.surface, .mime]
        case .preeditString, .commitString, .oskCommitString: [.surface, .text]
        default: required.union([.surface])
        }
    }

    /// What errors call the records of this kind's family ("layer surface records need version 3").
    public var family: String {
        switch self {
        case .layerConfigure, .layerClosed: "layer surface records"
        case .toplevelConfigure, .toplevelClose: "toplevel configure records"
        case .sessionLocked, .sessionLockFinished, .lockConfigure, .sessionUnlocked: "session lock records"
        case .pointerEnter, .pointerLeave, .pointerMotion, .pointerButton, .pointerAxis, .pointerAxisSource,
             .pointerAxisStop, .pointerAxisDiscrete, .pointerAxisValue120, .pointerFrame: "pointer records"
        case _ where isX11: "X11 oracle records"
        case _ where sinceVersion == SurfaceEvent.layerSinceVersion: "key and text input records"
        default: "surface records"
        }
    }
}

/// A field of a ``SurfaceEvent`` record, by its JSON key.
public enum SurfaceEventField: String, CaseIterable, Hashable, Sendable {
    case surface, serial, time, x, y, width, height, active, mime, action, states, text, code, before, after, button,
         pressed, axis, value, device, detail, flags, ex, ey, rx, ry
}

/// One record of a ``SurfaceEventKind``: the kind and the fields it allows (the others nil).
///
/// `x` and `y` are wl_fixed as received (dnd-enter, dnd-motion); popup-configure's integer
/// position is stored as the wl_fixed of that integer, so every `x`/`y` in a trace is raw 24.8.
public struct SurfaceEvent: Hashable, Sendable {
    /// What happened.
    public var kind: SurfaceEventKind
    /// The surface it concerns, named as `down` names it ("wl_surface@5").
    public var surface: String?
    /// The event's serial (keyboard enter/leave, dnd enter, layer configure).
    public var serial: UInt32?
    /// The event's time in ms (dnd motion).
    public var time: UInt32?
    /// Surface-local x (dnd), or the popup's x relative to its parent.
    public var x: WLFixed?
    /// Surface-local y (dnd), or the popup's y relative to its parent.
    public var y: WLFixed?
    /// The popup's or the layer surface's width in logical px.
    public var width: Int32?
    /// The popup's or the layer surface's height in logical px.
    public var height: Int32?
    /// The toplevel's activated state.
    public var active: Bool?
    /// The mime type the drop target accepted (nil: none).
    public var mime: String?
    /// wl_data_device_manager.dnd_action bits (0 none, 1 copy, 2 move, 4 ask).
    public var action: UInt32?
    /// xdg_toplevel.state values as bits, value N at bit N − 1 (``ToplevelStateNames``).
    public var states: UInt32?
    /// The text of a preedit or commit string (UTF-8).
    public var text: String?
    /// An evdev key code (keys pressed and released).
    public var code: UInt32?
    /// Bytes to delete before the cursor (delete-surrounding-text).
    public var before: UInt32?
    /// Bytes to delete after the cursor (delete-surrounding-text).
    public var after: UInt32?
    /// The pointer button (BTN_LEFT 0x110, BTN_RIGHT 0x111, …).
    public var button: UInt32?
    /// Whether the pointer button went down (false: released).
    public var pressed: Bool?
    /// wl_pointer.axis: 0 vertical scroll, 1 horizontal.
    public var axis: UInt32?
    /// The axis event's number: raw wl_fixed distance, source, steps or value120 by kind.
    public var value: Int32?
    /// The XI device id the X11 event came through (a master device).
    public var device: UInt16?
    /// The X11 event's detail: the touch id, or the button number (0 for motion).
    public var detail: UInt32?
    /// The XI event flags as received (XIPointerEmulated 0x10000, XITouchEmulatingPointer 0x20000).
    public var flags: UInt32?
    /// The X11 event's window-relative x in FP16.16 as received.
    public var ex: Int32?
    /// The X11 event's window-relative y in FP16.16 as received.
    public var ey: Int32?
    /// The X11 event's root-relative x in FP16.16 as received.
    public var rx: Int32?
    /// The X11 event's root-relative y in FP16.16 as received.
    public var ry: Int32?

    /// Creates a record; pass only the fields the kind allows.
    public init(_ kind: SurfaceEventKind, surface: String?, serial: UInt32? = nil, time: UInt32? = nil,
                x: WLFixed? = nil, y: WLFixed? = nil, width: Int32? = nil, height: Int32? = nil,
                active: Bool? = nil, mime: String? = nil, action: UInt32? = nil, states: UInt32? = nil,
                text: String? = nil, code: UInt32? = nil, before: UInt32? = nil, after: UInt32? = nil,
                button: UInt32? = nil, pressed: Bool? = nil, axis: UInt32? = nil, value: Int32? = nil,
                device: UInt16? = nil, detail: UInt32? = nil, flags: UInt32? = nil, ex: Int32? = nil, ey: Int32? = nil,
                rx: Int32? = nil, ry: Int32? = nil) {
        self.kind = kind
        self.surface = surface
        self.serial = serial
        self.time = time
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.active = active
        self.mime = mime
        self.action = action
        self.states = states
        self.text = text
        self.code = code
        self.before = before
        self.after = after
        self.button = button
        self.pressed = pressed
        self.axis = axis
        self.value = value
        self.device = device
        self.detail = detail
        self.flags = flags
        self.ex = ex
        self.ey = ey
        self.rx = rx
        self.ry = ry
    }

    /// The fields that are set.
    public var presentFields: Set<SurfaceEventField> {
        var fields: Set<SurfaceEventField> = []
        if surface != nil { fields.insert(.surface) }
        if serial != nil { fields.insert(.serial) }
        if time != nil { fields.insert(.time) }
        if x != nil { fields.insert(.x) }
        if y != nil { fields.insert(.y) }
        if width != nil { fields.insert(.width) }
        if height != nil { fields.insert(.height) }
        if active != nil { fields.insert(.active) }
        if mime != nil { fields.insert(.mime) }
        if action != nil { fields.insert(.action) }
        if states != nil { fields.insert(.states) }
        if text != nil { fields.insert(.text) }
        if code != nil { fields.insert(.code) }
        if before != nil { fields.insert(.before) }
        if after != nil { fields.insert(.after) }
        if button != nil { fields.insert(.button) }
        if pressed != nil { fields.insert(.pressed) }
        if axis != nil { fields.insert(.axis) }
        if value != nil { fields.insert(.value) }
        if device != nil { fields.insert(.device) }
        if detail != nil { fields.insert(.detail) }
        if flags != nil { fields.insert(.flags) }
        if ex != nil { fields.insert(.ex) }
        if ey != nil { fields.insert(.ey) }
        if rx != nil { fields.insert(.rx) }
        if ry != nil { fields.insert(.ry) }
        return fields
    }

    /// The first trace format version that has these records.
    public static let sinceVersion = 2
    /// The first trace format version that has the layer surface's, the toplevel's configure, the
    /// session lock's, the keys', the text input's and the pointer's records.
    public static let layerSinceVersion = 3
}

// MARK: - Telling two clients' surfaces apart

extension RawRecord {
    /// The record with every surface it names written `prefix` + name: two client processes both
    /// call their first surface "wl_surface@3", and one matrix cell holds both their streams.
    public func prefixingSurfaces(with prefix: String) -> RawRecord {
        var copy = self
        switch event {
        case .down(let serial, let time, let surface?, let id, let x, let y):
            copy.event = .down(serial: serial, time: time, surface: prefix + surface, id: id, x: x, y: y)
        case .surface(var surfaceEvent) where surfaceEvent.surface != nil:
            surfaceEvent.surface = prefix + surfaceEvent.surface!
            copy.event = .surface(surfaceEvent)
        default:
            break
        }
        return copy
    }
}

// MARK: - xdg_toplevel state names

/// xdg_toplevel.state as the compact form writes it: names joined by `+`, `none` for no state.
public enum ToplevelStateNames {
    /// xdg_toplevel.state values 1 … 9 (xdg-shell v6), value N at bit N − 1.
    private static let names = ["maximized", "fullscreen", "resizing", "activated", "tiled-left", "tiled-right",
                                "tiled-top", "tiled-bottom", "suspended"]

    /// The bits of a configure's state values (values past the known ones keep their bit).
    public static func bits(_ values: [UInt32]) -> UInt32 {
        values.reduce(0) { $0 | ((1...32).contains($1) ? 1 << ($1 - 1) : 0) }
    }

    /// `none`, or the set bits' names joined with `+` (unknown bits as `state-N`, N the value).
    public static func text(_ bits: UInt32) -> String {
        guard bits != 0 else { return "none" }
        return (0..<32).filter { bits & (1 << $0) != 0 }
            .map { $0 < names.count ? names[$0] : "state-\($0 + 1)" }.joined(separator: "+")
    }

    /// Reads ``text(_:)`` back; nil when a part is not a state.
    public static func value(_ text: String) -> UInt32? {
        if text == "none" { return 0 }
        var bits: UInt32 = 0
        for part in text.split(separator: "+", omittingEmptySubsequences: false) {
            if let index = names.firstIndex(of: String(part)) {
                bits |= 1 << UInt32(index)
            } else if part.hasPrefix("state-"), let value = UInt32(part.dropFirst(6)), (1...32).contains(value) {
                bits |= 1 << (value - 1)
            } else {
                return nil
            }
        }
        return bits
    }

    /// Whether `bits` has the state named `name` (one of xdg-shell's).
    public static func contains(_ bits: UInt32, _ name: String) -> Bool {
        guard let index = names.firstIndex(of: name) else { return false }
        return bits & (1 << UInt32(index)) != 0
    }
}

// MARK: - Drag-and-drop action names

/// wl_data_device_manager.dnd_action as the compact form writes it.
public enum DndActionName {
    private static let names: [(UInt32, String)] = [(1, "copy"), (2, "move"), (4, "ask")]

    /// `none`, or the set bits' names joined with `+` (unknown bits as their number).
    public static func text(_ action: UInt32) -> String {
        guard action != 0 else { return "none" }
        var parts = names.filter { action & $0.0 != 0 }.map(\.1)
        let unknown = action & ~names.reduce(0) { $0 | $1.0 }
        if unknown != 0 { parts.append(String(unknown)) }
        return parts.joined(separator: "+")
    }

    /// Reads ``text(_:)`` back; nil when a part is neither a name nor a number.
    public static func value(_ text: String) -> UInt32? {
        if text == "none" { return 0 }
        var value: UInt32 = 0
        for part in text.split(separator: "+", omittingEmptySubsequences: false) {
            if let named = names.first(where: { $0.1 == part }) {
                value |= named.0
            } else if let number = UInt32(part) {
                value |= number
            } else {
                return nil
            }
        }
        return value
    }
}
