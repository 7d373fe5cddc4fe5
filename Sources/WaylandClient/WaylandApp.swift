import CWayland
import CWaylandProtocols
import Glibc
import TouchKit
import TouchStream
import WaylandPlumbing

// MARK: - The client

/// A Wayland toplevel window with touch, mouse-emulated touch and keyboard input, drawn from
/// shared-memory buffers on frame callbacks, run by a single-threaded `EventLoop`.
///
/// It translates and nothing more: input becomes `RawRecord`s and `KeyPress`es for the delegate,
/// and frames are drawn only when requested and when the compositor is ready (`setNeedsRedraw`).
/// Sizes: `logicalSize` is what the compositor configured; `bufferSize` = logical × `renderScale`
/// (rounded). The scale is the compositor's preferred fractional scale when wp_fractional_scale_v1
/// and wp_viewporter are offered, else the integer scale of the outputs (`SurfaceScale`). Input
/// coordinates are surface-local logical pixels under every scale.
public final class WaylandApp {
    /// The size used when the compositor leaves it to the client (configure 0×0).
    public static let defaultLogicalSize = LogicalSize(width: 1280, height: 720)

    /// Receives records, key presses, resizes, idle notifications and render requests.
    public weak var delegate: WaylandAppDelegate?
    /// Capabilities records from before a delegate was set (the seat reports during `init`),
    /// delivered when `run()` starts so a recording begins with the seat's touch state.
    fileprivate var earlySeatRecords: [RawRecord] = []
    /// The event loop, also the live `TouchClock` (CLOCK_MONOTONIC seconds, timerfd timers).
    public let loop: EventLoop
    /// The buffer format frames are drawn in.
    public var pixelFormat: ShmFormat = .xrgb8888
    /// The window's size in logical (surface) pixels.
    public private(set) var logicalSize = WaylandApp.defaultLogicalSize
    /// How buffers map to the surface: fractional when the compositor sent a preferred scale
    /// (wp_fractional_scale_v1, with wp_viewporter), else the largest scale of the outputs it is on.
    public var surfaceScale: SurfaceScale {
        .choose(integer: outputScale, preferredNumerator: viewport == nil ? nil : preferredNumerator)
    }
    /// The wl_surface buffer scale sent: the integer scale, or 1 under a fractional scale.
    public var bufferScale: Int { surfaceScale.bufferScale }
    /// Buffer pixels per logical pixel, what frames are drawn at: the preferred fractional scale
    /// (numerator / 120) when that protocol is in use, else `bufferScale`.
    public var renderScale: Double { surfaceScale.renderScale }

    let display: WaylandConnection
    var registry: Registry!
    /// The main window's title and app id (the second window takes them too).
    let title: String
    let appID: String
    /// The second window, subsurface, popup and drag of ``ClientParts``.
    let parts: PartsState
    private(set) var window: ToplevelWindow?
    /// libdecor, when the compositor offers no xdg-decoration, the window is not fullscreen and
    /// libdecor could start.
    private var libdecor: LibdecorContext?
    /// The compositor offers no xdg-decoration and the window is a plain xdg_toplevel until its
    /// first configure says whether it is fullscreen (see `makeToplevel`).
    private var decorationUndecided = false
    /// That configure said it is not: the window is remade under libdecor before anything is drawn.
    private var needsDecoratedWindow = false
    /// The last `setFullscreen`, asked again of a window that replaces the plain one.
    private var fullscreenRequest: Bool?
    let pacer = FramePacer()
    /// The loop timer that wakes the frame path at the pacer's chosen time (see FramePacer).
    var frameTimer: TimerHandle?
    private var pool: BufferPool!
    private var hasConfigured = false
    private var committed: SurfaceGeometry?
    /// The largest integer scale of the outputs the surface entered (kept until it enters one).
    private var outputScale = 1
    /// The last wp_fractional_scale_v1.preferred_scale numerator (over 120), nil until one arrives.
    private var preferredNumerator: UInt32?
    /// The surface's wp_viewport, when wp_viewporter is offered.
    private(set) var viewport: Viewport?
    /// The surface's wp_fractional_scale_v1, when its manager and wp_viewporter are offered.
    private(set) var fractionalScale: FractionalScale?

