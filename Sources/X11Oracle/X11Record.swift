import TouchStream

extension X11OracleWindow.Received {
    /// The trace record of what the window received (the window named `window`, e.g. "x11-window@0x400001").
    public func record(window: String) -> SurfaceEvent {
        switch self {
        case .geometry(let geometry):
            return SurfaceEvent(.x11Configure, surface: window, x: WLFixed(Double(geometry.rootX)),
                                y: WLFixed(Double(geometry.rootY)), width: Int32(clamping: geometry.width),
                                height: Int32(clamping: geometry.height))
        case .input(let event):
            let kind: SurfaceEventKind = switch event.kind {
            case .touchBegin: .x11TouchBegin
            case .touchUpdate: .x11TouchUpdate
            case .touchEnd: .x11TouchEnd
            case .buttonPress: .x11ButtonPress
            case .buttonRelease: .x11ButtonRelease
            case .motion: .x11Motion
            case .coreButtonPress: .x11CoreButtonPress
            case .coreButtonRelease: .x11CoreButtonRelease
            case .coreMotion: .x11CoreMotion
            }
            let core = event.kind.isCore
            return SurfaceEvent(kind, surface: window, time: event.time, device: core ? nil : event.device,
                                detail: event.detail, flags: core ? nil : event.flags, ex: event.eventX,
                                ey: event.eventY, rx: event.rootX, ry: event.rootY)
        }
    }
}
