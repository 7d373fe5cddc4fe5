import Foundation
import TestSupport
import TouchKit
import TouchStream

// MARK: - A probe oracle and a model of it, independent of the shipped oracles

/// A minimal GTK 4 oracle written by the tests: one touch-only GtkGestureClick reporting each
/// `pressed(n)` as a tap, with the double-click time and distance pinned. It lets the runner be
/// tested against the real GTK whatever the shipped oracle reports.
enum ProbeOracle {
    static let source = """
        import json, sys
        import gi
        gi.require_version("Gtk", "4.0")
        from gi.repository import Gtk, GLib

        def emit(obj):
            sys.stdout.write(json.dumps(obj) + "\\n")
            sys.stdout.flush()

        def activate(app):
            settings = Gtk.Settings.get_default()
            settings.set_property("gtk-double-click-time", 400)
            settings.set_property("gtk-double-click-distance", 5)
            window = Gtk.ApplicationWindow(application=app)
            window.fullscreen()
            area = Gtk.DrawingArea()
            window.set_child(area)
            click = Gtk.GestureClick()
            click.set_touch_only(True)
            click.connect("pressed", lambda g, n, x, y: emit({"kind": "tap", "time": g.get_current_event_time(),
                                                              "recognizer": "GtkGestureClick", "count": n, "x": x, "y": y}))
            area.add_controller(click)
            window.present()
            def ready():
                emit({"ready": True, "toolkit": "gtk", "version": "%d.%d.%d" % (Gtk.get_major_version(),
                      Gtk.get_minor_version(), Gtk.get_micro_version()), "width": window.get_width(),
                      "height": window.get_height()})
                return False
            GLib.timeout_add(300, ready)

        app = Gtk.Application(application_id="org.gesturesandbox.probe")
        app.connect("activate", activate)
        app.run([])
        """

    /// Writes the probe as `<folder>/gtk/oracle.py` and returns its path.
    static func write(into folder: TemporaryDirectory) throws -> String {
        try FileManager.default.createDirectory(atPath: folder.file("gtk"), withIntermediateDirectories: true)
        return try folder.write("gtk/oracle.py", source)
    }
}

/// GtkGestureClick as the probe shows it, for one finger: each press is a tap whose count grows while
/// presses come within 400 ms of the previous press and 5 px of the first (press to press, GTK 4.8's
/// gtkgestureclick.c). `pressInterval` lets a test model get it wrong on purpose.
struct ProbeClickModel: ToolkitModel {
    var name = "probe-click"
    var toolkit = "gtk"
    var pressInterval = 0.4
    private var lastPress: (time: Double, x: Double, y: Double)?
    private var count = 0

    init(pressInterval: Double = 0.4) {
        self.pressInterval = pressInterval
    }

    mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
        var out: [ToolkitGesture] = []
        for pass in frame.passes {
            for touch in pass where touch.phase == .began {
                let point = touch.location
                if let last = lastPress, frame.timestamp - last.time < pressInterval,
                   abs(point.x - last.x) <= 5, abs(point.y - last.y) <= 5 {
                    count += 1
                } else {
                    count = 1
                }
                lastPress = (frame.timestamp, point.x, point.y)
                out.append(ToolkitGesture(kind: .tap, time: (frame.timestamp * 1000).rounded(), recognizer: "GtkGestureClick",
                                          count: count, x: point.x, y: point.y))
            }
        }
        return out
    }

    mutating func advance(to time: Double) -> [ToolkitGesture] { [] }
}
