#!/usr/bin/python3
# Qt 6 Widgets scrolling oracle: a real QScrollArea scrolled by QScroller's touch gesture, reporting its vertical
# scroll value at every drawn frame as JSON lines.
#
# Run like oracles/qtwidgets/oracle.py (Debian's /usr/bin/python3 with python3-pyqt6 and qt6-wayland;
# QT_QPA_PLATFORM=wayland, an empty QT_QPA_PLATFORMTHEME, QT_SCALE_FACTOR=1), as a client of the runner's weston.
#
# stdout, one JSON object per line, flushed:
# - {"ready":true,"toolkit":"qtwidgets-scroll","version":"6.4.2","width":W,"height":H,"content":C,"page":P,
#    "pixelPerMeter":PPM} once the window is exposed at its size and the view is at START_OFFSET;
# - {"frame":T,"offset":V,"touch":MS,"paint":P} after every paint of the scrolled content: V is the vertical scroll
#   bar's value as painted; T (µs of CLOCK_MONOTONIC, the clock weston stamps wl_touch times with, in ms) is when
#   QScroller computed that value: QScroller moves the view only on its animation timer's ticks (each a QScrollEvent
#   to the viewport), and the paint that shows a tick's value follows it; P is the paint's own time; MS is the
#   wl_touch time of the last touch event Qt had delivered before that tick (0: none yet). A paint with no tick
#   since the one before (an expose) carries its own time;
# - {"kind":"touch","time":MS,"clock":T} as Qt begins delivering each QTouchEvent (one per wl_touch frame) to the
#   widget under the touch (QApplication::notify, where the gesture manager filters it first): MS its
#   wl_touch time, T what QFlickGestureRecognizer's clock reads then, as µs of CLOCK_MONOTONIC. The recognizer times
#   every event it gives QScroller by its own QElapsedTimer (whole ms since it started: at the first event it was
#   asked to recognise, which the oracle sends itself right after grabbing the gesture, noting the time around it),
#   not by the event's timestamp, so the drag's velocity follows these readings: T is that start plus the whole ms
#   elapsed since it; "raw" is the CLOCK_MONOTONIC µs of the reading, taken midway between the delivery reaching the
#   widget and the widget's event filters (the gesture manager runs the recognizer between the two);
# - {"kind":"swipe","time":MS,"recognizer":"QScroller","vx":…,"vy":…,"clock":T} at every lift (QTouchEvent
#   TouchEnd): MS its wl_touch time, T the CLOCK_MONOTONIC µs at which it reached the widget (QScroller starts its
#   fling's segments from its own monotonic clock there), vx/vy the finger velocity the fling starts from in px/s
#   (the negated QScroller::velocity() in m/s times pixelPerMeter; 0 when the lift starts no fling).
# SIGTERM, SIGINT or SIGHUP: exits 0.
#
# Settings that change scrolling, all pinned here: every QScrollerProperties metric is set explicitly to Qt 6.4's
# default (qscrollerproperties.cpp QScrollerPropertiesPrivate::defaults) and read back; QScroller's distances are
# metres converted through the screen's physical DPI, which the oracle reads back as QScroller::pixelPerMeter and
# refuses unless it is PIXEL_PER_METER (weston's headless output reports 1 mm per px: 25.4 dpi, 1000 px/m).
import json
import signal
import sys
import time

from PyQt6.QtCore import QEasingCurve, QEvent, QObject, QT_VERSION_STR, Qt, QTimer
from PyQt6.QtGui import QColor, QPainter
from PyQt6.QtWidgets import QApplication, QFrame, QScrollArea, QScroller, QScrollerProperties, QWidget

CONTENT_HEIGHT = 200000
START_OFFSET = 100000
PIXEL_PER_METER = 1000.0