    /// Blocks SIGINT/SIGTERM in the calling thread (call before starting other threads),
    /// connects to `display` (nil: $WAYLAND_DISPLAY), binds the globals and maps a toplevel.
    /// `windowSize` is the size to take when the compositor leaves it to the client; `parts` the
    /// extra surfaces and touch action (``ClientParts``); `pointerOnly` binds no wl_touch and
    /// records every wl_pointer event instead of emulating touches from the mouse.
    public init(display name: String? = nil, title: String = "gesture-sandbox", appID: String = "gesture-sandbox",
                windowSize: LogicalSize? = nil, parts: ClientParts = ClientParts(), pointerOnly: Bool = false,
                signals: [Int32] = EventLoop.defaultSignals) throws {
        self.title = title
        self.appID = appID
        self.parts = PartsState(options: parts)
        if let windowSize { logicalSize = windowSize }
        loop = try EventLoop(signals: signals)
        display = try WaylandError.onConnection { try WaylandConnection(display: name) }
        registry = Registry(display: display.display, sink: self, pointerOnly: pointerOnly)
        pool = BufferPool { [unowned self] size, stride, format in
            try ShmStorage(shm: registry.shm!, size: size, stride: stride, format: format)
        }
        try WaylandError.onConnection(display.roundtrip)
        try requireGlobals()
        try requireLayerShell()
        try requireSessionLock()
        try requireTextInput()
        try requireOnScreenKeyboard()
        // Second roundtrip: the events bound objects send at once (seat capabilities, output modes).
        try WaylandError.onConnection(display.roundtrip)
        try requireLayerOutput()
        makeWindow(decorated: false)
        _ = try WaylandError.onConnection(display.flush)
    }

    deinit {
        destroyParts()
        pool?.destroyAll()
        pacer.destroy()
        fractionalScale?.destroy()
        viewport?.destroy()
        window?.destroy()
        window?.surface.destroy()
        libdecor?.destroy()
        registry?.destroy()
        _ = try? display.flush()
    }

    // MARK: - Public API

    /// The live clock: the event loop's timers.
    public var clock: TouchClock { loop }
    /// The window's size in buffer pixels: logical × `renderScale`, rounded half away from zero.
    public var bufferSize: PixelSize { surfaceScale.bufferSize(for: logicalSize) }
    /// The window's wl_surface as traces name it ("wl_surface@<id>").
    public var surfaceName: String? { window?.surface.name }
    /// Counters of the frame path.
    public var frameStatistics: FrameStatistics { pacer.statistics }
    /// wp_presentation, when the compositor offers it.
    var presentationGlobal: Presentation? { registry.presentation }
    /// Who draws the window's title bar and borders.
    public var decorations: DecorationKind { window?.decorations ?? .none }

    /// Runs the loop until a signal, a close request or `stop()`; throws when the connection fails.
    public func run() throws -> LoopExitReason {
        if let delegate {
            for record in earlySeatRecords { delegate.waylandApp(self, didReceive: record) }
            earlySeatRecords = []
        }
        startPacing()
        // The loop pumps the connection directly: its failures leave as this client's error.
        return try WaylandError.onConnection {
            try loop.run(display: display) {
                if needsDecoratedWindow { remakeDecorated() }
                delegate?.waylandAppDidBecomeIdle(self)
                try drawIfNeeded()
            }
        }
    }

    /// Ends `run()` with `.stopped` before the loop blocks again.
    public func stop() { loop.stop() }

    /// Asks the compositor for fullscreen (or a normal window); it answers with a configure.
    public func setFullscreen(_ fullscreen: Bool) {
        fullscreenRequest = fullscreen
        window?.setFullscreen(fullscreen)
    }

