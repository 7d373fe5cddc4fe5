// MARK: - Versions this client implements

/// The highest version of each global this client implements fully (every listener slot of
/// that version filled); it binds min(offered, this).
enum SupportedVersion {
    /// wl_compositor: v4 brings wl_surface.damage_buffer (required); v5 only forbids non-zero
    /// attach offsets (we attach at 0,0). v6 adds wl_surface events libwayland 1.21 has no slot for.
    static let compositor: UInt32 = 5
    /// The least wl_compositor version accepted: damage_buffer is v4.
    static let compositorMinimum: UInt32 = 4
    /// wl_shm: v2 only adds a release request.
    static let shm: UInt32 = 1
    /// wl_seat: v6 brings wl_touch.shape/orientation, v8 wl_pointer.axis_value120.
    static let seat: UInt32 = 8
    /// wl_output: v4 brings name and description.
    static let output: UInt32 = 4
    /// xdg_wm_base: v4 brings xdg_toplevel.configure_bounds, v5 wm_capabilities.
    static let wmBase: UInt32 = 5
    /// zxdg_decoration_manager_v1.
    static let decorationManager: UInt32 = 1
    /// zwp_input_timestamps_manager_v1.
    static let inputTimestampsManager: UInt32 = 1
    /// wp_viewporter (wp_viewport has no events).
    static let viewporter: UInt32 = 1
    /// wp_fractional_scale_manager_v1 (its wp_fractional_scale_v1 has one event, preferred_scale).
    static let fractionalScaleManager: UInt32 = 1
    /// wl_subcompositor (subsurfaces with their own input region).
    static let subcompositor: UInt32 = 1
    /// wl_data_device_manager: v3 brings drag-and-drop actions and wl_data_offer.finish.
    static let dataDeviceManager: UInt32 = 3
    /// wp_presentation (v2 only lets the compositor send a zero refresh for variable rate outputs).
    static let presentation: UInt32 = 1
    /// zwlr_layer_shell_v1: v2 brings set_layer (unused), v3 the shell's destroy, v4 on-demand
    /// keyboard interactivity (what wlroots 0.15 offers).
    static let layerShell: UInt32 = 4
    /// ext_session_lock_manager_v1 (version 1 is the only one).
    static let sessionLockManager: UInt32 = 1
    /// zwp_text_input_manager_v3 (the only version there is).
    static let textInputManager: UInt32 = 1
    /// zwp_input_method_manager_v2 (the only version there is).
    static let inputMethodManager: UInt32 = 1
    /// zwp_virtual_keyboard_manager_v1 (the only version there is).
    static let virtualKeyboardManager: UInt32 = 1
}
