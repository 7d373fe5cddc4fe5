#!/usr/bin/python3
# GTK 4 oracle: the real GtkGesture controllers, reporting what they recognise as ToolkitGesture JSON lines.
#
# Run with Debian's own interpreter (it has python3-gi and gir1.2-gtk-4.0):
#
#   GDK_BACKEND=wayland GSK_RENDERER=cairo NO_AT_BRIDGE=1 \
#   XDG_CONFIG_HOME=$PRIVATE/config XDG_CACHE_HOME=$PRIVATE/cache HOME=$PRIVATE \
#   WAYLAND_DISPLAY=… XDG_RUNTIME_DIR=… [WAYLAND_DEBUG=client] \
#   /usr/bin/python3 oracles/gtk/oracle.py
#
# - GDK_BACKEND=wayland: never fall back to X11; GSK_RENDERER=cairo: no GL needed under a headless weston;
#   NO_AT_BRIDGE=1: no accessibility bus. The private XDG_CONFIG_HOME/XDG_CACHE_HOME/HOME keep a user's
#   gtk-4.0/settings.ini out; every setting a gesture reads is pinned below as well, which wins over GSettings.
# - stdout: one JSON object per line, flushed. The first is
#   {"ready":true,"toolkit":"gtk","version":"4.8.3","width":W,"height":H} once the window is mapped and sized;
#   then one ToolkitGesture per recognition. stderr: GTK's own warnings (a missing session bus is harmless)
#   and, with WAYLAND_DEBUG=client, the wire log the runner imports.
# - SIGTERM, SIGINT or SIGHUP: exits 0 after flushing stdout.
#
# All seven controllers sit on ONE widget, as an application that attaches them to one widget gets them:
# nothing claims or denies a sequence, so GTK runs them simultaneously on every touch (a tap is also a
# drag-begin/drag-end and a swipe). GtkGesturePan is horizontal (GTK's default orientation).
#
# Mapping to the shared vocabulary (`time` is the wl_touch time of the event being handled,
# gtk_event_controller_get_current_event_time):
#   GtkGestureClick::pressed(n)          -> tap, count n (at the touch-down)
#   GtkGestureLongPress::pressed         -> long-press (timer: time of the touch-down that started it)
#   GtkGestureDrag::drag-begin/-end      -> drag-begin / drag-end
#   GtkGesturePan::pan (first of a run)  -> pan-begin; its drag-end after that -> pan-end
#   GtkGestureZoom::begin/end            -> pinch-begin / pinch-end (scale: last scale-changed)
#   GtkGestureRotate::begin/end          -> rotate-begin / rotate-end (angle: last angle delta, degrees)
#   GtkGestureSwipe::swipe               -> swipe (vx, vy px/s)
#   GtkGesture::cancel on any of them    -> cancel (a wl_touch.cancel carries no time and reaches GDK with
#                                           time 0: the time of the last wl_touch down/motion/up this window
#                                           got is used instead, as frame assembly times the cancel)
import json
import math
import signal
import sys
import warnings

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

# PyGObject cannot box the GdkEvent of EventControllerLegacy::event and warns about it once; the event is not used.
warnings.filterwarnings("ignore", message=".*G_VALUE_HOLDS_OBJECT.*")

# GTK's own defaults, pinned so GSettings (gtk-double-click-time &c. come from org.gnome.desktop.peripherals
# on a GNOME session) cannot change what the model is checked against.
PINNED_SETTINGS = {
    "gtk-double-click-time": 400,
    "gtk-double-click-distance": 5,
    "gtk-dnd-drag-threshold": 8,
    "gtk-long-press-time": 500,
    "gtk-enable-animations": False,
}


class Reporter:
    """Writes one JSON line per recognition and remembers the times a timer or a cancel needs."""

    def __init__(self):
        self.last_touch_time = 0

    def emit(self, record):
        sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")
        sys.stdout.flush()

    def gesture(self, kind, time, recognizer, **fields):
        record = {"kind": kind, "time": time, "recognizer": recognizer}
        for key, value in fields.items():
            if value is not None:
                record[key] = round(value, 3) if isinstance(value, float) else value
        self.emit(record)

    def event_time(self, controller):
        # GDK stamps a wl_touch.cancel with GDK_CURRENT_TIME (0); the wire gives it no time either.
        time = controller.get_current_event_time()
        if time:
            self.last_touch_time = time
            return time
        return self.last_touch_time


