#!/usr/bin/python3
# GTK 3 oracle: the real GTK 3.24 gesture controllers, reporting what they recognise as ToolkitGesture JSON lines.
#
# Run with Debian's own interpreter (it has python3-gi and gir1.2-gtk-3.0):
#
#   GDK_BACKEND=wayland NO_AT_BRIDGE=1 \
#   XDG_CONFIG_HOME=$PRIVATE/config XDG_CACHE_HOME=$PRIVATE/cache HOME=$PRIVATE \
#   WAYLAND_DISPLAY=… XDG_RUNTIME_DIR=… [WAYLAND_DEBUG=client] \
#   /usr/bin/python3 oracles/gtk3/oracle.py
#
# - GDK_BACKEND=wayland: never fall back to X11 (GTK 3 draws with cairo, no GL needed); NO_AT_BRIDGE=1: no
#   accessibility bus. The private XDG_CONFIG_HOME/XDG_CACHE_HOME/HOME keep a user's gtk-3.0/settings.ini out;
#   every setting a gesture reads is pinned below as well, which wins over GSettings.
# - stdout: one JSON object per line, flushed. The first is
#   {"ready":true,"toolkit":"gtk3","version":"3.24.38","width":W,"height":H} once the window is mapped and sized;
#   then one ToolkitGesture per recognition. stderr: GTK's own warnings and, with WAYLAND_DEBUG=client, the wire
#   log the runner imports.
# - SIGTERM, SIGINT or SIGHUP: exits 0 after flushing stdout.
#
# All seven controllers sit on ONE widget (a GtkDrawingArea, which has a GdkWindow of its own), as an application
# that attaches them to one widget gets them: nothing claims or denies a sequence, so GTK runs them simultaneously
# on every touch. The widget selects GDK_TOUCH_MASK, so GDK hands it touch events, not the pointer events GDK
# emulates from the first touch for windows without that mask. GtkGesturePan is horizontal.
#
# Mapping to the shared vocabulary (`time` is the wl_touch time of the event being handled,
# gtk_get_current_event_time):
#   GtkGestureMultiPress::pressed(n)     -> tap, count n (at the touch-down)
#   GtkGestureLongPress::pressed         -> long-press (timer: time of the touch-down that started it)
#   GtkGestureDrag::drag-begin/-end      -> drag-begin / drag-end
#   GtkGesturePan::pan (first of a run)  -> pan-begin; its drag-end after that -> pan-end
#   GtkGestureZoom::begin/end            -> pinch-begin / pinch-end (scale: last scale-changed)
#   GtkGestureRotate::begin/end          -> rotate-begin / rotate-end (angle: last angle delta, degrees)
#   GtkGestureSwipe::swipe               -> swipe (vx, vy px/s)
#   GtkGesture::cancel on any of them    -> cancel (a wl_touch.cancel carries no time: the time of the last
#                                           wl_touch down/motion/up this widget got is used instead, as frame
#                                           assembly times the cancel)
# GtkGestureMultiPress::released/::stopped and GtkGestureLongPress::cancelled have no kind in the shared
# vocabulary; they are not reported.
import json
import math
import signal
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

# GTK 3.24's own defaults, pinned so GSettings (org.gnome.desktop.peripherals on a GNOME session) or a
# settings.ini cannot change what the model is checked against. GtkGestureLongPress reads gtk-long-press-time
# (gtkgesturelongpress.c:gtk_gesture_long_press_begin), GtkGestureMultiPress gtk-double-click-time and
# gtk-double-click-distance, gtk_drag_check_threshold gtk-dnd-drag-threshold.
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

    def event_time(self):
        # GDK 3 gives a wl_touch.cancel's GDK_TOUCH_CANCEL no time (GDK_CURRENT_TIME, 0); the wire has none either.
        time = Gtk.get_current_event_time()
        if time:
            self.last_touch_time = time
            return time
        return self.last_touch_time


