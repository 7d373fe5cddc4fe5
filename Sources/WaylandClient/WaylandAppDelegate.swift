import TouchKit
import TouchStream

// MARK: - What the app tells its owner

/// Receives everything a `WaylandApp` produces; all calls come from inside `run()`, on its thread.
public protocol WaylandAppDelegate: AnyObject {
    /// A wl_touch event exactly as received, or a mouse-emulated one (`isEmulated`).
    func waylandApp(_ app: WaylandApp, didReceive record: RawRecord)
    /// Every queued Wayland event was dispatched and the loop is about to block (flush partial frames here).
    func waylandAppDidBecomeIdle(_ app: WaylandApp)
    /// The window's logical size or scale changed (also called once for the first configure); the
    /// argument is the wl_surface buffer scale, `app.renderScale` the scale to draw at (fractional or not).
    func waylandApp(_ app: WaylandApp, didResizeTo logicalSize: LogicalSize, bufferScale: Int)
    /// The next frame will be drawn into `buffer` soon: draw now what need not wait for the newest
    /// input (an overlay's layout, the damage known so far), so that little is left between the
    /// last input read and the commit. Called before `render`, again when input arrives early
    /// enough; `render` then usually gets the same buffer and finishes the frame, but may get
    /// another (after a resize), which it must draw as if nothing had been prepared.
    func waylandApp(_ app: WaylandApp, prepare buffer: ShmBuffer)
    /// Draw the next frame into `buffer` (its `age` says what it still holds) and return the
    /// rectangles, in buffer pixels, that differ from the previous frame; empty means "no change".
    func waylandApp(_ app: WaylandApp, render buffer: ShmBuffer) -> [PixelRect]
    /// A key was pressed; quitting on q or Escape is the caller's decision.
    func waylandApp(_ app: WaylandApp, keyPressed key: KeyPress)
    /// wp_presentation reported what became of a committed frame (only when the compositor offers it).
    func waylandApp(_ app: WaylandApp, didPresent frame: FramePresentation)
}

/// Defaults, so a delegate implements only what it uses.
public extension WaylandAppDelegate {
    func waylandApp(_ app: WaylandApp, didReceive record: RawRecord) {}
    func waylandAppDidBecomeIdle(_ app: WaylandApp) {}
    func waylandApp(_ app: WaylandApp, didResizeTo logicalSize: LogicalSize, bufferScale: Int) {}
    func waylandApp(_ app: WaylandApp, prepare buffer: ShmBuffer) {}
    /// Leaves the buffer as it is and reports it all as changed.
    func waylandApp(_ app: WaylandApp, render buffer: ShmBuffer) -> [PixelRect] {
        [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)]
    }
    func waylandApp(_ app: WaylandApp, keyPressed key: KeyPress) {}
    func waylandApp(_ app: WaylandApp, didPresent frame: FramePresentation) {}
}
