// MARK: - The built-in toolkit models

/// Every toolkit model this build has, by name.
public enum ToolkitModels {
    /// A fresh instance of each model, in report order (gtk, qt, chromium, gtk3, sdl2, firefox, webkitgtk, qtwidgets).
    public static func all() -> [any ToolkitModel] {
        [
            GTK48Model(),
            Qt64Model(),
            Chromium156Model(),
            GTK324Model(),
            SDL226Model(),
            Firefox153Model(),
            WebKitGTK250Model(),
            QtWidgets64Model(),
        ]
    }

    /// A fresh model called `name` (`gtk-4.8`), or the model of toolkit `name` (`gtk`); nil when none.
    public static func named(_ name: String) -> (any ToolkitModel)? {
        let key = name.lowercased()
        return all().first { $0.name == key || $0.toolkit == key }
    }
}
