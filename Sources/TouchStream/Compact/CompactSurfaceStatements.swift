// MARK: - Surface records in the compact form (trace versions 2 and 3)

/// The statements of the surface records (``SurfaceEventKind``) and their arguments:
///
///     keyboard-enter · keyboard-leave · popup-done · dnd-drop · dnd-leave · dnd-drop-performed
///     dnd-cancelled · dnd-finished · surface-destroyed · layer-closed · session-locked
///     session-lock-finished · session-unlocked · toplevel-close · text-input-enter
///     text-input-leave · text-input-enable · text-input-disable · text-input-done
///     input-method-activate · input-method-deactivate · input-method-done · input-method-unavailable
///     preedit-string · commit-string · osk-commit-string (text=TEXT when there is text)   (no arguments)
///     activated true|false · popup-configure X Y WIDTH HEIGHT · dnd-enter X Y · dnd-motion X Y
///     dnd-target (mime=TYPE when the target accepted one) · dnd-action none|copy|move|ask|copy+move…
///     layer-configure WIDTH HEIGHT · lock-configure WIDTH HEIGHT
///     toplevel-configure WIDTH HEIGHT none|maximized|fullscreen|activated|maximized+activated…
///     key-pressed CODE · key-released CODE · osk-key-pressed CODE · osk-key-released CODE
///     delete-surrounding-text BEFORE AFTER · pointer-enter X Y · pointer-leave · pointer-motion X Y
///     pointer-button BUTTON pressed|released · pointer-axis AXIS VALUE · pointer-axis-source SOURCE
///     pointer-axis-stop AXIS · pointer-axis-discrete AXIS STEPS · pointer-axis-value120 AXIS VALUE120
///     pointer-frame
///     x11-touch-begin · x11-touch-update · x11-touch-end · x11-button-press · x11-button-release
///     x11-motion      DEVICE DETAIL EX EY RX RY FLAGS
///     x11-core-button-press · x11-core-button-release · x11-core-motion      DETAIL EX EY RX RY
///     x11-configure X Y WIDTH HEIGHT
///
/// (EX … RY are the FP16.16 values as decimals, written exactly; FLAGS is hexadecimal `0x…` or decimal.)
///
/// Options: `surface=NAME` on every one, `serial=N` on keyboard-enter, keyboard-leave, dnd-enter,
/// layer-configure, lock-configure, text-input-done and the pointer's enter, leave and button
/// (without it, the next serial, as for down), `t=MS` on any (dnd-motion, the keys and the
/// pointer's motion, button, axis and axis-stop take the clock's time), `mime=TYPE` on dnd-target
/// and `text=TEXT` on the strings (both escaped like surface names). They never advance the clock.
enum CompactSurfaceStatement {
    /// Names of the positional arguments of `kind`.
    static func arguments(_ kind: SurfaceEventKind) -> [String] {
        switch kind {
        case .activated: ["true|false"]
        case .popupConfigure: ["X", "Y", "WIDTH", "HEIGHT"]
        case .layerConfigure, .lockConfigure: ["WIDTH", "HEIGHT"]
        case .toplevelConfigure: ["WIDTH", "HEIGHT", "STATES"]
        case .x11Configure: ["X", "Y", "WIDTH", "HEIGHT"]
        case _ where kind.required.contains(.device): ["DEVICE", "DETAIL", "EX", "EY", "RX", "RY", "FLAGS"]
        case _ where kind.isX11: ["DETAIL", "EX", "EY", "RX", "RY"]
        case .dndEnter, .dndMotion: ["X", "Y"]
        case .dndAction: ["ACTION"]
        case .keyPressed, .keyReleased, .oskKeyPressed, .oskKeyReleased: ["CODE"]
        case .deleteSurroundingText: ["BEFORE", "AFTER"]
        case .pointerEnter, .pointerMotion: ["X", "Y"]
        case .pointerButton: ["BUTTON", "pressed|released"]
        case .pointerAxis: ["AXIS", "VALUE"]
        case .pointerAxisSource: ["SOURCE"]
        case .pointerAxisStop: ["AXIS"]
        case .pointerAxisDiscrete: ["AXIS", "STEPS"]
        case .pointerAxisValue120: ["AXIS", "VALUE120"]
        default: []
        }
    }

    /// The option keys `kind` accepts.
    static func options(_ kind: SurfaceEventKind) -> [String] {
        var keys = ["t", "surface"]
        if kind.required.contains(.serial) { keys.append("serial") }
        if kind.allowed.contains(.mime) { keys.append("mime") }
        if kind.allowed.contains(.text) { keys.append("text") }
        return keys
    }
}

