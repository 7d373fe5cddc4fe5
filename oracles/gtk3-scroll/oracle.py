#!/usr/bin/python3
# GTK 3 scrolling oracle: a real GtkScrolledWindow with kinetic scrolling, reporting its vertical offset at every
# drawn frame as JSON lines (the same lines as oracles/gtk-scroll/oracle.py prints for GTK 4).
#
# Run like oracles/gtk3/oracle.py (Debian's /usr/bin/python3 with python3-gi and gir1.2-gtk-3.0; GDK_BACKEND=wayland,
# NO_AT_BRIDGE=1, a private HOME/XDG_CONFIG_HOME/XDG_CACHE_HOME), as a client of the runner's headless weston.
#
# stdout, one JSON object per line, flushed:
# - {"ready":true,"toolkit":"gtk3-scroll","version":"3.24.38","width":W,"height":H,"content":C,"page":P} once mapped;
# - {"frame":T,"offset":V,"touch":MS} after every painted frame: T is gdk_frame_clock_get_frame_time (µs of
#   CLOCK_MONOTONIC, the clock weston stamps wl_touch times with, in ms), V the vertical adjustment's value, MS the
#   wl_touch time of the last touch event GDK handed to GTK before that frame (0: none yet);
# - {"kind":"swipe","time":MS,"recognizer":"GdkFrameClock","clock":T} at every lift: T is the frame clock's time
#   right after GTK handled the lift, the reading gtk_scrolled_window_start_deceleration took in that same handler
#   run (GdkFrameClockIdle keeps one frame time until 16 ms have passed). GTK 3 keeps its scrolled window's
#   GtkGestureSwipe private, and a second swipe gesture would be denied when the scrolled window claims the touch,
#   so the line carries no velocity.
# SIGTERM, SIGINT or SIGHUP: exits 0 after flushing stdout.
#
# The window: one GtkScrolledWindow filling the kiosk output over a GtkViewport (GTK adds it) holding a GtkBox
# CONTENT_HEIGHT px tall; each stroke starts from the middle, so none reaches an end. Horizontal scrolling is off
# (policy NEVER), so the scrolled window attaches its vertical GtkGesturePan.
import json
import signal
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

# Tall enough that no stroke of the corpus (nor its fling) reaches an end from START_OFFSET.
CONTENT_HEIGHT = 200000
START_OFFSET = 100000

# GTK 3.24's defaults, pinned so GSettings or a settings.ini cannot change them. The scrolled window's drag reads
# none of them (it claims the touch at once); its GtkGestureLongPress reads gtk-long-press-time and
# gtk-dnd-drag-threshold (a long press denies the drag); gtk-enable-animations off keeps the adjustment from
# animating; classic scrollbars (gtk-overlay-scrolling off) draw no indicator fading in and out.
PINNED_SETTINGS = {
    "gtk-dnd-drag-threshold": 8,
    "gtk-long-press-time": 500,
    "gtk-enable-animations": False,
    "gtk-overlay-scrolling": False,
}

TOUCH_EVENTS = (Gdk.EventType.TOUCH_BEGIN, Gdk.EventType.TOUCH_UPDATE, Gdk.EventType.TOUCH_END,
                Gdk.EventType.TOUCH_CANCEL)


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

    window = Gtk.Window(title="gesture-sandbox GTK 3 scroll oracle", decorated=False)
    scrolled = Gtk.ScrolledWindow(hexpand=True, vexpand=True)
    scrolled.set_policy(Gtk.PolicyType.NEVER, Gtk.PolicyType.ALWAYS)
    scrolled.set_kinetic_scrolling(True)
    scrolled.set_overlay_scrolling(False)
    content = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    content.set_size_request(-1, CONTENT_HEIGHT)
    scrolled.add(content)
    window.add(scrolled)
    window.connect("delete-event", lambda w, e: (Gtk.main_quit(), False)[1])
    adjustment = scrolled.get_vadjustment()

    state = {"touch": 0, "ready": False}

    # Every event GDK dispatches passes here before GTK sees it: the touch stamp of a frame is exact.
    def dispatch(event):
        kind = event.get_event_type()
        time = event.get_time() if kind in TOUCH_EVENTS else 0
        if time:
            state["touch"] = time
        Gtk.main_do_event(event)
        if kind == Gdk.EventType.TOUCH_END and state["ready"]:
            clock = window.get_frame_clock()
            emit({"kind": "swipe", "time": time, "recognizer": "GdkFrameClock",
                  "clock": clock.get_frame_time() if clock else 0})

    Gdk.event_handler_set(dispatch)

    def after_paint(clock):
        if state["ready"]:
            emit({"frame": clock.get_frame_time(), "offset": round(adjustment.get_value(), 4), "touch": state["touch"]})

    def announce():
        version = "%d.%d.%d" % (Gtk.get_major_version(), Gtk.get_minor_version(), Gtk.get_micro_version())
        state["ready"] = True
        emit({"ready": True, "toolkit": "gtk3-scroll", "version": version,
              "width": scrolled.get_allocated_width(), "height": scrolled.get_allocated_height(),
              "content": adjustment.get_upper(), "page": adjustment.get_page_size()})
        return GLib.SOURCE_REMOVE

    def announce_when_sized(clock):
        # GTK 3 commits its first buffer in a frame's paint; the kiosk shell maps the surface on that commit, so the
        # ready line waits 100 ms after the first paint at full size (as oracles/gtk3/oracle.py does).
        if state.get("sized") or scrolled.get_allocated_height() <= 1 or adjustment.get_upper() < CONTENT_HEIGHT:
            return
        state["sized"] = True
        adjustment.set_value(START_OFFSET)
        clock.connect("after-paint", after_paint)
        GLib.timeout_add(100, announce)

    window.connect("realize", lambda w: w.get_frame_clock().connect("after-paint", announce_when_sized))

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, signum, lambda: (Gtk.main_quit(), GLib.SOURCE_REMOVE)[1])

    window.fullscreen()
    window.show_all()
    Gtk.main()
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
