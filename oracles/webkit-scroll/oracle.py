#!/usr/bin/python3
# WebKitGTK scrolling oracle: a page 200000 px tall in a WebKit.WebView (WebKit 6.0, GTK 4), reporting window.scrollY
# at every requestAnimationFrame as JSON lines.
#
# Run like oracles/webkit/oracle.py (Debian's /usr/bin/python3 with python3-gi and gir1.2-webkit-6.0;
# GDK_BACKEND=wayland, GSK_RENDERER=cairo, a private HOME/XDG_CONFIG_HOME/XDG_CACHE_HOME/XDG_DATA_HOME), as a client
# of the runner's headless weston. WebKit's web process runs in its bubblewrap sandbox, as root too.
#
# stdout, one JSON object per line, flushed:
# - {"ready":true,"toolkit":"webkitgtk","version":"2.50.6","width":W,"height":H,"content":C,"page":P} once the page
#   is laid out and scrolled to its start (oracle.html);
# - {"frame":T,"offset":V,"touch":MS} at every requestAnimationFrame: T in µs of CLOCK_MONOTONIC (the clock weston
#   stamps wl_touch times with, in ms), V window.scrollY, MS the wl_touch time of the last touch event the page had
#   handled before that frame (0: none yet);
# - {"kind":"swipe","time":MS,"recognizer":"GtkGestureSwipe","vx":…,"vy":…,"clock":T} when the web view's own
#   GtkGestureSwipe reports its velocity at a lift (WebKit turns it into the momentum wheel event that starts the fling): T is
#   CLOCK_MONOTONIC (µs) in that handler, when WebKit sends the momentum event on to the web process' scrolling
#   thread, whose ScrollAnimationKinetic starts its clock as it receives it.
# SIGTERM, SIGINT or SIGHUP: exits 0 after flushing stdout.
#
# Times. The rAF timestamp is on the web process' MonotonicTime (CLOCK_MONOTONIC), counted from the page's time
# origin; performance.timeOrigin is that origin moved to the wall clock (WTF approximateWallTime). So
# CLOCK_MONOTONIC = timeOrigin + timestamp − (wall clock − CLOCK_MONOTONIC), the difference read here. WebKit stamps
# the touch events it gives the page with the touch's wl_touch time (GtkUtilities.cpp wallTimeForEvent), so a
# page touch stamp converted the same way is that wl_touch time to within WebKit's time resolution; the frame
# line names the touch seen here (a capture-phase controller on the window) nearest to it.
import ctypes
import json
import os
import signal
import sys
import time

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
gi.require_version("WebKit", "6.0")
from gi.repository import GLib, Gtk, WebKit  # noqa: E402

# GTK 4's defaults, pinned: WebKit's touch drag scrolls once it passes gtk-dnd-drag-threshold
# (webkitWebViewBaseTouchDragUpdate, gtk_drag_check_threshold); a hold of gtk-long-press-time turns a drag into
# text selection instead.
PINNED_SETTINGS = {
    "gtk-dnd-drag-threshold": 8,
    "gtk-long-press-time": 500,
    "gtk-enable-animations": False,
    "gtk-overlay-scrolling": False,
}
# How far (ms) a page touch stamp may be from a touch time seen here and still be that touch.
TIME_SNAP = 3
TOUCH_TYPES = (17, 18, 19, 20)  # GdkEventType: touch begin, update, end, cancel (gdkenums.h, GTK 4)
WRAP = 1 << 32


def wall_minus_monotonic_ms():
    """The wall clock minus CLOCK_MONOTONIC (ms), the smallest of a few reads (each read brackets the other)."""
    best = None
    for _ in range(5):
        before = time.monotonic()
        wall = time.time()
        after = time.monotonic()
        difference = wall - (before + after) / 2
        if best is None or after - before < best[0]:
            best = (after - before, difference)
    return best[1] * 1000


