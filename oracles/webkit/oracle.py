#!/usr/bin/python3
# WebKitGTK oracle: what a web page in WebKitGTK 6.0 (GTK 4) gets from touch, as ToolkitGesture JSON lines.
#
# Run with Debian's own interpreter (it has python3-gi; gir1.2-webkit-6.0 brings WebKitGTK):
#
#   GDK_BACKEND=wayland GSK_RENDERER=cairo NO_AT_BRIDGE=1 GTK_A11Y=none \
#   XDG_CONFIG_HOME=$PRIVATE/config XDG_CACHE_HOME=$PRIVATE/cache XDG_DATA_HOME=$PRIVATE/data HOME=$PRIVATE \
#   WAYLAND_DISPLAY=… XDG_RUNTIME_DIR=… [WAYLAND_DEBUG=client] /usr/bin/python3 oracles/webkit/oracle.py
#
# - A fullscreen undecorated Gtk.Window holding one WebKit.WebView that shows oracle.html (next to this file).
#   The page posts one JSON message per event to the script message handler "oracle"; this program writes them.
# - WebKit's web process runs in its bubblewrap sandbox; as root in this container that works as it is
#   (measured: no WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS needed). A private HOME and XDG folders keep the
#   user's WebKit data and GTK settings out; every GTK setting WebKit's touch handling reads is pinned below.
# - stdout: one JSON object per line, flushed. The first is
#   {"ready":true,"toolkit":"webkitgtk","version":"2.50.6","width":W,"height":H} once the page drew twice;
#   then one ToolkitGesture per page event. stderr: WebKit's and GTK's warnings, and the WAYLAND_DEBUG log.
# - SIGTERM, SIGINT or SIGHUP: exits 0.
#
# Times. Every gesture the page reports comes from a touch-up (the click and the context menu WebKit synthesises
# when the finger lifts), at the place of that up. A capture-phase controller on the window sees every touch event
# GTK delivers, with its wl_touch time and place, before WebKit does. Two clues from the page name the up:
# - WebKit stamps a synthesised mouse event with the wl_touch time of its touch, read as CLOCK_MONOTONIC ms and
#   moved to the wall clock (GtkUtilities.cpp wallTimeForEvent: MonotonicTime::fromRawSeconds(time / 1000)
#   .approximateWallTime()); the page's performance.timeOrigin + timeStamp minus (wall clock − CLOCK_MONOTONIC),
#   read here, is that time again, whatever base the compositor's clock has. Measured: exact in 133 of 138
#   cases; under load, when the web process answers the touch late, the stamp is later than the up (never
#   earlier).
# - The page counts the touchend events it got (WebKit sends every up, and every wl_touch.cancel, as one touchend
#   per touch): the up is among those. Under load the page can see the next touch's touchend before the click.
# So the up is the latest one the page had seen, after the previous gesture's up, at the event's place, and not
# after the page's stamp (TouchClock.wl_time). Where the stamp and the answer differ, stderr says so.
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

# GTK 4's defaults, pinned so GSettings or a settings.ini cannot change them. WebKit's gesture controller
# starts its long-press timer from gtk-long-press-time and its GtkGestureLongPress reads it too; a touch
# becomes a drag (scrolling) past gtk-dnd-drag-threshold (gtk_drag_check_threshold); the click count of a
# synthesised click follows gtk-double-click-time and gtk-double-click-distance.
PINNED_SETTINGS = {
    "gtk-double-click-time": 400,
    "gtk-double-click-distance": 5,
    "gtk-dnd-drag-threshold": 8,
    "gtk-long-press-time": 500,
    "gtk-enable-animations": False,
}

# How far (ms) the estimate from a page time may be from a touch time seen here and still be that touch.
TIME_SNAP = 4
# GdkEventType values of touch events (gdkenums.h, GTK 4): begin, update, end, cancel.
TOUCH_TYPES = (17, 18, 19, 20)
TOUCH_END, TOUCH_CANCEL = 19, 20
WRAP = 1 << 32


