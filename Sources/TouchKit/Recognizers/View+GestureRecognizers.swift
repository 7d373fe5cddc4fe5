// MARK: - Views

extension View {
    /// Attaches `recognizer` (moving it from any other view); it sees touches hitting this view or its subviews first.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let old = recognizer.view { old.removeGestureRecognizer(recognizer) }
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`, failing (or cancelling) a gesture it has under way.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        recognizer.abandonGesture(.detached("removed from its view"))
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }
}
