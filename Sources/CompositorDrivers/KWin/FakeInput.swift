import CWaylandProtocols
import TouchStream

// MARK: - org_kde_kwin_fake_input (v4): KWin's own input path, global logical coordinates

extension KWinConnection {
    /// Sends one raw event as the matching fake-input request. Shape, orientation and seat
    /// capability have no request here (callers filter them out first). A frame's requests go out
    /// in one write with its `frame` or `cancel` (or the next dispatch), as a device's would: sent
    /// one by one, KWin can pass a frame on in pieces and a client that flushes on a drained socket
    /// sees it split.
    func send(_ event: RawEvent) throws {
        switch event {
        case .down(_, _, _, let id, let x, let y):
            org_kde_kwin_fake_input_touch_down(fakeInput, UInt32(bitPattern: id), x.rawValue, y.rawValue)
        case .motion(_, let id, let x, let y):
            org_kde_kwin_fake_input_touch_motion(fakeInput, UInt32(bitPattern: id), x.rawValue, y.rawValue)
        case .up(_, _, let id):
            org_kde_kwin_fake_input_touch_up(fakeInput, UInt32(bitPattern: id))
        case .frame:
            org_kde_kwin_fake_input_touch_frame(fakeInput)
        case .cancel:
            org_kde_kwin_fake_input_touch_cancel(fakeInput)
        case .shape, .orientation, .capabilities, .flush, .surface:
            preconditionFailure("\(event.name) is not injectable into KWin; ScriptInjection filters it")
        }
        switch event {
        case .frame, .cancel: try flush()
        default: break
        }
    }

    /// A key with a Linux key code (KEY_*), pressed or released.
    func key(_ code: UInt32, pressed: Bool) throws {
        org_kde_kwin_fake_input_keyboard_key(fakeInput, code, pressed ? 1 : 0)
        try flush()
    }

    /// Moves the pointer to global (x, y).
    func pointerMotion(x: Double, y: Double) throws {
        org_kde_kwin_fake_input_pointer_motion_absolute(fakeInput, WLFixed(x).rawValue, WLFixed(y).rawValue)
        try flush()
    }

    /// A pointer button with a Linux button code (BTN_*), pressed or released.
    func pointerButton(_ code: UInt32, pressed: Bool) throws {
        org_kde_kwin_fake_input_button(fakeInput, code, pressed ? 1 : 0)
        try flush()
    }
}