def attach(widget, reporter):
    """Puts the seven gesture controllers on `widget`; returns them (GTK 3 controllers need a reference kept)."""
    controllers = []

    def add(gesture, name):
        gesture.set_propagation_phase(Gtk.PropagationPhase.BUBBLE)
        gesture.connect("cancel", lambda g, seq: reporter.gesture("cancel", reporter.event_time(), name))
        controllers.append(gesture)
        return gesture

    # Every touch event the widget gets, whichever gesture acts on it: the time a later cancel is stamped with.
    def note_time(_widget, _event):
        time = Gtk.get_current_event_time()
        if time:
            reporter.last_touch_time = time
        return False

    widget.connect("touch-event", note_time)

    click = add(Gtk.GestureMultiPress.new(widget), "GtkGestureMultiPress")
    click.connect("pressed", lambda g, n, x, y: reporter.gesture(
        "tap", reporter.event_time(), "GtkGestureMultiPress", count=n, x=x, y=y))

    long_press = add(Gtk.GestureLongPress.new(widget), "GtkGestureLongPress")
    down_time = {"time": 0}
    # ::begin runs on the touch-down that starts the timer; ::pressed fires from the timer with no event.
    long_press.connect("begin", lambda g, seq: down_time.update(time=reporter.event_time()))
    long_press.connect("pressed", lambda g, x, y: reporter.gesture(
        "long-press", down_time["time"], "GtkGestureLongPress", x=x, y=y))

    drag = add(Gtk.GestureDrag.new(widget), "GtkGestureDrag")
    drag.connect("drag-begin", lambda g, x, y: reporter.gesture(
        "drag-begin", reporter.event_time(), "GtkGestureDrag", x=x, y=y))
    drag.connect("drag-end", lambda g, dx, dy: reporter.gesture(
        "drag-end", reporter.event_time(), "GtkGestureDrag", x=dx, y=dy))

    pan = add(Gtk.GesturePan.new(widget, Gtk.Orientation.HORIZONTAL), "GtkGesturePan")
    panning = {"on": False}

    def on_pan(g, direction, offset):
        if not panning["on"]:
            panning["on"] = True
            reporter.gesture("pan-begin", reporter.event_time(), "GtkGesturePan")

    def on_pan_end(g, dx, dy):
        if panning["on"]:
            panning["on"] = False
            reporter.gesture("pan-end", reporter.event_time(), "GtkGesturePan", x=dx, y=dy)

    pan.connect("pan", on_pan)
    pan.connect("drag-end", on_pan_end)

    zoom = add(Gtk.GestureZoom.new(widget), "GtkGestureZoom")
    scale = {"value": 1.0}
    zoom.connect("begin", lambda g, seq: (scale.update(value=1.0), reporter.gesture(
        "pinch-begin", reporter.event_time(), "GtkGestureZoom")))
    zoom.connect("scale-changed", lambda g, s: scale.update(value=s))
    zoom.connect("end", lambda g, seq: reporter.gesture(
        "pinch-end", reporter.event_time(), "GtkGestureZoom", scale=float(scale["value"])))

    rotate = add(Gtk.GestureRotate.new(widget), "GtkGestureRotate")
    angle = {"delta": 0.0}
    rotate.connect("begin", lambda g, seq: (angle.update(delta=0.0), reporter.gesture(
        "rotate-begin", reporter.event_time(), "GtkGestureRotate")))
    rotate.connect("angle-changed", lambda g, a, delta: angle.update(delta=delta))
    rotate.connect("end", lambda g, seq: reporter.gesture(
        "rotate-end", reporter.event_time(), "GtkGestureRotate", angle=math.degrees(angle["delta"])))

    swipe = add(Gtk.GestureSwipe.new(widget), "GtkGestureSwipe")
    swipe.connect("swipe", lambda g, vx, vy: reporter.gesture(
        "swipe", reporter.event_time(), "GtkGestureSwipe", vx=float(vx), vy=float(vy)))
    return controllers


def main():
    settings = Gtk.Settings.get_default()
    if settings is None:
        sys.stderr.write("oracle.py: GTK found no display (is WAYLAND_DISPLAY set?)\n")
        return 2
    for key, value in PINNED_SETTINGS.items():
        settings.set_property(key, value)

    reporter = Reporter()
    window = Gtk.Window(title="gesture-sandbox GTK 3 oracle", decorated=False)
    area = Gtk.DrawingArea(hexpand=True, vexpand=True)
    area.add_events(Gdk.EventMask.TOUCH_MASK)
    controllers = attach(area, reporter)
    window.add(area)
    window.connect("delete-event", lambda w, e: (Gtk.main_quit(), False)[1])

    announced = {"done": False}

    def announce():
        width, height = area.get_allocated_width(), area.get_allocated_height()
        version = "%d.%d.%d" % (Gtk.get_major_version(), Gtk.get_minor_version(), Gtk.get_micro_version())
        reporter.emit({"ready": True, "toolkit": "gtk3", "version": version, "width": width, "height": height})
        return GLib.SOURCE_REMOVE

    def announce_after_first_paint(clock):
        # GTK 3 commits its first buffer in this frame's paint; the kiosk shell maps the surface on that commit, so
        # touches injected before it reach nothing (seen with a tick callback: the first case got no wl_touch
        # event). 100 ms after the first sized paint the commit has reached weston.
        width, height = area.get_allocated_width(), area.get_allocated_height()
        if not announced["done"] and width > 1 and height > 1:
            announced["done"] = True
            GLib.timeout_add(100, announce)

    # The frame clock exists once the window is realized. (The draw signal's cairo context needs python3-gi-cairo.)
    window.connect("realize", lambda w: w.get_frame_clock().connect("after-paint", announce_after_first_paint))

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, signum, lambda: (Gtk.main_quit(), GLib.SOURCE_REMOVE)[1])

    window.fullscreen()
    window.show_all()
    Gtk.main()
    del controllers
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
