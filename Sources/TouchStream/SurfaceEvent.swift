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
        case .pointerEnter: [.serial, .x, .y]
        case .pointerLeave: [.serial]
        case .pointerMotion: [.time, .x, .y]
        case .pointerButton: [.serial, .time, .button, .pressed]
        case .pointerAxis: [.time, .axis, .value]
        case .pointerAxisSource: [.value]
        case .pointerAxisStop: [.time, .axis]
        case .pointerAxisDiscrete, .pointerAxisValue120: [.axis, .value]
        case .popupDone, .dndDrop, .dndLeave, .dndTarget, .dndDropPerformed, .dndCancelled, .dndFinished,
             .surfaceDestroyed, .layerClosed, .pointerFrame: []
        }
    }

    /// The first trace format version that has records of this kind.
    public var sinceVersion: Int {
        switch self {
        case .layerConfigure, .layerClosed, .pointerEnter, .pointerLeave, .pointerMotion, .pointerButton, .pointerAxis,
             .pointerAxisSource, .pointerAxisStop, .pointerAxisDiscrete, .pointerAxisValue120, .pointerFrame:
            SurfaceEvent.layerSinceVersion
        default: SurfaceEvent.sinceVersion
        }
    }

    /// True for the wl_pointer records of `run --pointer-only`: input, which opens a recording
    /// as a touch does.
    public var isPointer: Bool { rawValue.hasPrefix("pointer-") }

    /// The fields a record of this kind may carry.
    public var allowed: Set<SurfaceEventField> {
        self == .dndTarget ? [.surface, .mime] : required.union([.surface])
    }
}

/// A field of a ``SurfaceEvent`` record, by its JSON key.
public enum SurfaceEventField: String, CaseIterable, Hashable, Sendable {
    case surface, serial, time, x, y, width, height, active, mime, action, button, pressed, axis, value
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
    /// The pointer button (BTN_LEFT 0x110, BTN_RIGHT 0x111, …).
    public var button: UInt32?
    /// Whether the pointer button went down (false: released).
    public var pressed: Bool?
    /// wl_pointer.axis: 0 vertical scroll, 1 horizontal.
    public var axis: UInt32?
    /// The axis event's number: raw wl_fixed distance, source, steps or value120 by kind.
    public var value: Int32?

    /// Creates a record; pass only the fields the kind allows.
    public init(_ kind: SurfaceEventKind, surface: String?, serial: UInt32? = nil, time: UInt32? = nil,
                x: WLFixed? = nil, y: WLFixed? = nil, width: Int32? = nil, height: Int32? = nil,
                active: Bool? = nil, mime: String? = nil, action: UInt32? = nil, button: UInt32? = nil,
                pressed: Bool? = nil, axis: UInt32? = nil, value: Int32? = nil) {
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
        self.button = button
        self.pressed = pressed
        self.axis = axis
        self.value = value
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
        if button != nil { fields.insert(.button) }
        if pressed != nil { fields.insert(.pressed) }
        if axis != nil { fields.insert(.axis) }
        if value != nil { fields.insert(.value) }
        return fields
    }

    /// The first trace format version that has these records.
    public static let sinceVersion = 2
    /// The first trace format version that has the layer surface's and the pointer's records.
    public static let layerSinceVersion = 3

    /// What the records new in `version` are called in errors ("surface records need version 2").
    public static func recordsNew(in version: Int) -> String {
        version == layerSinceVersion ? "layer surface and pointer records" : "surface records"
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