class TouchTimes:
    """The wl_touch times of the touch events GTK delivered to the window, read with ctypes (PyGObject 3.42 cannot
    hand a GdkTouchEvent to Python)."""

    def __init__(self):
        gtk = ctypes.CDLL("libgtk-4.so.1")
        gtk.gtk_event_controller_get_current_event.restype = ctypes.c_void_p
        gtk.gtk_event_controller_get_current_event.argtypes = [ctypes.c_void_p]
        gtk.gdk_event_get_event_type.restype = ctypes.c_int
        gtk.gdk_event_get_event_type.argtypes = [ctypes.c_void_p]
        gtk.gdk_event_get_time.restype = ctypes.c_uint32
        gtk.gdk_event_get_time.argtypes = [ctypes.c_void_p]
        capsule = ctypes.pythonapi.PyCapsule_GetPointer
        capsule.restype = ctypes.c_void_p
        capsule.argtypes = [ctypes.py_object, ctypes.c_char_p]
        self.gtk, self.capsule = gtk, capsule
        self.times = []

    def attach(self, window):
        controller = Gtk.EventControllerLegacy()
        controller.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)
        controller.connect("event", self.on_event)
        window.add_controller(controller)
        return controller

    def on_event(self, controller, _event):
        event = self.gtk.gtk_event_controller_get_current_event(self.capsule(controller.__gpointer__, None))
        if event and self.gtk.gdk_event_get_event_type(event) in TOUCH_TYPES:
            stamp = self.gtk.gdk_event_get_time(event)
            if stamp:  # GDK gives a wl_touch.cancel no time
                self.times.append(stamp)
                del self.times[:-256]
        return False

    def nearest(self, estimate):
        """The touch time seen nearest to `estimate` (ms, wrapping), or the estimate when none is near."""
        best = None
        for stamp in self.times:
            distance = min((stamp - estimate) % WRAP, (estimate - stamp) % WRAP)
            if distance <= TIME_SNAP and (best is None or distance < best[0]):
                best = (distance, stamp)
        if best is None:
            sys.stderr.write("oracle.py: no touch seen near the page's stamp %d\n" % estimate)
            return estimate
        return best[1]


def emit(record):
    sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    settings = Gtk.Settings.get_default()
    if settings is None:
        sys.stderr.write("oracle.py: GTK found no display (is WAYLAND_DISPLAY set?)\n")
        return 2
    for key, value in PINNED_SETTINGS.items():
        settings.set_property(key, value)

    touches = TouchTimes()
    version = "%d.%d.%d" % (WebKit.get_major_version(), WebKit.get_minor_version(), WebKit.get_micro_version())
    state = {"touch": None, "touch_ms": 0}

    def monotonic_ms(origin, stamp):
        return origin + stamp - wall_minus_monotonic_ms()

    def on_message(_manager, value):
        try:
            record = json.loads(value.to_string())
        except ValueError:
            sys.stderr.write("oracle.py: the page sent no JSON: %r\n" % value.to_string())
            return
        if record.pop("ready", False):
            emit({"ready": True, "toolkit": "webkitgtk", "version": version, "width": record.get("width"),
                  "height": record.get("height"), "content": record.get("content"), "page": record.get("page")})
            return
        origin, stamp = record["origin"], record.get("touch")
        if stamp is not None and stamp != state["touch"]:
            state["touch"] = stamp
            state["touch_ms"] = touches.nearest(int(round(monotonic_ms(origin, stamp))) % WRAP)
        emit({"frame": int(round(monotonic_ms(origin, record["frame"]) * 1000)), "offset": record["offset"],
              "touch": state["touch_ms"]})

    manager = WebKit.UserContentManager()
    manager.connect("script-message-received::oracle", on_message)
    manager.register_script_message_handler("oracle", None)
    view = WebKit.WebView(user_content_manager=manager)
    # Smooth scrolling animates only coarse (non-precise) wheel deltas; pinned off all the same.
    view.get_settings().set_property("enable-smooth-scrolling", False)
    view.set_zoom_level(1.0)

    controllers = view.observe_controllers()
    for index in range(controllers.get_n_items()):
        controller = controllers.get_item(index)
        if isinstance(controller, Gtk.GestureSwipe):
            def on_swipe(gesture, vx, vy):
                emit({"kind": "swipe", "time": gesture.get_current_event_time(), "recognizer": "GtkGestureSwipe",
                      "vx": round(float(vx), 3), "vy": round(float(vy), 3),
                      "clock": int(round(time.monotonic() * 1e6))})
            controller.connect("swipe", on_swipe)

    window = Gtk.Window(title="gesture-sandbox WebKitGTK scroll oracle", decorated=False)
    capture = touches.attach(window)
    window.set_child(view)
    page = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle.html")
    view.load_uri(GLib.filename_to_uri(page, None))

    loop = GLib.MainLoop()
    window.connect("close-request", lambda _w: (loop.quit(), False)[1])
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, signum, lambda: (loop.quit(), GLib.SOURCE_REMOVE)[1])
    window.fullscreen()
    window.present()
    loop.run()
    del capture
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
