#!/usr/bin/python3
# Qt 6 Widgets oracle: the QGesture recognizers of Qt Widgets (QGestureManager with Qt's standard recognizers) and
# the mouse events Qt synthesises from touch, as ToolkitGesture JSON lines.
#
# Run with Debian's own interpreter (it has python3-pyqt6, which loads Qt 6.4's libQt6Widgets):
#
#   QT_QPA_PLATFORM=wayland QT_QPA_PLATFORMTHEME= QT_WAYLAND_DISABLE_WINDOWDECORATION=1 QT_PAN_TOUCHPOINTS=2 \
#   XDG_CONFIG_HOME=$PRIVATE/config HOME=$PRIVATE WAYLAND_DISPLAY=… XDG_RUNTIME_DIR=… \
#   /usr/bin/python3 oracles/qtwidgets/oracle.py
#
# - QT_QPA_PLATFORM=wayland: never XWayland. An empty platform theme: no desktop theme plugin may change the style
#   hints (the double-click interval and distances are checked at start). QT_PAN_TOUCHPOINTS is pinned to Qt's own
#   default (qgesturemanager.cpp:panTouchPoints, 2 fingers) so the environment cannot change it.
# - stdout: one JSON object per line, flushed. The first is
#   {"ready":true,"toolkit":"qtwidgets","version":"6.4.2","width":W,"height":H,"hints":{…}} once the fullscreen
#   window is shown and sized; then one ToolkitGesture per gesture state change or synthesised mouse event.
# - SIGTERM, SIGINT or SIGHUP: exits 0.
#
# One fullscreen QWidget grabs the five standard gestures (Tap, TapAndHold, Pan, Pinch, Swipe) and accepts every
# gesture it is offered; it has WA_AcceptTouchEvents but leaves its touch events unaccepted, as a widget that only
# wants gestures does, so Qt also synthesises mouse events from the primary touch point (the
# AA_SynthesizeMouseForUnhandledTouchEvents default).
#
# Times. Qt stamps every touch and mouse event with the wl_touch time QtWayland received (QInputEvent::timestamp).
# Gestures are recognised while an input event is being delivered (QApplication::notify hands it to the gesture
# manager), so the oracle overrides notify and remembers the timestamp of the input event in delivery: a gesture
# state change reported meanwhile carries it. TapAndHold finishes on a timer: it carries the time of the touch begin
# that started the timer (the vocabulary's rule for timer gestures). wl_touch.cancel reaches Qt stamped on Qt's own
# clock: what it causes keeps the last touch event's time, the time frame assembly gives the cancel.
#
# Mapping to the shared vocabulary (recognizer: the QGesture class; x, y: the hot spot, window px):
#   QTapGesture        started -> gesture-started, updated -> gesture-updated, finished -> tap (count 1)
#   QTapAndHoldGesture started -> gesture-started, finished -> long-press
#   QPanGesture        started -> pan-begin, updated -> pan-update, finished -> pan-end (dx, dy: offset)
#   QPinchGesture      started -> pinch-begin, updated -> gesture-updated,
#                      finished -> pinch-end (scale: totalScaleFactor, angle: totalRotationAngle)
#   QSwipeGesture      started -> gesture-started, updated -> gesture-updated, finished -> swipe (angle: swipeAngle)
#   any of them        canceled -> cancel
#   mouse from touch   MouseButtonPress -> pointer-down (count 1), MouseButtonDblClick -> pointer-down (count 2),
#                      MouseMove -> pointer-motion, MouseButtonRelease -> pointer-up (x, y: position);
#                      only events whose device is the touchscreen (Qt::MouseEventSynthesizedByQt); the move Qt
#                      sends from the core pointer before a press elsewhere is not reported.
import json
import os
import signal
import sys

from PyQt6.QtCore import QEvent, QT_VERSION_STR, Qt, QTimer
from PyQt6.QtGui import QInputDevice
from PyQt6.QtWidgets import QApplication, QWidget

# The style hints synthesised double-clicks read (QPlatformTheme::defaultThemeHint with no theme plugin).
PINNED_HINTS = {"mouseDoubleClickInterval": 400, "mouseDoubleClickDistance": 5, "touchDoubleTapDistance": 10,
                "startDragDistance": 10}

T = QEvent.Type
TOUCH = {T.TouchBegin, T.TouchUpdate, T.TouchEnd, T.TouchCancel}
MOUSE = {T.MouseButtonPress: ("pointer-down", "MouseButtonPress", 1),
         T.MouseButtonDblClick: ("pointer-down", "MouseButtonDblClick", 2),
         T.MouseMove: ("pointer-motion", "MouseMove", None),
         T.MouseButtonRelease: ("pointer-up", "MouseButtonRelease", None)}
GESTURES = {Qt.GestureType.TapGesture: "QTapGesture", Qt.GestureType.TapAndHoldGesture: "QTapAndHoldGesture",
            Qt.GestureType.PanGesture: "QPanGesture", Qt.GestureType.PinchGesture: "QPinchGesture",
            Qt.GestureType.SwipeGesture: "QSwipeGesture"}
