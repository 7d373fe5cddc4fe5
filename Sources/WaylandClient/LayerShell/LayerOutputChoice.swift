// MARK: - Which output the layer surface goes to

/// The output a layer surface is asked for (`run --layer-output`): by wl_output.name (version 4),
/// or by its place among the outputs in the order the compositor announced them, counted from 1.
/// Without one, get_layer_surface leaves the choice to the compositor.
public enum LayerOutputChoice: Hashable, Sendable, CustomStringConvertible {
    /// The n-th wl_output announced, from 1.
    case number(Int)
    /// The wl_output whose `name` event said this.
    case name(String)

    /// A number when the text is one, else a name.
    public init(_ text: String) {
        if let number = Int(text) { self = .number(number) } else { self = .name(text) }
    }

    public var description: String {
        switch self {
        case .number(let number): String(number)
        case .name(let name): name
        }
    }

    /// The index in `outputs` (in announcement order) this choice names, or nil.
    func index(in outputs: [OutputInfo]) -> Int? {
        switch self {
        case .number(let number): outputs.indices.contains(number - 1) ? number - 1 : nil
        case .name(let name): outputs.firstIndex { $0.name == name }
        }
    }

    /// The outputs as a refusal lists them: "1 WL-1, 2 WL-2" (a number alone where the output has no name).
    static func listing(_ outputs: [OutputInfo]) -> String {
        outputs.isEmpty ? "none"
            : outputs.enumerated().map { "\($0.offset + 1)" + ($0.element.name.map { " \($0)" } ?? "") }.joined(separator: ", ")
    }
}
