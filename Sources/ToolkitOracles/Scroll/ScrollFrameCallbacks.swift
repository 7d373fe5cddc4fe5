// MARK: - When the compositor let a toolkit draw

/// The done times of the wl_surface frame callbacks in a toolkit's WAYLAND_DEBUG log: the compositor's clock (ms, the
/// wl_touch clock under weston) at each frame it let the toolkit draw. A toolkit that samples its scroll animations
/// when it composites (Firefox's APZ) is modelled at these times, not at the frames its page reports.
enum ScrollFrameCallbacks {
    /// Every frame callback's done time in the order received, each time once (every surface of a window gets the same).
    static func times(in log: String) -> [UInt32] {
        var pending = Set<Substring>()
        var times: [UInt32] = []
        for line in log.split(whereSeparator: \.isNewline) {
            if line.contains(".frame(new id wl_callback@"), let id = callbackID(line, after: "new id wl_callback@") {
                pending.insert(id)
            } else if !line.contains("->"), line.contains(".done("), let id = callbackID(line, after: "wl_callback@"),
                      pending.remove(id) != nil, let time = argument(line) {
                if times.last != time { times.append(time) }
            }
        }
        return times
    }

    /// The object id after `marker` (digits).
    private static func callbackID(_ line: Substring, after marker: String) -> Substring? {
        guard let range = line.range(of: marker) else { return nil }
        let digits = line[range.upperBound...].prefix { $0.isNumber }
        return digits.isEmpty ? nil : digits
    }

    /// The done event's one argument.
    private static func argument(_ line: Substring) -> UInt32? {
        guard let open = line.range(of: ".done(") else { return nil }
        return UInt32(line[open.upperBound...].prefix { $0.isNumber })
    }
}
