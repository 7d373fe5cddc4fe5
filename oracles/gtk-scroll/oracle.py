#!/usr/bin/python3
# GTK 4 scrolling oracle: a real GtkScrolledWindow with kinetic scrolling, reporting its vertical offset at every
# drawn frame as JSON lines.
#
# Run like oracles/gtk/oracle.py (Debian's /usr/bin/python3 with python3-gi and gir1.2-gtk-4.0; GDK_BACKEND=wayland,
# GSK_RENDERER=cairo, a private HOME/XDG_CONFIG_HOME/XDG_CACHE_HOME), as a client of the runner's headless weston.
#
# stdout, one JSON object per line, flushed:
# - {"ready":true,"toolkit":"gtk-scroll","version":"4.8.3","width":W,"height":H,"content":C,"page":P} once mapped;
# - {"frame":T,"offset":V,"touch":MS} after every painted frame: T is gdk_frame_clock_get_frame_time (µs of
#   CLOCK_MONOTONIC, the clock weston stamps wl_touch times with, in ms), V the vertical adjustment's value, MS the
#   wl_touch time of the last touch event GTK had handled before that frame (0: none yet);
# - {"kind":"swipe","time":MS,"recognizer":"GtkGestureSwipe","vx":…,"vy":…,"clock":T} when the scrolled window's own
#   GtkGestureSwipe reports its velocity at a lift: T is the frame clock's time as the fling starts from it
#   (gtk_scrolled_window_start_deceleration reads the same clock in the same handler run).
# SIGTERM, SIGINT or SIGHUP: exits 0 after flushing stdout.
#
# The window: one GtkScrolledWindow filling the kiosk output over a content CONTENT_HEIGHT px tall (no stroke reaches
# either end but the top, which a stroke starting at offset 0 can overshoot: each stroke starts from the middle).
# Horizontal scrolling is off (policy NEVER), so the scrolled window attaches its vertical GtkGesturePan.
import json
import signal
import sys
import warnings

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

warnings.filterwarnings("ignore", message=".*G_VALUE_HOLDS_OBJECT.*")

# Tall enough that no stroke of the corpus (nor its fling) reaches an end from START_OFFSET.
CONTENT_HEIGHT = 200000
START_OFFSET = 100000

PINNED_SETTINGS = {
    "gtk-dnd-drag-threshold": 8,
    "gtk-long-press-time": 500,
    "gtk-enable-animations": False,
    # Classic scrollbars: no overlay indicator fading in and out (its frames would be the only ones of a still view).
    "gtk-overlay-scrolling": False,
}


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

    loop = GLib.MainLoop()
    window = Gtk.Window(title="gesture-sandbox GTK scroll oracle", decorated=False)
    scrolled = Gtk.ScrolledWindow(hexpand=True, vexpand=True)
    scrolled.set_policy(Gtk.PolicyType.NEVER, Gtk.PolicyType.ALWAYS)
    scrolled.set_kinetic_scrolling(True)
    scrolled.set_overlay_scrolling(False)
    content = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    content.set_size_request(-1, CONTENT_HEIGHT)
    scrolled.set_child(content)
    window.set_child(scrolled)
    window.connect("close-request", lambda w: (loop.quit(), False)[1])
    adjustment = scrolled.get_vadjustment()

    state = {"touch": 0, "ready": False}

    # Capture phase on the toplevel: it sees every touch event before the scrolled window's gestures claim it.
    def note_time(controller, _event):
        time = controller.get_current_event_time()
        if time:
            state["touch"] = time
        return False

    legacy = Gtk.EventControllerLegacy()
    legacy.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)
    legacy.connect("event", note_time)
    window.add_controller(legacy)

    controllers = scrolled.observe_controllers()
    for index in range(controllers.get_n_items()):
        controller = controllers.get_item(index)
        if isinstance(controller, Gtk.GestureSwipe):
            def on_swipe(gesture, vx, vy):
                clock = scrolled.get_frame_clock()
                emit({"kind": "swipe", "time": gesture.get_current_event_time() or state["touch"],
                      "recognizer": "GtkGestureSwipe", "vx": round(float(vx), 3), "vy": round(float(vy), 3),
                      "clock": clock.get_frame_time() if clock else 0})
            controller.connect("swipe", on_swipe)

    def after_paint(clock):
        if state["ready"]:
            emit({"frame": clock.get_frame_time(), "offset": round(adjustment.get_value(), 4), "touch": state["touch"]})

    def announce_when_sized(widget, clock):
        width, height = widget.get_width(), widget.get_height()
        if width <= 1 or height <= 1 or adjustment.get_upper() < CONTENT_HEIGHT:
            return GLib.SOURCE_CONTINUE
        adjustment.set_value(START_OFFSET)
        clock.connect("after-paint", after_paint)
        state["ready"] = True
        version = "%d.%d.%d" % (Gtk.get_major_version(), Gtk.get_minor_version(), Gtk.get_micro_version())
        emit({"ready": True, "toolkit": "gtk-scroll", "version": version, "width": width, "height": height,
              "content": adjustment.get_upper(), "page": adjustment.get_page_size()})
        return GLib.SOURCE_REMOVE

    scrolled.add_tick_callback(announce_when_sized)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, signum, lambda: (loop.quit(), GLib.SOURCE_REMOVE)[1])

    window.fullscreen()
    window.present()
    loop.run()
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
