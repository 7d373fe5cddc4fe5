// MARK: - One probe of a toolkit model's thresholds

/// One case of a model's boundary corpus: a window-relative compact touch script and what it probes.
///
/// Scripts use the compact form (`down 0 100 100; frame; sleep 60; up 0; frame`) in logical px from
/// the window's top-left; every point lies inside 600×400 so any oracle window holds it.
public struct ToolkitCorpusCase: Hashable, Sendable {
    /// Unique within the model, kebab-case (`double-tap-interval-inside`).
    public var name: String
    /// What the case probes, one line.
    public var summary: String
    /// The compact script, window-relative.
    public var script: String

    /// Creates a case.
    public init(name: String, summary: String, script: String) {
        self.name = name
        self.summary = summary
        self.script = script
    }
}
