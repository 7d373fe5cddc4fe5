#!/usr/bin/python3
# Qt 6 Quick scrolling oracle: a real Flickable (oracle.qml beside this file) reporting its contentY at every frame
# the window draws, as JSON lines on stdout.
#
# Run with Debian's /usr/bin/python3 (python3-pyqt6, python3-pyqt6.qtquick) and the Qt oracle's environment:
# QT_QPA_PLATFORM=wayland QT_QUICK_BACKEND=software QT_QPA_PLATFORMTHEME= QML_NO_TOUCH_COMPRESSION=1 QT_SCALE_FACTOR=1,
# as a client of the runner's headless weston. Python hosts the QML only because QML has no monotonic clock: the
# Flickable, its touch handling and its fling are Qt Quick's own.
#
# stdout, one JSON object per line, flushed:
# - {"ready":true,"toolkit":"qt-scroll","version":"6.4.2","width":W,"height":H,"content":C,"page":P} once drawn;
# - {"frame":T,"offset":V,"touch":MS,"tickTouch":TT} after every frame the window put on screen: V is the Flickable's contentY as that
#   frame drew it; T (µs of CLOCK_MONOTONIC, the clock weston stamps wl_touch times with, in ms) is the animation
#   clock's time of that contentY: Qt Quick's fling (a QQuickTimeLine) moves contentY at the ticks of Qt's animation
#   timer (QUnifiedTimer, every 16 ms on a precise timer), not at frames, and a frame draws the value of the last
#   tick before it; MS the wl_touch time of the last touch event the window had received before that frame (0: none),
#   TT the last one received before that tick (events in between were handled after the tick: a touch-down there
#   stopped a fling only after the tick had moved it).
# - {"kind":"press","time":MS,"clock":T} at each touch-down (QTouchEvent TouchBegin): T the animation clock's last tick
#   before it, where a fling the touch-down stops stays (that tick may have drawn no frame yet);
# - {"kind":"swipe","time":MS,"recognizer":"Flickable","vy":…,"clock":T} for each fling: vy the finger's velocity the
#   Flickable flung with (px/s of the finger: its verticalVelocity negated, clamped to maximumFlickVelocity as flick()
#   does), T the animation clock's time the fling counts from.
# SIGTERM, SIGINT or SIGHUP: exits 0 after flushing stdout.
#
# The animation clock: a QAbstractAnimation of this file runs from the start and never ends, so Qt's animation timer
# ticks all the time (a fling starting from an idle timer would count from a restarted clock instead) and this
# animation gets every tick's delta, the same one the fling's QQuickTimeLine gets in the same tick (both run on Qt's
# QAnimationTimer). Its currentTime (ms) is the animation clock; T = the monotonic time of its first tick, less its
# currentTime then, + 1000 × currentTime, so T differs from CLOCK_MONOTONIC by about 1 ms and differences of T are
# exactly the fling's ms.
# A fling's QQuickTimeLine starts at 0 and gets the next tick's whole delta, so it counts from the tick before its first
# one: that tick's T is the swipe line's clock.
import json
import os
import signal
import sys
import time

from PyQt6.QtCore import QAbstractAnimation, QEvent, QObject, QSocketNotifier, QUrl
from PyQt6.QtGui import QGuiApplication
from PyQt6.QtQml import QQmlApplicationEngine

CONTENT_HEIGHT = 200000
START_OFFSET = 100000
# The style hints Flickable reads (QPlatformTheme::defaultThemeHint): QStyleHints has no setters, so a desktop theme
# or environment that changes them makes the oracle refuse to run.
PINNED_HINTS = {"startDragDistance": 10, "startDragVelocity": 0}
TOUCH_EVENTS = (QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd, QEvent.Type.TouchCancel)


def emit(record):
    sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def monotonic_us():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000


