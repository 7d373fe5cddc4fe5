import ArgumentParser
import WaylandClient

// MARK: - run's options for a layer surface

/// `--layer-surface` and the options that shape it: a zwlr_layer_shell_v1 surface shown beside the
/// window (docs/window.md). Each `--layer-*` option needs `--layer-surface`; every bad value, and
/// every combination the protocol forbids, is refused in one line naming the option.
public struct LayerSurfaceArguments: ParsableArguments {
    /// The largest size, zone or margin accepted, logical px (as `--window-size`).
    static let largest = 16384

    @Option(name: .customLong("layer-surface"), help: ArgumentHelp("Also show a zwlr_layer_shell_v1 surface (one colour) on this layer: \(Self.names(LayerSurfaceOptions.Layer.allCases)). Refused with 'not supported by COMPOSITOR: no zwlr_layer_shell_v1 global' where the compositor has no layer shell.", valueName: "layer"))
    var layer: String?

    @Option(name: .customLong("layer-keyboard"), help: ArgumentHelp("The layer surface's keyboard interactivity: \(Self.names(LayerSurfaceOptions.KeyboardInteractivity.allCases)) (default none).", valueName: "mode"))
    var keyboard: String?

    @Option(name: .customLong("layer-anchor"), help: ArgumentHelp("The output edges the layer surface is anchored to, joined with commas (top,left), or none (default: centred).", valueName: "edges"))
    var anchor: String?

    @Option(name: .customLong("layer-size"), help: ArgumentHelp("The layer surface's size in logical pixels (default \(LayerSurfaceOptions.defaultSize)); 0 in a dimension lets the compositor choose it, and needs the surface anchored to both of that dimension's edges.", valueName: "WxH"))
    var size: String?

    @Option(name: .customLong("layer-exclusive-zone"), parsing: .unconditional, help: ArgumentHelp("The layer surface's exclusive zone, logical px: more than 0 keeps other surfaces that far from its edge, 0 (default) moves it out of theirs, -1 neither.", valueName: "px"))
    var exclusiveZone: String?

    @Option(name: .customLong("layer-margin"), parsing: .unconditional, help: ArgumentHelp("The layer surface's distance from its anchored edges, logical px: TOP,RIGHT,BOTTOM,LEFT, or one number for all four (default 0).", valueName: "t,r,b,l"))
    var margin: String?

    @Option(name: .customLong("layer-output"), help: ArgumentHelp("The output the layer surface goes on: its wl_output name (version 4), or a number counting the outputs from 1 in the order the compositor announced them (default: the compositor's choice). One naming no output is refused in one line listing them.", valueName: "name|n"))
    var output: String?

    /// An empty set, filled in by ArgumentParser.
    public init() {}

    /// Refuses a bad value or combination (ArgumentParser calls it before `run`).
    public func validate() throws { _ = try options() }

    /// The layer surface asked for, nil without `--layer-surface`.
    func options() throws -> LayerSurfaceOptions? {
        guard let layer else {
            let given = [("--layer-keyboard", keyboard), ("--layer-anchor", anchor), ("--layer-size", size),
                         ("--layer-exclusive-zone", exclusiveZone), ("--layer-margin", margin), ("--layer-output", output)]
            if let stray = given.first(where: { $0.1 != nil }) {
                throw ValidationError("\(stray.0) needs --layer-surface LAYER")
            }
            return nil
        }
        var options = LayerSurfaceOptions(layer: try Self.choice(layer, "--layer-surface"))
        if let keyboard { options.keyboard = try Self.choice(keyboard, "--layer-keyboard") }
        if let anchor { options.anchor = try Self.anchor(anchor) }
        if let size { options.size = try Self.size(size) }
        if let exclusiveZone {
            guard let zone = Int32(exclusiveZone), (-1...Int32(Self.largest)).contains(zone) else {
                throw ValidationError("--layer-exclusive-zone must be an integer from -1 to \(Self.largest), found '\(exclusiveZone)'")
            }
            options.exclusiveZone = zone
        }
        if let margin { options.margin = try Self.margin(margin) }
        if let output {
            guard !output.isEmpty, Int(output).map({ $0 >= 1 }) ?? true else {
                throw ValidationError("--layer-output takes an output's name or a number from 1, found '\(output)'")
            }
            options.output = LayerOutputChoice(output)
        }
        if let conflict = options.conflict {
            throw ValidationError("--layer-size \(options.size): \(conflict) (--layer-anchor)")
        }
        return options
    }

    // MARK: - Values

    private static func names<T: RawRepresentable<String>>(_ cases: [T]) -> String {
        cases.map(\.rawValue).joined(separator: ", ")
    }

    /// One of an enum's names.
    private static func choice<T: RawRepresentable<String> & CaseIterable>(_ text: String, _ option: String) throws -> T {
        guard let value = T(rawValue: text) else {
            throw ValidationError("\(option) must be one of \(names(Array(T.allCases))), found '\(text)'")
        }
        return value
    }

    /// `none`, or edge names joined with commas, each at most once.
    private static func anchor(_ text: String) throws -> LayerSurfaceOptions.Anchor {
        if text == "none" { return [] }
        var anchor: LayerSurfaceOptions.Anchor = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let edge = LayerSurfaceOptions.Anchor.named.first(where: { $0.name == part })?.edge else {
                throw ValidationError("--layer-anchor takes top, bottom, left and right joined with commas, or none; found '\(part)' in '\(text)'")
            }
            guard anchor.insert(edge).inserted else { throw ValidationError("--layer-anchor names \(part) twice in '\(text)'") }
        }
        return anchor
    }

    /// `WxH`, each 0 to ``largest``.
    private static func size(_ text: String) throws -> LogicalSize {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1],
              (0...largest).contains(width), (0...largest).contains(height) else {
            throw ValidationError("--layer-size needs WIDTHxHEIGHT in logical pixels (0 to \(largest)), found '\(text)'")
        }
        return LogicalSize(width: width, height: height)
    }

    /// `TOP,RIGHT,BOTTOM,LEFT` or one number for all four, each within ±``largest``.
    private static func margin(_ text: String) throws -> LayerSurfaceOptions.Margin {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Int32($0) }
        let range = -Int32(largest)...Int32(largest)
        guard values.count == 1 || values.count == 4, values.allSatisfy({ $0.map(range.contains) == true }) else {
            throw ValidationError("--layer-margin needs TOP,RIGHT,BOTTOM,LEFT or one number, each within ±\(largest) logical px, found '\(text)'")
        }
        let v = values.map { $0! }
        return v.count == 1 ? .init(top: v[0], right: v[0], bottom: v[0], left: v[0])
            : .init(top: v[0], right: v[1], bottom: v[2], left: v[3])
    }
}

extension LayerSurfaceArguments {
    /// No layer surface: every option unset (what ArgumentParser makes from no arguments).
    static var none: LayerSurfaceArguments {
        var arguments = LayerSurfaceArguments()
        arguments.layer = nil
        arguments.keyboard = nil
        arguments.anchor = nil
        arguments.size = nil
        arguments.exclusiveZone = nil
        arguments.margin = nil
        arguments.output = nil
        return arguments
    }
}