    /// Asks the compositor to maximize the window (or make it normal); it answers with a configure.
    public func setMaximized(_ maximized: Bool) { window?.setMaximized(maximized) }

    /// Asks for a frame: drawn at the end of this loop pass if no frame callback is outstanding.
    public func setNeedsRedraw() { pacer.request() }

    /// What the compositor offered and what the window looks like now.
    public var environment: ClientEnvironment {
        ClientEnvironment(display: display.name, globals: registry.globals, bound: registry.bound,
                          seats: registry.seats.map(\.info), outputs: registry.outputs.map(\.info),
                          surfaceLogicalSize: logicalSize, bufferScale: bufferScale,
                          fractionalScale: surfaceScale.isFractional ? renderScale : nil)
    }

    // MARK: - Setup

    private func requireGlobals() throws {
        if registry.compositor == nil {
            throw WaylandError.missingGlobal(interface: "wl_compositor", minimumVersion: SupportedVersion.compositorMinimum)
        }
        if registry.shm == nil { throw WaylandError.missingGlobal(interface: "wl_shm", minimumVersion: 1) }
        if registry.wmBase == nil { throw WaylandError.missingGlobal(interface: "xdg_wm_base", minimumVersion: 1) }
    }

    private func makeWindow(decorated: Bool) {
        let surface = Surface(compositor: registry.compositor!)
        // Before the role's first commit, so the compositor can send a preferred scale early.
        if let viewporter = registry.viewporter {
            viewport = Viewport(viewporter: viewporter, surface: surface.proxy)
            if let manager = registry.fractionalScaleManager {
                let fractional = FractionalScale(manager: manager, surface: surface.proxy)
                follow(fractional.events)
                fractionalScale = fractional
            }
        }
        let window = makeToplevel(surface: surface, decorated: decorated)
        window.onConfigure = { [unowned self] in configured(suggested: $0) }
        window.onClose = { [unowned self, unowned surface] in
            deliver(RawRecord(.surface(SurfaceEvent(.toplevelClose, surface: surface.name))))
            loop.finish(.closed)
        }
        window.onActivated = { [unowned self, unowned surface] active in
            // A plain window about to be remade decorated is never seen: its state is not the client's.
            guard !needsDecoratedWindow else { return }
            deliver(RawRecord(.surface(SurfaceEvent(.activated, surface: surface.name, active: active))))
        }
        window.onToplevelConfigure = { [unowned self, unowned surface] width, height, states in
            guard !needsDecoratedWindow else { return }
            deliver(RawRecord(.surface(SurfaceEvent(.toplevelConfigure, surface: surface.name, width: width,
                                                    height: height, states: states))))
        }
        surface.onOutputsChanged = { [unowned self] in updateScale() }
        registry.onOutputsChanged = { [unowned self] in
            updateScale()
            parts.sessionLock?.cover(registry.outputs.map(\.proxy))
        }
        registry.onOutputRemoved = { [weak self, weak surface] in
            surface?.outputRemoved($0)
            self?.parts.sessionLock?.outputRemoved($0)
        }
        self.window = window
    }

    /// Server-side decorations where xdg-decoration is offered; elsewhere libdecor's (when it
    /// starts) if `decorated`. Without xdg-decoration the first window is undecorated: a
    /// fullscreen window (weston's kiosk-shell, any compositor that starts it fullscreen) has no
    /// title bar to draw, and libdecor's cairo plugin loads some thirty libraries (cairo, pango,
    /// glib, X11: about 4 MiB resident and milliseconds before the first frame) only to draw none.
    /// Its first configure decides (`configured`); a window that is not fullscreen is remade decorated.
    private func makeToplevel(surface: Surface, decorated: Bool) -> ToplevelWindow {
        if decorated, let context = libdecor ?? LibdecorContext(display: display.display) {
            libdecor = context
            if let window = LibdecorWindow(context: context, surface: surface, title: title, appID: appID) {
                return window
            }
        }
        decorationUndecided = !decorated && registry.decorationManager == nil
        return XdgWindow(surface: surface, wmBase: registry.wmBase!.proxy,
                         decorationManager: registry.decorationManager, title: title, appID: appID)
    }

