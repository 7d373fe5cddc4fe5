import TouchStream

// MARK: - What every extra surface shares

/// A surface of ours besides the window's (second window, subsurface, popup, layer surface).
///
/// It is destroyed once: what gives it its role first, then the surface, then its buffers; and the
/// destruction is recorded (`surface-destroyed`) unless the app that would record it is going away.
protocol ClientPart: AnyObject {
    /// Its wl_surface.
    var surface: Surface { get }
    /// Where its records go.
    var sink: InputSink { get }
    /// Set once it is destroyed.
    var isDestroyed: Bool { get set }
    /// Destroys the objects that give the surface its role (before the surface goes).
    func destroyRole()
    /// Frees its buffers (after the surface went).
    func destroyContent()
}

extension ClientPart {
    /// The name traces give its surface (kept after it is destroyed).
    var name: String { surface.name }

    /// Destroys it and its surface, and records that it did; `recorded` false at exit.
    func destroy(recorded: Bool = true) {
        guard !isDestroyed else { return }
        isDestroyed = true
        destroyRole()
        surface.destroy()
        destroyContent()
        if recorded { record(SurfaceEvent(.surfaceDestroyed, surface: name)) }
    }

    /// Hands a record about this part to the sink.
    func record(_ event: SurfaceEvent) { sink.deliver(RawRecord(.surface(event))) }
}
