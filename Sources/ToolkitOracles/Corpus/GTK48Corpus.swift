import TouchKit

// MARK: - The boundary corpus of the gtk-4.8 model, generated from its own settings

extension GTK48Model: ToolkitCorpusProviding {
    /// The shared GTK boundary cases (``GTKBoundaryCorpus``) at ``settings``.
    public var corpus: [ToolkitCorpusCase] {
        GTKBoundaryCorpus(doubleClickTime: settings.doubleClickTime.value,
                          doubleClickDistance: settings.doubleClickDistance.value,
                          dragThreshold: settings.dragThreshold.value, longPressTime: settings.longPressTime.value).cases
    }
}
