// MARK: - What the compositor said about our surfaces, beside wl_touch

/// The record kinds that are not wl_touch events (trace version 2, and 3 for the layer surface's):
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
        case .layerConfigure: [.serial, .width, .height]
        case .x11TouchBegin, .x11TouchUpdate, .x11TouchEnd, .x11ButtonPress, .x11ButtonRelease, .x11Motion:
            [.time, .device, .detail, .ex, .ey, .rx, .ry, .flags]
        case .x11CoreButtonPress, .x11CoreButtonRelease, .x11CoreMotion: [.time, .detail, .ex, .ey, .rx, .ry]
        case .x11Configure: [.x, .y, .width, .height]
        case .popupDone, .dndDrop, .dndLeave, .dndTarget, .dndDropPerformed, .dndCancelled, .dndFinished,
             .surfaceDestroyed, .layerClosed: []
        }
    }

    /// The first trace format version that has records of this kind.
    public var sinceVersion: Int {
        switch self {
        case .layerConfigure, .layerClosed: SurfaceEvent.layerSinceVersion
        case _ where isX11: SurfaceEvent.x11SinceVersion
        default: SurfaceEvent.sinceVersion
        }
    }

    /// Whether the record is what our X11 window (the X11 oracle, under Xwayland) received rather than
    /// a Wayland event; its `surface`, when set, names the X window ("x11-window@0x400001").
    public var isX11: Bool { rawValue.hasPrefix("x11-") }

    /// The fields a record of this kind may carry.
    public var allowed: Set<SurfaceEventField> {
        self == .dndTarget ? [.surface, .mime] : required.union([.surface])
    }
}

/// A field of a ``SurfaceEvent`` record, by its JSON key.
public enum SurfaceEventField: String, CaseIterable, Hashable, Sendable {
    case surface, serial, time, x, y, width, height, active, mime, action
    case device, detail, flags, ex, ey, rx, ry
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
                active: Bool? = nil, mime: String? = nil, action: UInt32? = nil, device: UInt16? = nil,
                detail: UInt32? = nil, flags: UInt32? = nil, ex: Int32? = nil, ey: Int32? = nil,
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
    /// The first trace format version that has the layer surface's records.
    public static let layerSinceVersion = 3
    /// The first trace format version that has the X11 oracle's records.
    public static let x11SinceVersion = 3

    /// What the records of `kind`'s generation are called in errors ("X11 oracle records need version 3").
    public static func recordsNew(for kind: SurfaceEventKind) -> String {
        kind.isX11 ? "X11 oracle records" : recordsNew(in: kind.sinceVersion)
    }

    /// What the records new in `version` are called in errors ("surface records need version 2").
    public static func recordsNew(in version: Int) -> String {
        version == layerSinceVersion ? "layer surface records" : "surface records"
    }
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
