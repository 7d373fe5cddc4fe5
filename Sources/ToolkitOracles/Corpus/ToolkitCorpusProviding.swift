import TouchKit

// MARK: - Which models have a boundary corpus

/// A toolkit model whose boundary corpus `gesture-sandbox toolkits --corpus` injects.
///
/// The corpora are test material for the real toolkits, not part of the touch model: they live
/// here, beside the runner, so that TouchKit, which every client links, does not carry them.
public protocol ToolkitCorpusProviding: ToolkitModel {
    /// The boundary corpus generated from this model's own thresholds: each threshold well inside
    /// and well outside, per-axis and diagonal distances, fingers added or lifted mid-gesture, cancel.
    var corpus: [ToolkitCorpusCase] { get }
}

extension ToolkitModels {
    /// `model`'s boundary corpus; none for a model without one (a stand-in for a missing model, a test's).
    public static func corpus(of model: any ToolkitModel) -> [ToolkitCorpusCase] {
        (model as? any ToolkitCorpusProviding)?.corpus ?? []
    }
}
