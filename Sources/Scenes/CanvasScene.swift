import TouchKit

// MARK: - A scene that is one full-window canvas

/// The window and the one canvas that fills it, for scenes whose whole behaviour is that canvas
/// (ink, spots): the window takes the scene's background, and a resize keeps the canvas the
/// window's size. A subclass conforms to `Scene` itself, with its `info` and `snapshot()`.
public class CanvasScene<Canvas: View> {
    /// The window the host adds to its Application.
    public let window: Window
    /// The full-window canvas.
    public let canvas: Canvas

    /// Builds the window for `context.size` on `background` and the canvas `makeCanvas` returns
    /// for the window's bounds.
    init(context: SceneContext, background: Color, canvas makeCanvas: (Rect) -> Canvas) {
        let bounds = Rect(origin: .zero, size: context.size)
        window = Window(frame: bounds, name: "window")
        window.backgroundColor = background
        canvas = makeCanvas(bounds)
        window.addSubview(canvas)
    }

    /// Gives the window and the canvas the new size.
    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        canvas.frame = Rect(origin: .zero, size: size)
    }
}
