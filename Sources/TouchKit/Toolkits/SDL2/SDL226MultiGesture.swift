#if canImport(Glibc)
import Glibc  // atan2 bit for bit as SDL_atan2 calls it on Linux
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SDL 2.26's SDL_MULTIGESTURE arithmetic

/// src/events/SDL_gesture.c:SDL_GestureProcessEvent for one touch device, in float as SDL computes it: a running
/// centroid of the fingers down, and for every finger motion while two or more are down, the rotation (dTheta)
/// and change of distance (dDist) of the moving finger about the centroid, before and after the move.
struct SDL226MultiGesture {
    /// One SDL_MULTIGESTURE: the centroid after the move (normalized), dTheta (radians), dDist, numFingers.
    struct Step {
        var x: Float, y: Float
        var dTheta: Float, dDist: Float
        var fingers: Int
    }

    private var centroid: (x: Float, y: Float) = (0, 0)
    /// numDownFingers (Uint16).
    private var down: UInt16 = 0

    /// SDL_FINGERDOWN: the centroid takes the new finger in.
    mutating func fingerDown(x: Float, y: Float) -> Step? {
        down &+= 1
        let n = Float(down)
        centroid.x = (centroid.x * (n - 1) + x) / n
        centroid.y = (centroid.y * (n - 1) + y) / n
        return nil
    }

    /// SDL_FINGERUP: the centroid lets the finger (at its last position) go, unless none is left.
    mutating func fingerUp(x: Float, y: Float) -> Step? {
        down &-= 1
        if down > 0 {
            let n = Float(down)
            centroid.x = (centroid.x * (n + 1) - x) / n
            centroid.y = (centroid.y * (n + 1) - y) / n
        }
        return nil
    }

    /// SDL_FINGERMOTION: the centroid moves by the finger's move over the fingers down; with two or more, a step.
    mutating func fingerMotion(x: Float, y: Float, dx: Float, dy: Float) -> Step? {
        let lastP = (x: x - dx, y: y - dy)
        let lastCentroid = centroid
        let n = Float(down)
        centroid.x += dx / n
        centroid.y += dy / n
        guard down > 1 else { return nil }
        var lv = (x: lastP.x - lastCentroid.x, y: lastP.y - lastCentroid.y)
        // (float)SDL_sqrt(…): the sum in float, the root in double.
        let lDist = Float((Double(lv.x * lv.x + lv.y * lv.y)).squareRoot())
        var v = (x: x - centroid.x, y: y - centroid.y)
        let dist = Float((Double(v.x * v.x + v.y * v.y)).squareRoot())
        lv.x /= lDist
        lv.y /= lDist
        v.x /= dist
        v.y /= dist
        var dTheta = Float(atan2(Double(lv.x * v.y - lv.y * v.x), Double(lv.x * v.x + lv.y * v.y)))
        var dDist = dist - lDist
        // "To avoid impossible values".
        if lDist == 0 {
            dDist = 0
            dTheta = 0
        }
        return Step(x: centroid.x, y: centroid.y, dTheta: dTheta, dDist: dDist, fingers: Int(down))
    }
}
