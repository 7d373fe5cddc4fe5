import Testing
import TouchKit
@testable import WaylandClient

// MARK: - Scale arithmetic: the choice, buffer sizes, damage in buffer pixels

/// wp_fractional_scale_v1 numerators (over 120) for the common fractional scales.
private enum Numerator {
    static let oneAndAQuarter: UInt32 = 150
    static let oneAndAHalf: UInt32 = 180
    static let oneAndThreeQuarters: UInt32 = 210
}

@Suite struct SurfaceScaleTests {
    private let logical = LogicalSize(width: 1281, height: 721)

    // MARK: - Choice

    @Test func theIntegerScaleRulesUntilAPreferredScaleArrives() {
        #expect(SurfaceScale.choose(integer: 2, preferredNumerator: nil) == .integer(2))
        #expect(SurfaceScale.choose(integer: 0, preferredNumerator: nil) == .integer(1))
        // 0/120 is no scale at all: keep the integer one rather than draw into a 0×0 buffer.
        #expect(SurfaceScale.choose(integer: 3, preferredNumerator: 0) == .integer(3))
        #expect(SurfaceScale.choose(integer: 2, preferredNumerator: Numerator.oneAndAHalf)
                == .fractional(numerator: Numerator.oneAndAHalf))
        // A preferred scale of exactly 2 still goes the fractional way: buffer scale 1 plus viewport.
        #expect(SurfaceScale.choose(integer: 1, preferredNumerator: 240) == .fractional(numerator: 240))
    }

    @Test func aFractionalScaleDrawsAtNumeratorOver120WithBufferScaleOne() {
        let cases: [(UInt32, Double)] = [(Numerator.oneAndAQuarter, 1.25), (Numerator.oneAndAHalf, 1.5),
                                         (Numerator.oneAndThreeQuarters, 1.75), (120, 1)]
        for (numerator, expected) in cases {
            let scale = SurfaceScale.fractional(numerator: numerator)
            #expect(scale.renderScale == expected)
            #expect(scale.bufferScale == 1)
            #expect(scale.isFractional)
        }
        #expect(SurfaceScale.integer(2).renderScale == 2 && SurfaceScale.integer(2).bufferScale == 2)
        #expect(!SurfaceScale.integer(2).isFractional)
    }

    // MARK: - Buffer size and viewport

    @Test func bufferSizesRoundHalfAwayFromZero() {
        // 1281 × 1.25 = 1601.25, 721 × 1.25 = 901.25
        #expect(SurfaceScale.fractional(numerator: Numerator.oneAndAQuarter).bufferSize(for: logical)
                == PixelSize(width: 1601, height: 901))
        // 1281 × 1.5 = 1921.5, 721 × 1.5 = 1081.5: exact halves go up
        #expect(SurfaceScale.fractional(numerator: Numerator.oneAndAHalf).bufferSize(for: logical)
                == PixelSize(width: 1922, height: 1082))
        // 1281 × 1.75 = 2241.75, 721 × 1.75 = 1261.75
        #expect(SurfaceScale.fractional(numerator: Numerator.oneAndThreeQuarters).bufferSize(for: logical)
                == PixelSize(width: 2242, height: 1262))
        // The protocol's own example: 100×50 at 1.5 is a 150×75 buffer.
        #expect(SurfaceScale.fractional(numerator: Numerator.oneAndAHalf).bufferSize(for: .init(width: 100, height: 50))
                == PixelSize(width: 150, height: 75))
        // 121/120 of 1280 is 1290.67: rounds to 1291, not truncated to 1290.
        #expect(SurfaceScale.fractional(numerator: 121).bufferSize(for: .init(width: 1280, height: 720)).width == 1291)
        #expect(SurfaceScale.integer(2).bufferSize(for: logical) == PixelSize(width: 2562, height: 1442))
    }

    @Test func onlyAFractionalScaleSetsAViewportDestinationAndItIsTheLogicalSize() {
        let fractional = SurfaceScale.fractional(numerator: Numerator.oneAndThreeQuarters).geometry(for: logical)
        #expect(fractional == SurfaceGeometry(bufferSize: PixelSize(width: 2242, height: 1262), bufferScale: 1,
                                              viewportDestination: logical))
        let integer = SurfaceScale.integer(2).geometry(for: logical)
        #expect(integer == SurfaceGeometry(bufferSize: PixelSize(width: 2562, height: 1442), bufferScale: 2,
                                           viewportDestination: nil))
    }

    // MARK: - Damage

    @Test func damageSnapsOutwardToWholeBufferPixels() {
        let rect = Rect(x: 10, y: 10, width: 20, height: 20)
        // 1.25: 12.5…37.5 → 12…38
        #expect(SurfaceScale.fractional(numerator: Numerator.oneAndAQuarter).damage(covering: rect)
                == PixelRect(x: 12, y: 12, width: 26, height: 26))
        // 1.5: 15…45 exactly
        #expect(SurfaceScale.fractional(numerator: Numerator.oneAndAHalf).damage(covering: rect)
                == PixelRect(x: 15, y: 15, width: 30, height: 30))
        // 1.75: 17.5…52.5 → 17…53
        #expect(SurfaceScale.fractional(numerator: Numerator.oneAndThreeQuarters).damage(covering: rect)
                == PixelRect(x: 17, y: 17, width: 36, height: 36))
        // Fractional logical coordinates: 0.4…1.4 at 1.75 is 0.7…2.45 → 0…3
        #expect(SurfaceScale.fractional(numerator: Numerator.oneAndThreeQuarters)
                .damage(covering: Rect(x: 0.4, y: 0.4, width: 1, height: 1)) == PixelRect(x: 0, y: 0, width: 3, height: 3))
        #expect(SurfaceScale.integer(2).damage(covering: rect) == PixelRect(x: 20, y: 20, width: 40, height: 40))
    }

    @Test func damageCoversEveryScaledRectangleAtEachFractionalScale() {
        let numerators = [Numerator.oneAndAQuarter, Numerator.oneAndAHalf, Numerator.oneAndThreeQuarters]
        for numerator in numerators {
            let scale = SurfaceScale.fractional(numerator: numerator)
            let s = scale.renderScale
            for x in stride(from: 0.0, through: 7, by: 0.25) {
                for width in stride(from: 0.25, through: 5, by: 0.75) {
                    let rect = Rect(x: x, y: x / 2, width: width, height: width + 1)
                    let damage = scale.damage(covering: rect)
                    // Covers the exact scaled rectangle, and overshoots by less than a pixel per side.
                    #expect(Double(damage.x) <= rect.minX * s && Double(damage.x + damage.width) >= rect.maxX * s)
                    #expect(Double(damage.y) <= rect.minY * s && Double(damage.y + damage.height) >= rect.maxY * s)
                    #expect(rect.minX * s - Double(damage.x) < 1 && Double(damage.x + damage.width) - rect.maxX * s < 1)
                }
            }
        }
    }

    @Test func damageAtTheRightEdgeIsClampedToTheRoundedBuffer() {
        let scale = SurfaceScale.fractional(numerator: Numerator.oneAndAQuarter)
        let buffer = scale.bufferSize(for: logical)  // 1601 × 901
        // The last logical column 1280…1281 covers 1600…1601.25: snapped out to 1602, one past the buffer.
        let damage = scale.damage(covering: Rect(x: 1280, y: 720, width: 1, height: 1))
        #expect(damage == PixelRect(x: 1600, y: 900, width: 2, height: 2))
        #expect(damage.clamped(to: buffer) == PixelRect(x: 1600, y: 900, width: 1, height: 1))
    }

    @Test func nonFiniteDamageIsClampedNotATrap() {
        let scale = SurfaceScale.fractional(numerator: Numerator.oneAndAHalf)
        let huge = scale.damage(covering: Rect(x: 0, y: 0, width: .infinity, height: 10))
        #expect(huge.x == 0 && huge.width == Int(Int32.max / 2))
        let nan = scale.damage(covering: Rect(x: .nan, y: 0, width: 1, height: 1))
        #expect(nan.x == 0)
    }
}
