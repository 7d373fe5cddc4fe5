import CXCBInput
import Glibc

/// Our X11 window: asks for XI 2.2 touch, XI 2 pointer and core pointer events on every master device, so
/// one run shows which of the three paths an Xwayland delivers for a touch (and with which flags).
public final class X11OracleWindow {
    /// What the window saw, in arrival order.
    public enum Received: Equatable, Sendable {
        case input(X11InputEvent)
        case geometry(X11WindowGeometry)
    }

    private let connection: OpaquePointer
    private let window: xcb_window_t
    /// The X window id of our window.
    public var windowID: UInt32 { window }
    private let root: xcb_window_t
    private let xiOpcode: UInt8
    /// The display name connected to, for messages.
    public let display: String

    /// Connects to `display` (nil: DISPLAY), checks XI 2.2, and maps a `width`×`height` window titled `title`.
    public init(display requested: String?, width: UInt16, height: UInt16, title: String) throws(X11OracleError) {
        guard let name = requested ?? getenv("DISPLAY").map({ String(cString: $0) }), !name.isEmpty else {
            throw .noDisplay
        }
        display = name
        var screenNumber: Int32 = 0
        guard let connection = xcb_connect(name, &screenNumber) else { throw .cannotConnect(display: name, code: -1) }
        let code = xcb_connection_has_error(connection)
        guard code == 0 else {
            xcb_disconnect(connection)
            throw .cannotConnect(display: name, code: code)
        }
        self.connection = connection
        guard let extensionData = cxcb_input_extension(connection),
              extensionData.pointee.present != 0 else {
            xcb_disconnect(connection)
            throw .noXInput22(display: name)
        }
        xiOpcode = extensionData.pointee.major_opcode
        let version = xcb_input_xi_query_version_reply(connection, xcb_input_xi_query_version(connection, 2, 2), nil)
        defer { free(version) }
        guard let version, (version.pointee.major_version, version.pointee.minor_version) >= (2, 2) else {
            xcb_disconnect(connection)
            throw .noXInput22(display: name)
        }
        var screens = xcb_setup_roots_iterator(xcb_get_setup(connection))
        for _ in 0..<max(0, screenNumber) where screens.rem > 1 { xcb_screen_next(&screens) }
        let screen = screens.data.pointee
        root = screen.root
        window = xcb_generate_id(connection)
        let coreMask = XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue
            | XCB_EVENT_MASK_POINTER_MOTION.rawValue | XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue
            | XCB_EVENT_MASK_EXPOSURE.rawValue
        let values: [UInt32] = [screen.white_pixel, coreMask]
        xcb_create_window(connection, UInt8(XCB_COPY_FROM_PARENT), window, root, 0, 0, width, height, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.root_visual,
                          XCB_CW_BACK_PIXEL.rawValue | XCB_CW_EVENT_MASK.rawValue, values)
        Array(title.utf8).withUnsafeBufferPointer {
            _ = xcb_change_property(connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window,
                                    XCB_ATOM_WM_NAME.rawValue, XCB_ATOM_STRING.rawValue, 8, UInt32($0.count),
                                    $0.baseAddress)
        }
        let xiMask = XCB_INPUT_XI_EVENT_MASK_TOUCH_BEGIN.rawValue | XCB_INPUT_XI_EVENT_MASK_TOUCH_UPDATE.rawValue
            | XCB_INPUT_XI_EVENT_MASK_TOUCH_END.rawValue | XCB_INPUT_XI_EVENT_MASK_BUTTON_PRESS.rawValue
            | XCB_INPUT_XI_EVENT_MASK_BUTTON_RELEASE.rawValue | XCB_INPUT_XI_EVENT_MASK_MOTION.rawValue
        let select = cxcb_input_select_one_word(connection, window,
                                                xcb_input_device_id_t(XCB_INPUT_DEVICE_ALL_MASTER.rawValue), xiMask)
        if let error = xcb_request_check(connection, select) {
            let errorCode = error.pointee.error_code
            free(error)
            xcb_disconnect(connection)
            throw .request("XISelectEvents on the window: X error \(errorCode)")
        }
        xcb_map_window(connection, window)
        xcb_flush(connection)
    }

    deinit { xcb_disconnect(connection) }

