#!/usr/bin/python3
# SDL 2 oracle: the touch, touch-mouse and multigesture events SDL 2 delivers, as ToolkitGesture JSON lines.
#
# Run with Debian's own interpreter (it has python3-sdl2, which loads libsdl2-2.0-0):
#
#   SDL_VIDEODRIVER=wayland XDG_CONFIG_HOME=$PRIVATE/config HOME=$PRIVATE \
#   WAYLAND_DISPLAY=… XDG_RUNTIME_DIR=… WAYLAND_DEBUG=client /usr/bin/python3 oracles/sdl2/oracle.py
#
# - SDL_VIDEODRIVER=wayland: never XWayland. Every hint that changes what a touch produces is pinned below,
#   before SDL_Init, so neither the environment nor a later SDL default can change it.
# - stdout: one JSON object per line. The first is
#   {"ready":true,"toolkit":"sdl2","version":"2.26.5","width":W,"height":H} once the window is shown at its
#   configured size and drawn; then one line per event. stderr: WAYLAND_DEBUG's log (passed through untouched).
# - SIGTERM, SIGINT or SIGHUP: exits 0.
#
# Times. SDL 2.26 stamps an event with SDL_GetTicks() when it is queued, not with the wl_touch time. But SDL's
# Wayland backend turns each wl_touch down, motion and up into events synchronously, inside libwayland's dispatch
# of that very event, and libwayland (WAYLAND_DEBUG=client) logs an event to stderr before it calls the
# listener. So this oracle reads its own stderr through a pipe (passing every byte on to the real stderr) and
# watches every event SDL pushes (SDL_AddEventWatch runs inside SDL_PushEvent, i.e. inside that listener): the
# last wl_touch down/motion/up line in the log at that moment is the event that caused it, and its time is the
# `time` written. A watch also sees what SDL then drops from the queue, so nothing is missed or counted twice.
#
# Mapping to the shared vocabulary (x, y in window px: SDL's normalized values times the window size):
#   SDL_FINGERDOWN / MOTION / UP         -> touch-down / touch-motion / touch-up (finger, x, y, dx, dy, pressure)
#   SDL_MOUSEMOTION (which = TOUCH)      -> pointer-motion (x, y: SDL's integer mouse position)
#   SDL_MOUSEBUTTONDOWN / UP (TOUCH)     -> pointer-down / pointer-up (count: clicks, x, y)
#   SDL_MULTIGESTURE                     -> multi-gesture (x, y: centroid, angle: dTheta in degrees,
#                                           distance: dDist (normalized), fingers: numFingers)
import ctypes
import fcntl
import json
import math
import os
import re
import select
import signal
import sys
import threading

# Pinned hints, set with SDL_HINT_OVERRIDE so the environment (SDL_* variables) cannot change them. At SDL
# 2.26's own defaults: touch makes mouse events (the emulation the model re-creates); mouse input makes no
# touch events (there is no pointer here, but a synthetic touch device would add finger events); SDL_mouse.c's
# double-click time and radius; no mouse speed scaling, auto-capture on, no relative warping; the screensaver
# allowed (no inhibition request). Off, against SDL's default: libdecor (decoration sub-surfaces) and Wayland
# mode emulation (a scaled fake mode), so surface coordinates stay window coordinates, as the model assumes.
PINNED_HINTS = {
    "SDL_TOUCH_MOUSE_EVENTS": "1",
    "SDL_MOUSE_TOUCH_EVENTS": "0",
    "SDL_MOUSE_DOUBLE_CLICK_TIME": "500",
    "SDL_MOUSE_DOUBLE_CLICK_RADIUS": "32",
    "SDL_MOUSE_NORMAL_SPEED_SCALE": "",
    "SDL_MOUSE_AUTO_CAPTURE": "1",
    "SDL_MOUSE_RELATIVE_MODE_WARP": "0",
    "SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR": "0",
    "SDL_VIDEO_ALLOW_SCREENSAVER": "1",
    "SDL_VIDEO_WAYLAND_MODE_EMULATION": "0",
}