    /// Replaces the plain window (configured, never drawn) with a libdecor-decorated one on a new
    /// wl_surface: the old surface had a role, and a new xdg_surface on it is a protocol error.
    /// The new window's own first configure then sizes it and starts drawing.
    private func remakeDecorated() {
        needsDecoratedWindow = false
        guard let old = window else { return }
        fractionalScale?.destroy()
        fractionalScale = nil
        viewport?.destroy()
        viewport = nil
        old.destroy()
        old.surface.destroy()
        window = nil
        makeWindow(decorated: true)
        if let fullscreenRequest { window?.setFullscreen(fullscreenRequest) }
    }
}

// MARK: - Configure, scale, drawing

extension WaylandApp {
    /// A configure: the suggested size, else (first time) the default fitted into the compositor's
    /// bounds, else the size as it is; returns the size the window now has.
    private func configured(suggested: LogicalSize?) -> LogicalSize {
        if needsDecoratedWindow {
            // A later configure made it fullscreen (asked for by `setFullscreen`): it stays plain.
            if let plain = window as? XdgWindow, plain.isFullscreen {
                needsDecoratedWindow = false
            } else {
                // It is being replaced: what it is told (miral-kiosk sizes it in a third configure)
                // is for a window that is never drawn; the decorated one gets its own configures.
                return suggested ?? logicalSize
            }
        }
        if decorationUndecided {
            decorationUndecided = false
            // Not fullscreen: decorations are needed. Nothing is drawn into this window; it is
            // remade, outside this dispatch, before the loop draws (`run`).
            if let plain = window as? XdgWindow, !plain.isFullscreen {
                needsDecoratedWindow = true
                return suggested ?? logicalSize
            }
        }
        let chosen = hasConfigured ? logicalSize : WindowSizing.chosenSize(preferred: logicalSize, bounds: window?.bounds)
        let size = suggested ?? chosen
        let first = !hasConfigured
        hasConfigured = true
        pacer.configure()
        if first || size != logicalSize {
            logicalSize = size
            delegate?.waylandApp(self, didResizeTo: logicalSize, bufferScale: bufferScale)
        }
        if first { makeParts() }
        return logicalSize
    }

    private func updateScale() {
        guard let surface = window?.surface else { return }
        let scales = surface.outputs.compactMap { registry.output(for: $0)?.info.scale }
        // Before the surface enters any output the scale stays as it is.
        guard let scale = scales.max().map({ max(Int($0), 1) }), scale != outputScale else { return }
        let old = surfaceScale
        outputScale = scale
        scaleChanged(from: old)
    }

    /// Routes wp_fractional_scale_v1 events to this app (the window's object's, or a test's
    /// driving the listener as libwayland would).
    func follow(_ events: FractionalScaleEvents) {
        events.onChange = { [unowned self] in preferredScaleChanged(numerator: $0) }
    }

    /// wp_fractional_scale_v1.preferred_scale: takes effect only with a viewport to map the buffer.
    private func preferredScaleChanged(numerator: UInt32) {
        let old = surfaceScale
        preferredNumerator = numerator
        scaleChanged(from: old)
    }

    /// A new scale means a new buffer size: redraw, and tell the delegate once configured.
    private func scaleChanged(from old: SurfaceScale) {
        guard surfaceScale != old else { return }
        pacer.request()
        if hasConfigured { delegate?.waylandApp(self, didResizeTo: logicalSize, bufferScale: bufferScale) }
    }