KINDS = {  # (gesture, state) -> kind; states missing here use the generic kinds below
    ("QTapGesture", Qt.GestureState.GestureFinished): "tap",
    ("QTapAndHoldGesture", Qt.GestureState.GestureFinished): "long-press",
    ("QPanGesture", Qt.GestureState.GestureStarted): "pan-begin",
    ("QPanGesture", Qt.GestureState.GestureUpdated): "pan-update",
    ("QPanGesture", Qt.GestureState.GestureFinished): "pan-end",
    ("QPinchGesture", Qt.GestureState.GestureStarted): "pinch-begin",
    ("QPinchGesture", Qt.GestureState.GestureFinished): "pinch-end",
    ("QSwipeGesture", Qt.GestureState.GestureFinished): "swipe",
}
GENERIC = {Qt.GestureState.GestureStarted: "gesture-started", Qt.GestureState.GestureUpdated: "gesture-updated",
           Qt.GestureState.GestureCanceled: "cancel"}


def emit(record):
    sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def number(value):
    return round(value, 6)


class OracleApplication(QApplication):
    """Remembers the wl_touch time of the input event in delivery, and of the latest press."""

    cause = None
    press = None

    def notify(self, receiver, event):
        kind = event.type()
        # Mouse events synthesised from touch carry their touch event's time, except the release Qt synthesises
        # on wl_touch.cancel (stamped on Qt's own clock): the cancel's gestures keep the last wl_touch time.
        if kind in (T.TouchBegin, T.TouchUpdate, T.TouchEnd):
            OracleApplication.cause = event.timestamp()
            if kind == T.TouchBegin:
                OracleApplication.press = event.timestamp()
        return super().notify(receiver, event)


class Pad(QWidget):
    def __init__(self):
        super().__init__()
        self.setWindowTitle("gesture-sandbox Qt Widgets oracle")
        self.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents)
        for gesture in GESTURES:
            self.grabGesture(gesture)

    def event(self, event):
        kind = event.type()
        if kind in (T.Gesture, T.GestureOverride):
            for gesture in event.gestures():
                event.accept(gesture)
                if kind == T.Gesture:
                    self.report(gesture)
            return True
        if kind in TOUCH:
            # Unaccepted: Qt then synthesises the mouse events a widget without touch handling gets.
            event.ignore()
            return False
        if kind in MOUSE:
            device = event.device()
            if device is not None and device.type() == QInputDevice.DeviceType.TouchScreen:
                name, recognizer, count = MOUSE[kind]
                record = {"kind": name, "time": OracleApplication.cause, "recognizer": recognizer,
                          "x": number(event.position().x()), "y": number(event.position().y())}
                if count is not None:
                    record["count"] = count
                emit(record)
            return True
        return super().event(event)

    def report(self, gesture):
        name = GESTURES.get(gesture.gestureType())
        if name is None:
            return
        state = gesture.state()
        kind = KINDS.get((name, state)) or GENERIC.get(state)
        if kind is None:
            return
        time = OracleApplication.press if name == "QTapAndHoldGesture" else OracleApplication.cause
        record = {"kind": kind, "time": time, "recognizer": name}
        if gesture.hasHotSpot():
            spot = self.mapFromGlobal(gesture.hotSpot())
            record["x"], record["y"] = number(spot.x()), number(spot.y())
        if kind == "tap":
            record["count"] = 1
        if name == "QPanGesture":
            record["dx"], record["dy"] = number(gesture.offset().x()), number(gesture.offset().y())
        elif name == "QPinchGesture" and kind == "pinch-end":
            record["scale"], record["angle"] = number(gesture.totalScaleFactor()), number(gesture.totalRotationAngle())
        elif name == "QSwipeGesture" and kind == "swipe":
            record["angle"] = number(gesture.swipeAngle())
        emit(record)


def hints_or_none(app):
    hints = app.styleHints()
    seen = {"mouseDoubleClickInterval": hints.mouseDoubleClickInterval(),
            "mouseDoubleClickDistance": hints.mouseDoubleClickDistance(),
            "touchDoubleTapDistance": hints.touchDoubleTapDistance(),
            "startDragDistance": hints.startDragDistance()}
    for key, expected in PINNED_HINTS.items():
        if seen[key] != expected:
            sys.stderr.write("qtwidgets oracle: style hint %s is %s, expected %s (clear QT_QPA_PLATFORMTHEME, "
                             "XDG_CURRENT_DESKTOP, QT_DBL_*)\n" % (key, seen[key], expected))
            return None
    return seen


def main():
    if os.environ.get("QT_PAN_TOUCHPOINTS", "2") != "2":
        sys.stderr.write("qtwidgets oracle: QT_PAN_TOUCHPOINTS must be Qt's default, 2\n")
        return 2
    app = OracleApplication(sys.argv)
    if app.platformName() != "wayland":
        sys.stderr.write("qtwidgets oracle: Qt chose the %r platform, not wayland\n" % app.platformName())
        return 2
    hints = hints_or_none(app)
    if hints is None:
        return 2
    pad = Pad()
    pad.setStyleSheet("background: #202028")
    pad.showFullScreen()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: app.quit())
    # Python runs signal handlers only between bytecodes: an idle timer lets it look while Qt waits.
    wake = QTimer()
    wake.timeout.connect(lambda: None)
    wake.start(100)

    announced = {"done": False}

    def announce():
        if announced["done"]:
            return
        handle = pad.windowHandle()
        if pad.isVisible() and handle is not None and handle.isExposed() and pad.width() > 1 and pad.height() > 1:
            announced["done"] = True
            emit({"ready": True, "toolkit": "qtwidgets", "version": QT_VERSION_STR, "width": pad.width(),
                  "height": pad.height(), "hints": hints})
        else:
            QTimer.singleShot(50, announce)

    QTimer.singleShot(200, announce)
    app.exec()
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
