// The Qt 6 Quick scrolling oracle's scene, loaded by oracle.py: one Flickable filling the window
// over content CONTENT px tall, starting at contentY START (no stroke of the corpus, nor its fling,
// reaches either end from there). oracle.py reads contentY and the flick signals.
import QtQuick
import QtQuick.Window

Window {
    id: root
    visible: true
    visibility: Window.FullScreen
    color: "#202028"
    title: "gesture-sandbox Qt scroll oracle"

    readonly property real content: 200000
    readonly property real start: 100000

    Flickable {
        id: flick
        objectName: "flick"
        anchors.fill: parent
        contentWidth: width
        contentHeight: root.content
        // Every property that changes touch scrolling, pinned at Qt 6.4's defaults
        // (qquickflickable.cpp, qquickflickablebehavior_p.h) so the model's values are the ones used.
        flickableDirection: Flickable.VerticalFlick
        boundsBehavior: Flickable.DragAndOvershootBounds
        boundsMovement: Flickable.FollowBoundsBehavior
        flickDeceleration: 1500          // QML_FLICK_DEFAULTDECELERATION
        maximumFlickVelocity: 2500       // QML_FLICK_DEFAULTMAXVELOCITY
        pressDelay: 0
        pixelAligned: false
        synchronousDrag: false
        interactive: true
        contentY: root.start

        // Bands every 100 px, so each scrolled frame repaints something.
        Repeater {
            model: 12
            Rectangle {
                readonly property int band: Math.floor(flick.contentY / 100) + index - 1
                y: band * 100
                width: flick.width
                height: 100
                color: band % 2 === 0 ? "#30304a" : "#4a3030"
            }
        }
    }
}