class AnimationClock(QAbstractAnimation):
    """Ticks with Qt's animation timer forever; `now` is its latest tick's time (µs), `previous` the one before."""

    def __init__(self):
        super().__init__()
        self.origin = None
        self.now = self.previous = monotonic_us()
        self.ticks = 0
        self.touches = None
        # The wl_touch time of the last touch event received before the latest tick.
        self.touch = 0

    def duration(self):
        return -1

    def updateCurrentTime(self, current):
        # start() sets time 0 at once, but the timer starts counting only when the event loop first runs: the first
        # tick after that anchors the clock.
        if current <= 0:
            return
        if self.origin is None:
            self.origin = monotonic_us() - 1000 * current
        self.previous = self.now
        self.now = self.origin + 1000 * current
        self.ticks += 1
        self.touch = self.touches.last if self.touches else 0


class TouchTimes(QObject):
    """Notes the wl_touch time of every touch event before the window delivers it to the Flickable, and reports each
    touch-down with the animation clock's last tick before it."""

    def __init__(self, clock):
        super().__init__()
        self.clock = clock
        self.last = 0
        self.ready = False

    def eventFilter(self, watched, event):
        if event.type() in TOUCH_EVENTS and event.timestamp():
            self.last = event.timestamp() & 0xFFFFFFFF
            if event.type() == QEvent.Type.TouchBegin and self.ready:
                emit({"kind": "press", "time": self.last, "clock": self.clock.now})
        return False


def main():
    app = QGuiApplication(sys.argv)
    hints = {name: getattr(app.styleHints(), name)() for name in PINNED_HINTS}
    for name, value in PINNED_HINTS.items():
        if hints[name] != value:
            sys.stderr.write("oracle.py: style hint %s is %s, expected %s (clear QT_QPA_PLATFORMTHEME, XDG_CURRENT_DESKTOP)\n"
                             % (name, hints[name], value))
            return 2
    clock = AnimationClock()
    clock.start()
    engine = QQmlApplicationEngine()
    engine.load(QUrl.fromLocalFile(os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle.qml")))
    if not engine.rootObjects():
        sys.stderr.write("oracle.py: oracle.qml did not load\n")
        return 2
    window = engine.rootObjects()[0]
    flick = window.findChild(QObject, "flick")
    touches = TouchTimes(clock)
    window.installEventFilter(touches)
    clock.touches = touches

    state = {"ready": False, "drawn": None, "fling": None}

    def after_animating():
        state["drawn"] = (clock.now, flick.property("contentY"), touches.last, clock.touch)

    def frame_swapped():
        drawn = state["drawn"]
        if drawn is None:
            return
        if not state["ready"]:
            if window.width() <= 1 or window.height() <= 1 or drawn[1] != START_OFFSET:
                return
            state["ready"] = True
            touches.ready = True
            emit({"ready": True, "toolkit": "qt-scroll", "version": "6.4.2", "width": window.width(),
                  "height": window.height(), "content": flick.property("contentHeight"), "page": flick.property("height"), "hints": hints})
            return
        emit({"frame": drawn[0], "offset": round(drawn[1], 4), "touch": drawn[2], "tickTouch": drawn[3]})

    # verticalVelocity is the (boosted) velocity handleReleaseEvent set just before flick() clamps it.
    def flick_started():
        limit = flick.property("maximumFlickVelocity")
        velocity = max(-limit, min(limit, -flick.property("verticalVelocity")))
        state["fling"] = (clock.ticks, touches.last, velocity)

    # The fling's first tick moves contentY: the tick before it is the one the QQuickTimeLine counts from.
    def content_moved():
        fling = state["fling"]
        if fling is not None and clock.ticks > fling[0]:
            state["fling"] = None
            emit({"kind": "swipe", "time": fling[1], "recognizer": "Flickable", "vy": round(fling[2], 3),
                  "clock": clock.previous})

    window.afterAnimating.connect(after_animating)
    window.frameSwapped.connect(frame_swapped)
    flick.flickStarted.connect(flick_started)
    flick.contentYChanged.connect(content_moved)

    # Signals end the event loop from inside it (a Python handler runs only when the interpreter gets control).
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    signal.set_wakeup_fd(write_end)
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: None)
    notifier = QSocketNotifier(read_end, QSocketNotifier.Type.Read)
    notifier.activated.connect(lambda *_: app.quit())

    app.exec()
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