extension CompactParser {
    mutating func parseSurfaceStatement(_ kind: SurfaceEventKind, _ tokens: [CompactToken]) throws(TraceError) {
        let head = tokens[0]
        let rest = tokens.dropFirst()
        let args = Array(rest.prefix { !$0.bytes.contains(UInt8(ascii: "=")) })
        let names = CompactSurfaceStatement.arguments(kind)
        let usage = ([kind.rawValue] + names).joined(separator: " ")
        if args.count < names.count {
            let at = args.last ?? head
            throw TraceError(file: name, line: at.line, column: at.endColumn,
                             message: "missing \(names[args.count]): expected '\(usage)'")
        }
        if args.count > names.count {
            throw error(at: args[names.count], "unexpected argument '\(args[names.count].shown)': expected '\(usage)'")
        }
        var event = SurfaceEvent(kind, surface: nil)
        let allowed = CompactSurfaceStatement.options(kind)
        var seen: Set<String> = []
        for token in rest.dropFirst(args.count) {
            guard let equals = token.bytes.firstIndex(of: UInt8(ascii: "=")) else {
                throw error(at: token, "expected an option, found '\(token.shown)'")
            }
            let key = String(decoding: token.bytes[..<equals], as: UTF8.self)
            var value = token
            value.bytes = token.bytes[(equals + 1)...]
            value.column += equals - token.bytes.startIndex + 1
            guard allowed.contains(key) else {
                let list = allowed.map { $0 + "=" }.joined(separator: ", ")
                throw error(at: token, "\(kind.rawValue) takes no '\(Quoted.text(key))=' (options: \(list))")
            }
            guard seen.insert(key).inserted else { throw error(at: token, "option '\(Quoted.text(key))=' given twice") }
            switch key {
            case "t": cursor.time = UInt32(try unsigned(value, "t=MS", max: UInt64(UInt32.max)))
            case "serial": event.serial = UInt32(try unsigned(value, "serial=N", max: UInt64(UInt32.max)))
            case "surface": event.surface = try escapedName(value)
            case "text": event.text = try escapedName(value)
            default: event.mime = try escapedName(value)
            }
        }
        try fill(&event, args)
        items.append(.record(RawRecord(.surface(event))))
    }

    /// The positional arguments and the implicit serial and time, into `event`.
    private mutating func fill(_ event: inout SurfaceEvent, _ args: [CompactToken]) throws(TraceError) {
        switch event.kind {
        case .activated:
            switch args[0].text {
            case "true": event.active = true
            case "false": event.active = false
            default: throw error(at: args[0], "expected 'true' or 'false' after activated, found '\(args[0].shown)'")
            }
        case .x11Configure:
            event.x = try fixed(args[0], "X")
            event.y = try fixed(args[1], "Y")
            event.width = try size(args[2], "WIDTH")
            event.height = try size(args[3], "HEIGHT")
        case _ where event.kind.isX11:
            try fillX11Input(&event, args)
        case .popupConfigure:
            // Whole numbers from xdg_popup.configure, but kept as wl_fixed like every position, so
            // a trace's value (even one edited to a fraction) reads back exactly.
            event.x = try fixed(args[0], "X")
            event.y = try fixed(args[1], "Y")
            event.width = try integer(args[2], "WIDTH")
            event.height = try integer(args[3], "HEIGHT")
        case .layerConfigure, .lockConfigure:
            event.width = try size(args[0], "WIDTH")
            event.height = try size(args[1], "HEIGHT")
        case .toplevelConfigure:
            event.width = try size(args[0], "WIDTH")
            event.height = try size(args[1], "HEIGHT")
            guard let states = ToplevelStateNames.value(args[2].text) else {
                throw error(at: args[2], "STATES must be none or xdg_toplevel states joined with '+' (maximized, fullscreen, resizing, activated, tiled-left, …), found '\(args[2].shown)'")
            }
            event.states = states
        case .dndEnter, .dndMotion:
            event.x = try fixed(args[0], "X")
            event.y = try fixed(args[1], "Y")
        case .dndAction:
            guard let action = DndActionName.value(args[0].text) else {
                throw error(at: args[0], "ACTION must be none, copy, move, ask or their sum with '+', found '\(args[0].shown)'")
            }
            event.action = action
        case .keyPressed, .keyReleased, .oskKeyPressed, .oskKeyReleased:
            event.code = UInt32(try unsigned(args[0], "CODE", max: UInt64(UInt32.max)))
        case .deleteSurroundingText:
            event.before = UInt32(try unsigned(args[0], "BEFORE", max: UInt64(UInt32.max)))
            event.after = UInt32(try unsigned(args[1], "AFTER", max: UInt64(UInt32.max)))
        case .pointerEnter, .pointerMotion:
            event.x = try fixed(args[0], "X")
            event.y = try fixed(args[1], "Y")
        case .pointerButton:
            event.button = UInt32(try unsigned(args[0], "BUTTON", max: UInt64(UInt32.max)))
            switch args[1].text {
            case "pressed": event.pressed = true
            case "released": event.pressed = false
            default: throw error(at: args[1], "expected 'pressed' or 'released', found '\(args[1].shown)'")
            }
        case .pointerAxis:
            event.axis = UInt32(try unsigned(args[0], "AXIS", max: UInt64(UInt32.max)))
            event.value = try fixed(args[1], "VALUE").rawValue
        case .pointerAxisSource:
            event.value = try size(args[0], "SOURCE")
        case .pointerAxisStop:
            event.axis = UInt32(try unsigned(args[0], "AXIS", max: UInt64(UInt32.max)))
        case .pointerAxisDiscrete, .pointerAxisValue120:
            event.axis = UInt32(try unsigned(args[0], "AXIS", max: UInt64(UInt32.max)))
            event.value = try size(args[1], event.kind == .pointerAxisDiscrete ? "STEPS" : "VALUE120")
        default:
            break
        }
        if event.kind.required.contains(.serial) {
            let serial = event.serial ?? cursor.nextSerial
            event.serial = serial
            cursor.lastSerial = serial
        }
        if event.kind.required.contains(.time) { event.time = cursor.time }
    }