def attach(widget, reporter):
    """Puts the seven gesture controllers on `widget`, each reporting in the shared vocabulary."""

    def add(gesture, name):
        gesture.set_propagation_phase(Gtk.PropagationPhase.BUBBLE)
        gesture.connect("cancel", lambda g, seq: reporter.gesture("cancel", reporter.event_time(g), name))
        widget.add_controller(gesture)
        return gesture

    # Added last, so GTK runs it first on every event: it only notes the time of each timed event, for a cancel.
    # (PyGObject hands this signal's GdkEvent over as None: the controller's current event time is read instead.)
    def note_time(controller, _event):
        time = controller.get_current_event_time()
        if time:
            reporter.last_touch_time = time
        return False

    legacy = Gtk.EventControllerLegacy()
    legacy.connect("event", note_time)

    click = add(Gtk.GestureClick(), "GtkGestureClick")
    click.connect("pressed", lambda g, n, x, y: reporter.gesture(
        "tap", reporter.event_time(g), "GtkGestureClick", count=n, x=x, y=y))

    long_press = add(Gtk.GestureLongPress(), "GtkGestureLongPress")
    down_time = {"time": 0}
    # ::begin runs on the touch-down that starts the timer; ::pressed fires from the timer with no event.
    long_press.connect("begin", lambda g, seq: down_time.update(time=reporter.event_time(g)))
    long_press.connect("pressed", lambda g, x, y: reporter.gesture(
        "long-press", down_time["time"], "GtkGestureLongPress", x=x, y=y))

    drag = add(Gtk.GestureDrag(), "GtkGestureDrag")
    drag.connect("drag-begin", lambda g, x, y: reporter.gesture(
        "drag-begin", reporter.event_time(g), "GtkGestureDrag", x=x, y=y))
    drag.connect("drag-end", lambda g, dx, dy: reporter.gesture(
        "drag-end", reporter.event_time(g), "GtkGestureDrag", x=dx, y=dy))

    pan = add(Gtk.GesturePan(orientation=Gtk.Orientation.HORIZONTAL), "GtkGesturePan")
    panning = {"on": False}

    def on_pan(g, direction, offset):
        if not panning["on"]:
            panning["on"] = True
            reporter.gesture("pan-begin", reporter.event_time(g), "GtkGesturePan")

    def on_pan_end(g, dx, dy):
        if panning["on"]:
            panning["on"] = False
            reporter.gesture("pan-end", reporter.event_time(g), "GtkGesturePan", x=dx, y=dy)

    pan.connect("pan", on_pan)
    pan.connect("drag-end", on_pan_end)

    zoom = add(Gtk.GestureZoom(), "GtkGestureZoom")
    scale = {"value": 1.0}
    zoom.connect("begin", lambda g, seq: (scale.update(value=1.0), reporter.gesture(
        "pinch-begin", reporter.event_time(g), "GtkGestureZoom")))
    zoom.connect("scale-changed", lambda g, s: scale.update(value=s))
    zoom.connect("end", lambda g, seq: reporter.gesture(
        "pinch-end", reporter.event_time(g), "GtkGestureZoom", scale=float(scale["value"])))

    rotate = add(Gtk.GestureRotate(), "GtkGestureRotate")
    angle = {"delta": 0.0}
    rotate.connect("begin", lambda g, seq: (angle.update(delta=0.0), reporter.gesture(
        "rotate-begin", reporter.event_time(g), "GtkGestureRotate")))
    rotate.connect("angle-changed", lambda g, a, delta: angle.update(delta=delta))
    rotate.connect("end", lambda g, seq: reporter.gesture(
        "rotate-end", reporter.event_time(g), "GtkGestureRotate", angle=math.degrees(angle["delta"])))

    swipe = add(Gtk.GestureSwipe(), "GtkGestureSwipe")
    swipe.connect("swipe", lambda g, vx, vy: reporter.gesture(
        "swipe", reporter.event_time(g), "GtkGestureSwipe", vx=float(vx), vy=float(vy)))

    widget.add_controller(legacy)


def main():
    settings = Gtk.Settings.get_default()
    if settings is None:
        sys.stderr.write("oracle.py: GTK found no display (is WAYLAND_DISPLAY set?)\n")
        return 2
    for key, value in PINNED_SETTINGS.items():
        settings.set_property(key, value)

    reporter = Reporter()
    loop = GLib.MainLoop()
    window = Gtk.Window(title="gesture-sandbox GTK oracle", decorated=False)
    area = Gtk.DrawingArea(hexpand=True, vexpand=True)
    attach(area, reporter)
    window.set_child(area)
    window.connect("close-request", lambda w: (loop.quit(), False)[1])

    announced = {"done": False}

    def announce_when_sized(widget, clock):
        # The first frame after the kiosk shell's configure: the surface is mapped and can take touches.
        width, height = widget.get_width(), widget.get_height()
        if announced["done"] or width <= 1 or height <= 1:
            return GLib.SOURCE_CONTINUE if not announced["done"] else GLib.SOURCE_REMOVE
        announced["done"] = True
        version = "%d.%d.%d" % (Gtk.get_major_version(), Gtk.get_minor_version(), Gtk.get_micro_version())
        reporter.emit({"ready": True, "toolkit": "gtk", "version": version, "width": width, "height": height})
        return GLib.SOURCE_REMOVE

    area.add_tick_callback(announce_when_sized)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, signum, lambda: (loop.quit(), GLib.SOURCE_REMOVE)[1])

    window.fullscreen()
    window.present()
    loop.run()
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