M = QScrollerProperties.ScrollMetric
# Qt 6.4's defaults, set explicitly so that a QScrollerProperties::setDefaultScrollerProperties elsewhere cannot
# change them.
PINNED_METRICS = [
    (M.MousePressEventDelay, 0.25), (M.DragStartDistance, 0.005), (M.DragVelocitySmoothingFactor, 0.8),
    (M.AxisLockThreshold, 0.0), (M.DecelerationFactor, 0.125), (M.MinimumVelocity, 0.05),
    (M.MaximumVelocity, 0.5), (M.MaximumClickThroughVelocity, 0.0665), (M.AcceleratingFlickMaximumTime, 1.25),
    (M.AcceleratingFlickSpeedupFactor, 3.0), (M.SnapPositionRatio, 0.5), (M.SnapTime, 0.3),
    (M.OvershootDragResistanceFactor, 0.5), (M.OvershootDragDistanceFactor, 1.0),
    (M.OvershootScrollDistanceFactor, 0.5), (M.OvershootScrollTime, 0.7),
]
PINNED_ENUMS = [
    (M.HorizontalOvershootPolicy, QScrollerProperties.OvershootPolicy.OvershootWhenScrollable),
    (M.VerticalOvershootPolicy, QScrollerProperties.OvershootPolicy.OvershootWhenScrollable),
    (M.FrameRate, QScrollerProperties.FrameRates.Standard),
]

T = QEvent.Type
TOUCH = {T.TouchBegin, T.TouchUpdate, T.TouchEnd, T.TouchCancel}


def emit(record):
    sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def now_us():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000


class State:
    touch = 0          # wl_touch time of the last touch event delivered
    recognizer = None  # CLOCK_MONOTONIC µs when QFlickGestureRecognizer's timer started
    tick = None        # (clock µs, touch) of the last QScrollEvent not yet painted
    ready = False
    depth = 0
    viewport = None
    delivered = None   # CLOCK_MONOTONIC µs at which the recognizer read its clock for the last touch event
    filtering = None   # CLOCK_MONOTONIC µs at which the touch event in delivery reached its widget
    scroller = None
    bar = None


class OracleApplication(QApplication):
    """Notes each touch event's wl_touch time as Qt starts delivering it, and reports each lift."""

    def notify(self, receiver, event):
        kind = event.type()
        if kind not in TOUCH:
            return super().notify(receiver, event)
        outermost = State.depth == 0
        clock = now_us()
        if kind != T.TouchCancel:
            State.touch = event.timestamp()
        # The gesture manager filters the event as QApplication::notify begins delivering it to the widget under the
        # touch (the content, or the viewport; once per event: propagation to parents does not come back here), and
        # the recognizer reads its clock then.
        filtering = State.depth == 1 and isinstance(receiver, QWidget) and kind != T.TouchCancel and State.ready
        if filtering:
            State.filtering = clock
        lift = State.touch
        State.depth += 1
        try:
            return super().notify(receiver, event)
        finally:
            State.depth -= 1
            if filtering and State.filtering is not None:
                # No event filter saw it: the reading before delivery.
                note_delivery(clock, clock)
            if outermost and kind == T.TouchEnd and State.ready:
                report_lift(lift, State.delivered or clock)