    /// A layer, lock, toplevel or X11 window's size (or any Int32 field), as the JSON Lines form
    /// reads it, so that every trace that form reads writes to this one and back unchanged.
    func size(_ token: CompactToken, _ what: String) throws(TraceError) -> Int32 {
        guard let value = Int32(token.text) else {
            throw error(at: token, "\(what) must be a 32-bit integer, found '\(token.shown)'")
        }
        return value
    }

    /// An integer that fits a wl_fixed's integer part (popup positions and sizes).
    private func integer(_ token: CompactToken, _ what: String) throws(TraceError) -> Int32 {
        let limit = Int64(1) << 23
        guard let value = Int64(token.text), value > -limit, value < limit else {
            throw error(at: token, "\(what) must be an integer within ±8388607, found '\(token.shown)'")
        }
        return Int32(value)
    }

    private func escapedName(_ value: CompactToken) throws(TraceError) -> String {
        switch SurfaceName.unescape(value.bytes) {
        case .name(let text): return text
        case .malformed(let offset):
            throw TraceError(file: name, line: value.line, column: value.column + offset,
                             message: "malformed %XX escape in '\(value.shown)'")
        }
    }
}

extension CompactWriter {
    /// The words of a surface record: its kind, its arguments, then `t=`, `serial=`, `surface=`, `mime=`, `text=`.
    static func words(_ event: SurfaceEvent, cursor: inout ScriptCursor) -> [String] {
        var words = [event.kind.rawValue]
        switch event.kind {
        case .activated: words.append(event.active == true ? "true" : "false")
        case .popupConfigure:
            words += [(event.x ?? WLFixed(rawValue: 0)).description, (event.y ?? WLFixed(rawValue: 0)).description,
                      String(event.width ?? 0), String(event.height ?? 0)]
        case .layerConfigure, .lockConfigure: words += [String(event.width ?? 0), String(event.height ?? 0)]
        case .toplevelConfigure:
            words += [String(event.width ?? 0), String(event.height ?? 0), ToplevelStateNames.text(event.states ?? 0)]
        case .x11Configure:
            words += [(event.x ?? WLFixed(rawValue: 0)).description, (event.y ?? WLFixed(rawValue: 0)).description,
                      String(event.width ?? 0), String(event.height ?? 0)]
        case _ where event.kind.isX11: words += x11InputWords(event)
        case .dndEnter, .dndMotion:
            words += [(event.x ?? WLFixed(rawValue: 0)).description, (event.y ?? WLFixed(rawValue: 0)).description]
        case .dndAction: words.append(DndActionName.text(event.action ?? 0))
        case .keyPressed, .keyReleased, .oskKeyPressed, .oskKeyReleased: words.append(String(event.code ?? 0))
        case .deleteSurroundingText: words += [String(event.before ?? 0), String(event.after ?? 0)]
        case .pointerEnter, .pointerMotion:
            words += [(event.x ?? WLFixed(rawValue: 0)).description, (event.y ?? WLFixed(rawValue: 0)).description]
        case .pointerButton: words += [String(event.button ?? 0), event.pressed == true ? "pressed" : "released"]
        case .pointerAxis: words += [String(event.axis ?? 0), WLFixed(rawValue: event.value ?? 0).description]
        case .pointerAxisSource: words.append(String(event.value ?? 0))
        case .pointerAxisStop: words.append(String(event.axis ?? 0))
        case .pointerAxisDiscrete, .pointerAxisValue120: words += [String(event.axis ?? 0), String(event.value ?? 0)]
        default: break
        }
        if let time = event.time, time != cursor.time {
            words.append("t=\(time)")
            cursor.time = time
        }
        if let serial = event.serial {
            if serial != cursor.nextSerial { words.append("serial=\(serial)") }
            cursor.lastSerial = serial
        }
        if let surface = event.surface { words.append("surface=\(SurfaceName.escape(surface))") }
        if let mime = event.mime { words.append("mime=\(SurfaceName.escape(mime))") }
        if let text = event.text { words.append("text=\(SurfaceName.escape(text))") }
        return words
    }
}
