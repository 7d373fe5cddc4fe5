import Logging
import TouchKit
import TouchStream
import WaylandPlumbing

// MARK: - The extra surfaces and the touch actions

/// The live objects of ``ClientParts``, made once the main window has its first configure.
final class PartsState {
    let options: ClientParts
    var secondWindow: SecondWindow?
    var subsurface: Subsurface?
    var popup: Popup?
    var layerSurface: LayerSurface?
    var sessionLock: SessionLock?
    /// The lock's time limit, armed at `locked`.
    var lockTimer: TimerHandle?
    /// Touches down on a lock surface, and how many lifted from one.
    var lockTouches: Set<Int32> = []
    var lockTaps = 0
    var dataDevice: DataDevice?
    var dragSource: DataSource?
    var textInput: TextInput?
    var onScreenKeyboard: OnScreenKeyboard?
    /// The last wl_touch time seen (ms), when the on-screen keyboard releases keys at a cancel.
    var lastTouchTime: UInt32 = 0
    var made = false

    init(options: ClientParts) { self.options = options }

    /// Names of the surfaces that are ours but not the main window's (a down there is no decoration).
    var surfaceNames: Set<String> {
        let parts: [(any ClientPart)?] = [secondWindow, subsurface, popup, layerSurface]
        return Set(parts.compactMap { $0 }.filter { !$0.isDestroyed }.map(\.name) + (sessionLock?.surfaceNames ?? []))
    }
}

extension WaylandApp {
    private static let partsLog = Logger(label: "WaylandClient.Parts")

    /// Makes the second window, the subsurface and the data device (once, after the first configure).
    func makeParts() {
        guard !parts.made, let window, let compositor = registry.compositor, let shm = registry.shm,
              let wmBase = registry.wmBase else { return }
        parts.made = true
        if let manager = registry.dataDeviceManager, let seat = registry.seats.first {
            parts.dataDevice = DataDevice(manager: manager, seat: seat.proxy, sink: self)
        }
        if parts.options.subsurface, let subcompositor = registry.subcompositor {
            parts.subsurface = try? Subsurface(compositor: compositor, subcompositor: subcompositor, shm: shm,
                                               parent: window.surface, sink: self)
        }
        if let size = parts.options.secondWindow {
            parts.secondWindow = SecondWindow(compositor: compositor, wmBase: wmBase.proxy, shm: shm, size: size,
                                              title: "\(title) (second window)", appID: appID,
                                              parent: window.xdgToplevel, sink: self)
        }
        makeLayerSurface()
        makeSessionLock()
        makeTextInput()
        do { try makeOnScreenKeyboard() } catch { Self.partsLog.error("on-screen keyboard: \(error)") }
    }

    /// Runs the touch action a real down asks for.
    func partsHandleDown(serial: UInt32, surface: String, x: WLFixed, y: WLFixed) {
        guard let action = parts.options.action, let window,
              let seat = registry.seats.first(where: { $0.touch != nil }) else { return }
        let onButton = surface == window.surface.name && ClientParts.isOnButton(x: x.doubleValue, y: y.doubleValue)
        switch action {
        case .popup where onButton && (parts.popup?.isDestroyed ?? true):
            openPopup(seat: seat.proxy, serial: serial)
        case .drag where onButton && parts.dragSource == nil:
            startDrag(serial: serial)
        case .move where onButton:
            window.move(seat: seat.proxy, serial: serial)
        case .resize where onButton:
            window.resize(seat: seat.proxy, serial: serial)
        case .destroySubsurface where surface == parts.subsurface?.name:
            parts.subsurface?.destroy()
        case .destroyWindow where surface == parts.secondWindow?.name:
            parts.secondWindow?.destroy()
        case .maximize where onButton:
            setMaximized(true)
        case .fullscreen where onButton:
            setFullscreen(true)
        case .layerPopup where surface == parts.layerSurface?.name && (parts.popup?.isDestroyed ?? true):
            openLayerPopup(seat: seat.proxy, serial: serial)
        default:
            break
        }
    }

    private func openPopup(seat: OpaquePointer, serial: UInt32) {
        guard let parent = window?.xdgSurface, let compositor = registry.compositor, let shm = registry.shm,
              let wmBase = registry.wmBase else { return }
        let b = ClientParts.button
        // The positioner works in the parent's window geometry, which libdecor's title bar is part of.
        let origin: (x: Int32, y: Int32) = window?.geometryPoint(x: Int32(b.x), y: Int32(b.y)) ?? (Int32(b.x), Int32(b.y))
        parts.popup = try? Popup(compositor: compositor, wmBase: wmBase.proxy, shm: shm, parent: .xdgSurface(parent),
                                 placement: .belowRight(of: (origin.x, origin.y, Int32(b.width), Int32(b.height))),
                                 seat: seat, serial: serial, sink: self)
    }

    private func startDrag(serial: UInt32) {
        guard let window, let device = parts.dataDevice, let manager = registry.dataDeviceManager else { return }
        let source = DataSource(manager: manager, origin: window.surface.name, sink: self)
        source.onEnded = { [unowned self] in parts.dragSource = nil }
        parts.dragSource = source
        device.startDrag(source, origin: window.surface, serial: serial)
    }

    /// Destroys what is left of the parts (at exit).
    func destroyParts() {
        if let lock = parts.sessionLock, lock.state == .locked {
            lock.unlock(recorded: false)
            // unlock_and_destroy must reach the compositor before the connection closes, or the
            // session may stay locked (the protocol's own advice: a sync after it).
            _ = try? display.roundtrip()
        } else {
            parts.sessionLock?.unlock(recorded: false)
        }
        parts.popup?.destroy(recorded: false)
        parts.layerSurface?.destroy(recorded: false)
        parts.subsurface?.destroy(recorded: false)
        parts.secondWindow?.destroy(recorded: false)
        parts.dataDevice?.destroy()
        parts.textInput?.destroy()
        parts.onScreenKeyboard?.destroy()
    }
}
