import Render
import TouchKit

// MARK: - View tree → renderer items

extension View {
    /// This view's visible subtree as renderer items, back to front.
    ///
    /// The window's own background is the renderer's clear colour, not an item;
    /// views with neither background nor border draw nothing.
    public func displayItems() -> [DisplayItem] {
        paintOrder().compactMap { painted -> DisplayItem? in
            let view = painted.view
            guard !(view is Window) else { return nil }
            let fill = view.backgroundColor ?? .clear
            guard fill.alpha > 0 || view.borderWidth > 0 else { return nil }
            return DisplayItem(rect: view.bounds, transform: painted.transform, fill: fill,
                               cornerRadius: view.cornerRadius, borderWidth: view.borderWidth,
                               borderColor: view.borderColor, alpha: painted.alpha)
        }
    }
}