    /// The connection's file descriptor, to wait on beside others.
    public var fileDescriptor: Int32 { xcb_get_file_descriptor(connection) }

    /// Whether the X server closed the connection.
    public var isBroken: Bool { xcb_connection_has_error(connection) != 0 }

    /// Everything already queued, without blocking.
    public func drain() -> [Received] {
        var received: [Received] = []
        while let event = xcb_poll_for_event(connection) {
            defer { free(event) }
            if let decoded = decode(UnsafeRawPointer(event)) { received.append(decoded) }
        }
        return received
    }

    private func decode(_ raw: UnsafeRawPointer) -> Received? {
        let type = raw.load(as: UInt8.self) & 0x7f
        switch Int32(type) {
        case XCB_GE_GENERIC:
            let generic = raw.load(as: xcb_ge_generic_event_t.self)
            guard generic.extension == xiOpcode else { return nil }
            return decodeXI(raw, type: Int32(generic.event_type))
        case XCB_BUTTON_PRESS, XCB_BUTTON_RELEASE, XCB_MOTION_NOTIFY:
            // ButtonPress, ButtonRelease and MotionNotify share one layout.
            let event = raw.load(as: xcb_button_press_event_t.self)
            let kind: X11InputEvent.Kind = switch Int32(type) {
            case XCB_BUTTON_PRESS: .coreButtonPress
            case XCB_BUTTON_RELEASE: .coreButtonRelease
            default: .coreMotion
            }
            return .input(X11InputEvent(
                kind: kind, time: event.time, device: 0, source: 0,
                detail: kind == .coreMotion ? 0 : UInt32(event.detail),
                eventX: Int32(event.event_x) << 16, eventY: Int32(event.event_y) << 16,
                rootX: Int32(event.root_x) << 16, rootY: Int32(event.root_y) << 16, flags: 0))
        case XCB_CONFIGURE_NOTIFY:
            let event = raw.load(as: xcb_configure_notify_event_t.self)
            guard event.window == window else { return nil }
            let origin = rootOrigin()
            return .geometry(X11WindowGeometry(x: Int32(event.x), y: Int32(event.y), width: UInt32(event.width),
                                               height: UInt32(event.height), rootX: origin.x, rootY: origin.y))
        default:
            return nil
        }
    }

    private func decodeXI(_ raw: UnsafeRawPointer, type: Int32) -> Received? {
        let kind: X11InputEvent.Kind
        switch type {
        case XCB_INPUT_TOUCH_BEGIN: kind = .touchBegin
        case XCB_INPUT_TOUCH_UPDATE: kind = .touchUpdate
        case XCB_INPUT_TOUCH_END: kind = .touchEnd
        case XCB_INPUT_BUTTON_PRESS: kind = .buttonPress
        case XCB_INPUT_BUTTON_RELEASE: kind = .buttonRelease
        case XCB_INPUT_MOTION: kind = .motion
        default: return nil
        }
        // XI touch and pointer device events share one layout up to their flags.
        let event = raw.load(as: xcb_input_touch_begin_event_t.self)
        return .input(X11InputEvent(
            kind: kind, time: event.time, device: event.deviceid, source: event.sourceid, detail: event.detail,
            eventX: event.event_x, eventY: event.event_y, rootX: event.root_x, rootY: event.root_y,
            flags: event.flags))
    }

    /// The window's size and origins now (asked with a round trip: a window manager may have moved it).
    public func currentGeometry() -> X11WindowGeometry? {
        let reply = xcb_get_geometry_reply(connection, xcb_get_geometry(connection, window), nil)
        defer { free(reply) }
        guard let reply else { return nil }
        let origin = rootOrigin()
        return X11WindowGeometry(x: Int32(reply.pointee.x), y: Int32(reply.pointee.y), width: UInt32(reply.pointee.width),
                                 height: UInt32(reply.pointee.height), rootX: origin.x, rootY: origin.y)
    }

    private func rootOrigin() -> (x: Int32, y: Int32) {
        let reply = xcb_translate_coordinates_reply(
            connection, xcb_translate_coordinates(connection, window, root, 0, 0), nil)
        defer { free(reply) }
        guard let reply else { return (0, 0) }
        return (Int32(reply.pointee.dst_x), Int32(reply.pointee.dst_y))
    }
}