def note_delivery(before, after):
    """Reports a touch event the recognizer read its clock for between `before` and `after` (µs)."""
    State.filtering = None
    clock = (before + after) // 2
    start = State.recognizer
    State.delivered = clock
    emit({"kind": "touch", "time": State.touch, "clock": start + (clock - start) // 1000 * 1000, "raw": clock})


class DeliveryWatcher(QObject):
    """Event filters run after the gesture manager: the recognizer read its clock between notify and here."""

    def eventFilter(self, watched, event):
        if event.type() in TOUCH and State.filtering is not None:
            note_delivery(State.filtering, now_us())
        return False


def report_lift(lift, clock):
    scroller = State.scroller
    velocity = scroller.velocity() if scroller.state() == QScroller.State.Scrolling else None
    ppm = scroller.pixelPerMeter()
    vx = -velocity.x() * ppm.x() if velocity is not None else 0.0
    vy = -velocity.y() * ppm.y() if velocity is not None else 0.0
    emit({"kind": "swipe", "time": lift, "recognizer": "QScroller", "vx": round(vx + 0.0, 3),
          "vy": round(vy + 0.0, 3), "clock": clock})


class TickWatcher(QObject):
    """The viewport's QScrollEvents: each is one QScroller tick moving the view."""

    def eventFilter(self, watched, event):
        if event.type() == T.Scroll:
            State.tick = (now_us(), State.touch)
        return False


class Content(QWidget):
    """The tall content: stripes, so every scrolled frame really draws; reports each paint."""

    def paintEvent(self, event):
        painter = QPainter(self)
        rect = event.rect()
        for top in range(rect.top() - rect.top() % 40, rect.bottom() + 1, 40):
            painter.fillRect(rect.left(), top, rect.width(), 40, QColor("#303040" if top // 40 % 2 else "#202028"))
        painter.end()
        if State.ready:
            paint = now_us()
            clock, touch = State.tick if State.tick is not None else (paint, State.touch)
            State.tick = None
            emit({"frame": clock, "offset": State.bar.value(), "touch": touch, "paint": paint})


def pinned_properties():
    properties = QScrollerProperties()
    for metric, value in PINNED_METRICS:
        properties.setScrollMetric(metric, value)
    properties.setScrollMetric(M.ScrollingCurve, QEasingCurve(QEasingCurve.Type.OutQuad))
    for metric, value in PINNED_ENUMS:
        properties.setScrollMetric(metric, value)
    return properties


def properties_problem(properties):
    for metric, value in PINNED_METRICS:
        seen = properties.scrollMetric(metric)
        if abs(float(seen) - value) > 1e-12:
            return "%s is %s, not %s" % (metric.name, seen, value)
    curve = properties.scrollMetric(M.ScrollingCurve)
    if curve.type() != QEasingCurve.Type.OutQuad:
        return "ScrollingCurve is %s, not OutQuad" % curve.type()
    for metric, value in PINNED_ENUMS:
        seen = properties.scrollMetric(metric)
        if int(getattr(seen, "value", seen)) != value.value:
            return "%s is %s, not %s" % (metric.name, seen, value)
    return None


def main():
    app = OracleApplication(sys.argv)
    if app.platformName() != "wayland":
        sys.stderr.write("qtwidgets-scroll oracle: Qt chose the %r platform, not wayland\n" % app.platformName())
        return 2
    area = QScrollArea()
    area.setWindowTitle("gesture-sandbox Qt Widgets scroll oracle")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidgetResizable(True)
    content = Content()
    content.setFixedHeight(CONTENT_HEIGHT)
    area.setWidget(content)
    viewport = area.viewport()
    QScroller.grabGesture(viewport, QScroller.ScrollerGestureType.TouchGesture)
    scroller = QScroller.scroller(viewport)
    # QFlickGestureRecognizer::recognize starts its static QElapsedTimer at the first event it sees: this one, sent
    # before the window exists, so no other event reaches the viewport first.
    before = now_us()
    QApplication.sendEvent(viewport, QEvent(T.User))
    State.recognizer = (before + now_us()) // 2
    scroller.setScrollerProperties(pinned_properties())
    problem = properties_problem(scroller.scrollerProperties())
    if problem:
        sys.stderr.write("qtwidgets-scroll oracle: QScroller's %s\n" % problem)
        return 2
    watcher = TickWatcher()
    viewport.installEventFilter(watcher)
    deliveries = DeliveryWatcher()
    content.installEventFilter(deliveries)
    viewport.installEventFilter(deliveries)
    State.scroller = scroller
    State.viewport = viewport
    State.bar = area.verticalScrollBar()
    area.showFullScreen()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: app.quit())
    # Python runs signal handlers only between bytecodes: an idle timer lets it look while Qt waits.
    wake = QTimer()
    wake.timeout.connect(lambda: None)
    wake.start(100)

    def announce():
        handle = area.windowHandle()
        bar = State.bar
        if not (area.isVisible() and handle is not None and handle.isExposed() and viewport.height() > 1
                and bar.maximum() + viewport.height() >= CONTENT_HEIGHT):
            QTimer.singleShot(50, announce)
            return
        ppm = scroller.pixelPerMeter()
        if ppm.x() != PIXEL_PER_METER or ppm.y() != PIXEL_PER_METER:
            sys.stderr.write("qtwidgets-scroll oracle: QScroller sees %s x %s px per metre, not %s (the screen's "
                             "physical DPI)\n" % (ppm.x(), ppm.y(), PIXEL_PER_METER))
            app.exit(2)
            return
        bar.setValue(START_OFFSET)
        State.ready = True
        emit({"ready": True, "toolkit": "qtwidgets-scroll", "version": QT_VERSION_STR, "width": viewport.width(),
              "height": viewport.height(), "content": bar.maximum() + viewport.height(),
              "page": bar.pageStep(), "pixelPerMeter": ppm.y()})

    QTimer.singleShot(200, announce)
    code = app.exec()
    sys.stdout.flush()
    return code


if __name__ == "__main__":
    sys.exit(main())
