// MARK: - Delegate

/// Lets an app veto a recognizer's start and relate recognizers, as UIGestureRecognizerDelegate.
///
/// Every method has a default (begin: yes; simultaneous, require, be required: no),
/// so without a delegate two recognizers never recognize at the same time.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when `recognizer` is about to leave possible (recognize or begin); false makes it fail.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// True lets `recognizer` and `other` both recognize with shared touches (either side's yes suffices).
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// True makes `recognizer` wait for `other` to fail before recognizing.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// True makes `other` wait for `recognizer` to fail before recognizing.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    /// Default: the recognizer may begin.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    /// Default: no simultaneous recognition.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    /// Default: no failure requirement.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    /// Default: no failure requirement.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}
