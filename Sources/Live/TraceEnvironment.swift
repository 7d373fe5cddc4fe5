import TouchStream
import WaylandClient

// MARK: - What the client saw, for a trace header

extension CompositorEnvironment {
    /// The trace header's environment from what the Wayland client knows.
    public init(_ client: ClientEnvironment) {
        let seat = client.seats.first
        self.init(
            compositor: nil,
            globals: client.globals.map { Global(interface: $0.interface, version: Int($0.version)) },
            seat: seat.map { Seat(name: $0.name ?? "", version: Int($0.version)) },
            touchVersion: client.touchVersion.map(Int.init),
            outputs: client.outputs.map { output in
                Output(name: output.name ?? "", scale: Int(output.scale), transform: output.transform,
                       width: Int(output.mode?.width ?? 0), height: Int(output.mode?.height ?? 0),
                       refresh: Int(output.mode?.refreshMillihertz ?? 0))
            },
            surface: Surface(width: client.surfaceLogicalSize.width, height: client.surfaceLogicalSize.height,
                             bufferScale: client.bufferScale, fractionalScale: client.fractionalScale))
    }
}