    /// Waits for the compositor's socket to have something to read, or until `until`.
    ///
    /// ppoll, not a spin (which burnt the wait's CPU): it wakes as the input arrives, and with the
    /// timer slack at its least (`startPacing`) it ends as punctually as the spin did.
    func waitForEvents(until: Double) {
        var descriptor = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let remaining = until - loop.now
            guard remaining > 0 else { return }
            let ready = gs_poll_nanoseconds(&descriptor, 1, Int64((remaining * 1e9).rounded(.up)))
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
        }
    }

    /// Has the delegate prepare the next frame in the buffer it will be drawn into (none free: later).
    func prepareFrame() throws {
        let size = surfaceScale.geometry(for: logicalSize).bufferSize
        guard let buffer = try pool.acquire(size: size, format: pixelFormat) else { return }
        let start = loop.now
        delegate?.waylandApp(self, prepare: buffer)
        pacer.prepared(seconds: loop.now - start)
    }

    /// Draws one frame if one is requested, the compositor is ready for it and the pacer says now.
    private func drawIfNeeded() throws {
        guard !windowWaitsForLayerSurface, try frameIsDue(), let surface = window?.surface.proxy else { return }
        let geometry = surfaceScale.geometry(for: logicalSize)
        let size = geometry.bufferSize
        // Every buffer busy: the next wl_buffer.release wakes the loop and this runs again.
        guard let buffer = try pool.acquire(size: size, format: pixelFormat) else { return }
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let renderStart = loop.now
        let reported = delegate.map { $0.waylandApp(self, render: buffer) } ?? [whole]
        let geometryChanged = committed != geometry
        let renderEnd = loop.now
        pacer.rendered(seconds: renderEnd - renderStart, wholeSurface: geometryChanged, loopNow: renderEnd)
        let damage = geometryChanged ? [whole] : reported.map { $0.clamped(to: size) }.filter { !$0.isEmpty }
        guard !damage.isEmpty else { return pacer.skip() }
        guard let storage = buffer.storage as? ShmStorage else { preconditionFailure("pool storage is not wl_shm") }
        // Both are double-buffered state: they apply with this commit, together with the buffer.
        if committed?.bufferScale != geometry.bufferScale {
            wl_surface_set_buffer_scale(surface, Int32(geometry.bufferScale))
        }
        viewport?.setDestination(geometry.viewportDestination)
        wl_surface_attach(surface, storage.buffer, 0, 0)
        for rect in damage {
            wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        pacer.willCommit(surface: surface)
        pool.commit(buffer)
        wl_surface_commit(surface)
        committed = geometry
        // Out now, not after the events this pass may still dispatch: the commit is timed.
        _ = try display.flush()
    }
}

// MARK: - Input

extension WaylandApp: InputSink {
    func deliver(_ record: RawRecord) {
        // A real finger on a decoration (not our surface): the window's to act on; the delegate
        // still gets the record, to record it as the window's, not the scene's.
        if case .down(let serial, _, let surface?, _, _, _) = record.event, !record.isEmulated, let window,
           surface != window.surface.name, !parts.surfaceNames.contains(surface),
           let seat = registry.seats.first(where: { $0.touch != nil }) {
            window.touchDownOnDecoration(seat: seat.proxy, serial: serial)
        }
        defer {
            // After the down is recorded: what the action causes (a surface destroyed) comes after it.
            if case .down(let serial, _, let surface?, _, let x, let y) = record.event, !record.isEmulated {
                partsHandleDown(serial: serial, surface: surface, x: x, y: y)
            }
            if !record.isEmulated { sessionLockNote(record) }
            onScreenKeyboardHandle(record)
        }
        guard let delegate else {
            if record.event.isCapabilities { earlySeatRecords.append(record) }
            return
        }
        pacer.noteInput(record, at: loop.now)
        delegate.waylandApp(self, didReceive: record)
    }
    func deliver(_ key: KeyPress) { delegate?.waylandApp(self, keyPressed: key) }
    var surfaceCentre: (x: Double, y: Double) { (Double(logicalSize.width) / 2, Double(logicalSize.height) / 2) }
}