class TouchClock:
    """The touch events GTK delivered to the window, with their wl_touch times, read with ctypes.

    PyGObject (Debian 12: 3.42) cannot hand a GdkEvent to Python (GdkTouchEvent has no introspection), so the
    capture controller's current event is read through GTK's C API."""

    def __init__(self):
        gtk = ctypes.CDLL("libgtk-4.so.1")
        gtk.gtk_event_controller_get_current_event.restype = ctypes.c_void_p
        gtk.gtk_event_controller_get_current_event.argtypes = [ctypes.c_void_p]
        gtk.gdk_event_get_event_type.restype = ctypes.c_int
        gtk.gdk_event_get_event_type.argtypes = [ctypes.c_void_p]
        gtk.gdk_event_get_time.restype = ctypes.c_uint32
        gtk.gdk_event_get_time.argtypes = [ctypes.c_void_p]
        gtk.gdk_event_get_position.restype = ctypes.c_bool
        gtk.gdk_event_get_position.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_double),
                                               ctypes.POINTER(ctypes.c_double)]
        capsule = ctypes.pythonapi.PyCapsule_GetPointer
        capsule.restype = ctypes.c_void_p
        capsule.argtypes = [ctypes.py_object, ctypes.c_char_p]
        self.gtk, self.capsule = gtk, capsule
        # Every touch time seen, and every up and cancel in order as (time, x, y) (time None: a cancel).
        self.times = []
        self.ends = []
        # The index in self.ends of the up the last gesture came from, and each page stamp's answer.
        self.last_up = -1
        self.resolved = {}

    def attach(self, window):
        controller = Gtk.EventControllerLegacy()
        controller.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)
        controller.connect("event", self.on_event)
        window.add_controller(controller)
        return controller

    def on_event(self, controller, _event):
        event = self.gtk.gtk_event_controller_get_current_event(self.capsule(controller.__gpointer__, None))
        kind = self.gtk.gdk_event_get_event_type(event) if event else None
        if kind in TOUCH_TYPES:
            stamp = self.gtk.gdk_event_get_time(event)
            if stamp:  # GDK gives a wl_touch.cancel no time
                self.times.append(stamp)
                del self.times[:-512]
            if kind in (TOUCH_END, TOUCH_CANCEL):
                x, y = ctypes.c_double(), ctypes.c_double()
                self.gtk.gdk_event_get_position(event, ctypes.byref(x), ctypes.byref(y))
                self.ends.append((stamp or None, x.value, y.value))
        return False

    def estimate(self, wall_ms):
        """The wl_touch time a page stamp `wall_ms` stands for: the nearest touch seen, else the raw estimate."""
        offset = (time.time() - time.monotonic()) * 1000
        estimate = int(round(wall_ms - offset)) % WRAP
        best = None
        for stamp in self.times:
            distance = min((stamp - estimate) % WRAP, (estimate - stamp) % WRAP)
            if distance <= TIME_SNAP and (best is None or distance < best[0]):
                best = (distance, stamp)
        return best[1] if best else estimate

    def wl_time(self, record, ends, wall_ms):
        """The wl_touch time of the up a page event came from.

        The up is one the page had seen (among the first `ends`), after the up of the previous gesture, where the
        event is (WebKit clicks where the finger lifted), and the latest such up not after the page's own stamp
        (a late stamp is never early). Each page stamp is answered once, so a dblclick gets its click's up."""
        key = (ends, wall_ms)
        if key in self.resolved:
            return self.resolved[key]
        estimate = self.estimate(wall_ms) if wall_ms is not None else None
        limit = len(self.ends) if ends is None else min(ends, len(self.ends))
        x, y = record.get("x"), record.get("y")
        candidates = [index for index in range(self.last_up + 1, limit)
                      if self.ends[index][0] is not None and x is not None and y is not None
                      and abs(self.ends[index][1] - x) <= 1 and abs(self.ends[index][2] - y) <= 1]
        if estimate is not None:
            in_time = [index for index in candidates if (estimate + TIME_SNAP - self.ends[index][0]) % WRAP < WRAP // 2]
            candidates = in_time or candidates[:1]
        if candidates:
            self.last_up = candidates[-1]
            answer = self.ends[self.last_up][0]
            if estimate is not None and estimate != answer:
                sys.stderr.write("oracle.py: page stamp %d for the up at %d\n" % (estimate, answer))
        else:
            sys.stderr.write("oracle.py: no up seen for %r\n" % (record,))
            answer = estimate
        self.resolved[key] = answer
        return answer


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

    clock = TouchClock()
    version = "%d.%d.%d" % (WebKit.get_major_version(), WebKit.get_minor_version(), WebKit.get_micro_version())

    def on_message(_manager, value):
        try:
            record = json.loads(value.to_string())
        except ValueError:
            sys.stderr.write("oracle.py: the page sent no JSON: %r\n" % value.to_string())
            return
        if record.pop("ready", False):
            emit({"ready": True, "toolkit": "webkitgtk", "version": version,
                  "width": record.get("width"), "height": record.get("height")})
            return
        record["time"] = clock.wl_time(record, record.pop("ends", None), record.pop("wall", None))
        emit(record)

    manager = WebKit.UserContentManager()
    manager.connect("script-message-received::oracle", on_message)
    manager.register_script_message_handler("oracle", None)
    view = WebKit.WebView(user_content_manager=manager)
    view.get_settings().set_property("enable-smooth-scrolling", False)

    window = Gtk.Window(title="gesture-sandbox WebKitGTK oracle", decorated=False)
    controller = clock.attach(window)
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
    del controller
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
