// The Qt 6 Quick oracle: one fullscreen window whose single item carries the Qt Quick pointer
// handlers a toolkit developer compares (TapHandler, DragHandler, PinchHandler), each reporting
// what it recognises as one ToolkitGesture JSON object per console line.
//
// Run: QT_QPA_PLATFORM=wayland QT_QUICK_BACKEND=software QT_QPA_PLATFORMTHEME= XDG_CURRENT_DESKTOP=
//      QML_NO_TOUCH_COMPRESSION=1 QT_MESSAGE_PATTERN='%{message}' QT_FORCE_STDERR_LOGGING=1
//      /usr/lib/qt6/bin/qml oracle.qml
// QML_NO_TOUCH_COMPRESSION: otherwise Qt Quick holds touch updates until its next frame and
// merges those that arrive meanwhile, so on a loaded machine a drag could begin one event late.
// console.log reaches standard error (Qt has no other text output for QML): every JSON line
// starts with `{`, so it separates cleanly from WAYLAND_DEBUG's `[…]` lines on the same stream.
import QtQuick
import QtQuick.Window

Window {
    id: root
    visible: true
    visibility: Window.FullScreen
    color: "#202028"
    title: "gesture-sandbox Qt oracle"

    // The style hints the handlers read (QStyleHints has no QML setters). The oracle refuses to
    // run with other values so a desktop theme or environment cannot change what is compared.
    readonly property var pinnedHints: ({
        mouseDoubleClickInterval: 400,   // QPlatformTheme::defaultThemeHint
        mouseDoubleClickDistance: 5,     // QPlatformTheme::defaultThemeHint, QT_DBL_CLICK_DIST
        touchDoubleTapDistance: 10,      // QPlatformTheme::defaultThemeHint, QT_DBL_TAP_DIST
        startDragDistance: 10,           // QPlatformTheme::defaultThemeHint
        startDragVelocity: 0,            // 0: no velocity limit (dragOverThreshold uses distance only)
        mousePressAndHoldInterval: 800   // TapHandler's longPressThreshold default
    })

    // wl_touch time (ms) of the latest event any handler signal carried (QEventPoint.timestamp,
    // which QtWayland sets from the wl_touch time of the frame's last event).
    property real lastTime: -1
    // Ends waiting for their time (see end()).
    property var pending: []

    function emit(obj) {
        console.log(JSON.stringify(obj))
    }

    function sawPoint(point) {
        // QEventPoint.timestamp is an unsigned long: QML hands it over as a string.
        const t = point ? Number(point.timestamp) : NaN
        if (!(t >= 0))
            return
        lastTime = t
        if (pending.length > 0) {
            const out = pending
            pending = []
            for (const obj of out) {
                obj.time = t
                emit(obj)
            }
        }
    }

    // A handler activates right after grabbing its points, so the grab signal just seen carries
    // the event's time.
    function begin(obj) {
        obj.time = lastTime
        emit(obj)
    }

    // A handler deactivates before the signal that tells which event did it: its own ungrab of
    // the released point, another handler's grab of a new point, or, on wl_touch.cancel, the
    // ungrab of each point (stamped with that point's last event). The next event point seen
    // gives the time; should none come before the event loop turns, the last one seen does.
    function end(obj) {
        pending.push(obj)
        Qt.callLater(flushPending)
    }

    function flushPending() {
        if (pending.length === 0)
            return
        const out = pending
        pending = []
        for (const obj of out) {
            obj.time = lastTime
            emit(obj)
        }
    }

    function hintsOrNull() {
        const h = Qt.styleHints
        const seen = {
            mouseDoubleClickInterval: h.mouseDoubleClickInterval,
            mouseDoubleClickDistance: h.mouseDoubleClickDistance,
            touchDoubleTapDistance: h.touchDoubleTapDistance,
            startDragDistance: h.startDragDistance,
            startDragVelocity: h.startDragVelocity,
            mousePressAndHoldInterval: h.mousePressAndHoldInterval
        }
        for (const key in pinnedHints) {
            if (seen[key] !== pinnedHints[key]) {
                console.log("qt oracle: style hint " + key + " is " + seen[key] + ", expected "
                            + pinnedHints[key] + " (clear QT_QPA_PLATFORMTHEME, XDG_CURRENT_DESKTOP, QT_DBL_*)")
                return null
            }
        }
        return seen
    }

    Item {
        id: pad
        anchors.fill: parent

        // Default gesturePolicy (DragThreshold): a passive grab, so it runs alongside the other
        // two; taps are counted release to release within mouseDoubleClickInterval and
        // touchDoubleTapDistance.
        TapHandler {
            id: tap
            // Touch ignores acceptedButtons, except in one place: Qt 6.4's QQuickSinglePointHandler::
            // handleEventPoint reads a touch release's "buttons" through a QSinglePointEvent cast,
            // i.e. from unrelated memory, and forgets its point only when none of acceptedButtons
            // is set there. With the default (LeftButton) that depends on the address layout (ASLR)
            // of each run, and a point kept by mistake makes TapHandler ignore the next presses
            // (QTBUG-108689). NoButton makes it always forget the point, as intended.
            acceptedButtons: Qt.NoButton
            property real pressTime: -1
            // A long press carries the time of the touch-down that started its timer.
            onGrabChanged: (transition, point) => {
                if (tap.pressed)
                    tap.pressTime = Number(point.pressTimestamp)
                root.sawPoint(point)
            }
            onTapped: (point, button) => {
                root.sawPoint(point)
                root.emit({ kind: "tap", time: Number(point.timestamp), recognizer: "TapHandler", count: tap.tapCount,
                            x: point.position.x, y: point.position.y })
            }
            // tapped already reports count 2; doubleTapped is the same release, kept as a
            // check that both agree (it is not a separate gesture in the vocabulary).
            onLongPressed: {
                root.emit({ kind: "long-press", time: tap.pressTime, recognizer: "TapHandler",
                            x: tap.point.position.x, y: tap.point.position.y })
            }
            // canceled fires twice when TapHandler loses its grab (its own setPressed and
            // QQuickPointerHandler::onGrabChanged): one cancel per event is reported.
            property real lastCancelTime: -1
            onCanceled: (point) => {
                root.sawPoint(point)
                const time = Number(point.timestamp)
                if (time === tap.lastCancelTime)
                    return
                tap.lastCancelTime = time
                root.emit({ kind: "cancel", time: time, recognizer: "TapHandler" })
            }
        }

        // target null: the item never moves, so every case meets the same geometry.
        DragHandler {
            id: drag
            target: null
            onGrabChanged: (transition, point) => root.sawPoint(point)
            onCanceled: (point) => root.sawPoint(point)
            onActiveChanged: {
                if (active)
                    root.begin({ kind: "drag-begin", time: null, recognizer: "DragHandler",
                                 x: drag.centroid.position.x, y: drag.centroid.position.y })
                else
                    root.end({ kind: "drag-end", time: null, recognizer: "DragHandler" })
            }
        }

        PinchHandler {
            id: pinch
            target: null
            onGrabChanged: (transition, point) => root.sawPoint(point)
            onCanceled: (point) => root.sawPoint(point)
            onActiveChanged: {
                if (active)
                    root.begin({ kind: "pinch-begin", time: null, recognizer: "PinchHandler",
                                 x: pinch.centroid.position.x, y: pinch.centroid.position.y })
                else
                    root.end({ kind: "pinch-end", time: null, recognizer: "PinchHandler",
                               scale: pinch.activeScale, angle: pinch.rotation })
            }
        }
    }

    // Ready once the window is exposed at its fullscreen size.
    property bool announced: false
    function announce() {
        if (announced || width < 1 || height < 1)
            return
        announced = true
        const hints = hintsOrNull()
        if (hints === null) {
            Qt.exit(2)
            return
        }
        root.emit({ ready: true, toolkit: "qt", version: "6.4.2", width: width, height: height, hints: hints })
    }
    onFrameSwapped: announce()
}