TOUCH_LINE = re.compile(r"wl_touch[@#]\d+\.(down|up|motion|cancel)\(([^)]*)\)")


class WireLog:
    """Our own stderr, read back: passes every byte on and remembers the last wl_touch event logged."""

    def __init__(self):
        self.real_stderr = os.dup(2)
        read_end, write_end = os.pipe()
        try:
            fcntl.fcntl(write_end, 1031, 1 << 20)  # F_SETPIPE_SZ: room for bursts while the reader sleeps
        except OSError:
            pass
        os.dup2(write_end, 2)
        os.close(write_end)
        os.set_blocking(read_end, False)
        self.read_end = read_end
        self.pending = b""
        self.lock = threading.Lock()
        self.last_touch = None  # (kind, time, id)
        threading.Thread(target=self.pump, daemon=True).start()

    def pump(self):
        while True:
            select.select([self.read_end], [], [], 0.05)
            self.drain()

    def drain(self):
        """Reads whatever is in the pipe now; the listener's own log line is there before it runs."""
        with self.lock:
            while True:
                try:
                    chunk = os.read(self.read_end, 65536)
                except BlockingIOError:
                    break
                if not chunk:
                    break
                view = memoryview(chunk)
                while view:
                    view = view[os.write(self.real_stderr, view):]
                self.pending += chunk
            *lines, self.pending = self.pending.split(b"\n")
            for line in lines:
                self.note(line.decode("utf-8", "replace"))

    def note(self, line):
        match = TOUCH_LINE.search(line)
        if not match:
            return
        kind, args = match.group(1), [a.strip() for a in match.group(2).split(",")]
        if kind == "down":
            self.last_touch = (kind, int(args[1]), int(args[3]))
        elif kind == "up":
            self.last_touch = (kind, int(args[1]), int(args[2]))
        elif kind == "motion":
            self.last_touch = (kind, int(args[0]), int(args[1]))

    def cause(self):
        self.drain()
        with self.lock:
            return self.last_touch

    def say(self, text):
        os.write(self.real_stderr, (text + "\n").encode())


class Reporter:
    def __init__(self, sdl2, wire, size):
        self.sdl2 = sdl2
        self.wire = wire
        self.width, self.height = size

    def emit(self, record):
        sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")
        sys.stdout.flush()

    def watch(self, _userdata, event_pointer):
        try:
            self.report(event_pointer.contents)
        except Exception as error:  # a watch must not raise into C
            self.wire.say("oracle.py: %r" % (error,))
        return 0

    def report(self, event):
        sdl2 = self.sdl2
        kind = event.type
        if kind in (sdl2.SDL_FINGERDOWN, sdl2.SDL_FINGERMOTION, sdl2.SDL_FINGERUP):
            name = {sdl2.SDL_FINGERDOWN: ("touch-down", "SDL_FINGERDOWN"),
                    sdl2.SDL_FINGERMOTION: ("touch-motion", "SDL_FINGERMOTION"),
                    sdl2.SDL_FINGERUP: ("touch-up", "SDL_FINGERUP")}[kind]
            f = event.tfinger
            self.gesture(name, finger=int(f.fingerId), x=f.x * self.width, y=f.y * self.height,
                         dx=f.dx * self.width, dy=f.dy * self.height, pressure=f.pressure)
        elif kind == sdl2.SDL_MOUSEMOTION and event.motion.which == sdl2.SDL_TOUCH_MOUSEID:
            self.gesture(("pointer-motion", "SDL_MOUSEMOTION"), x=event.motion.x, y=event.motion.y)
        elif kind in (sdl2.SDL_MOUSEBUTTONDOWN, sdl2.SDL_MOUSEBUTTONUP) and event.button.which == sdl2.SDL_TOUCH_MOUSEID:
            name = ("pointer-down", "SDL_MOUSEBUTTONDOWN") if kind == sdl2.SDL_MOUSEBUTTONDOWN \
                else ("pointer-up", "SDL_MOUSEBUTTONUP")
            b = event.button
            self.gesture(name, count=b.clicks, x=b.x, y=b.y)
        elif kind == sdl2.SDL_MULTIGESTURE:
            m = event.mgesture
            self.gesture(("multi-gesture", "SDL_MULTIGESTURE"), x=m.x * self.width, y=m.y * self.height,
                         angle=math.degrees(m.dTheta), distance=m.dDist, fingers=m.numFingers)

    def gesture(self, name, **fields):
        cause = self.wire.cause()
        if cause is None:
            self.wire.say("oracle.py: %s with no wl_touch event before it" % name[1])
            return
        record = {"kind": name[0], "time": cause[1], "recognizer": name[1]}
        for key, value in fields.items():
            record[key] = round(value, 6) if isinstance(value, float) else value
        self.emit(record)


def main():
    wire = WireLog()
    import sdl2  # after the pipe: libwayland's log goes to whatever fd 2 is when it logs

    for name, value in PINNED_HINTS.items():
        sdl2.SDL_SetHintWithPriority(name.encode(), value.encode(), sdl2.SDL_HINT_OVERRIDE)
    if sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO | sdl2.SDL_INIT_EVENTS) != 0:
        wire.say("oracle.py: SDL_Init failed: %s" % sdl2.SDL_GetError().decode())
        return 2
    driver = sdl2.SDL_GetCurrentVideoDriver()
    if driver != b"wayland":
        wire.say("oracle.py: SDL chose the %r video driver, not wayland" % driver)
        return 2
    window = sdl2.SDL_CreateWindow(b"gesture-sandbox SDL 2 oracle", 0, 0, 1280, 720,
                                   sdl2.SDL_WINDOW_RESIZABLE | sdl2.SDL_WINDOW_BORDERLESS)
    if not window:
        wire.say("oracle.py: SDL_CreateWindow failed: %s" % sdl2.SDL_GetError().decode())
        return 2

    stop = {"now": False}
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: stop.update(now=True))

    def draw():
        surface = sdl2.SDL_GetWindowSurface(window)
        if surface:
            sdl2.SDL_FillRect(surface, None, 0xFF202020)
            sdl2.SDL_UpdateWindowSurface(window)

    reporter = None
    watch = None
    shown = 0
    event = sdl2.SDL_Event()
    while not stop["now"]:
        while sdl2.SDL_PollEvent(ctypes.byref(event)):
            if event.type == sdl2.SDL_QUIT:
                stop["now"] = True
            elif event.type == sdl2.SDL_WINDOWEVENT and event.window.event in (
                    sdl2.SDL_WINDOWEVENT_EXPOSED, sdl2.SDL_WINDOWEVENT_SIZE_CHANGED, sdl2.SDL_WINDOWEVENT_SHOWN):
                draw()
                shown += 1
        if reporter is None and shown:
            width, height = ctypes.c_int(), ctypes.c_int()
            sdl2.SDL_GetWindowSize(window, ctypes.byref(width), ctypes.byref(height))
            # Announced a few loops after the first expose: the configured size has been applied and drawn.
            if shown >= 2 and width.value > 1 and height.value > 1:
                reporter = Reporter(sdl2, wire, (width.value, height.value))
                watch = sdl2.SDL_EventFilter(reporter.watch)
                sdl2.SDL_AddEventWatch(watch, None)
                version = sdl2.SDL_version()
                sdl2.SDL_GetVersion(ctypes.byref(version))
                reporter.emit({"ready": True, "toolkit": "sdl2",
                               "version": "%d.%d.%d" % (version.major, version.minor, version.patch),
                               "width": width.value, "height": height.value})
            else:
                draw()
                shown += 1
        sdl2.SDL_WaitEventTimeout(None, 20)
    if watch is not None:
        sdl2.SDL_DelEventWatch(watch, None)
    sdl2.SDL_DestroyWindow(window)
    sdl2.SDL_Quit()
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
