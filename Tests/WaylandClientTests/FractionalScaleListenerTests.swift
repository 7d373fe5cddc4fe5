import Testing
@testable import WaylandClient
import WaylandPlumbing

// MARK: - The wp_fractional_scale_v1 listener, called as libwayland calls it

@Suite struct FractionalScaleListenerTests {
    @Test func preferredScaleEventsAreKeptAndOnlyChangesReported() throws {
        let events = FractionalScaleEvents()
        var reported: [UInt32] = []
        events.onChange = { reported.append($0) }
        let data = userData(events)
        let preferred = try #require(FractionalScaleEvents.listener.pointee.preferred_scale)
        #expect(events.preferredNumerator == nil)
        preferred(data, nil, 180)
        preferred(data, nil, 180)   // the same scale again: nothing to redo
        preferred(data, nil, 150)
        withExtendedLifetime(events) {}
        #expect(reported == [180, 150])
        #expect(events.preferredNumerator == 150)
    }

    @Test func aPreferredScaleTurnsAnIntegerScaleTwoIntoBufferScaleOneWithAViewport() throws {
        let events = FractionalScaleEvents()
        let data = userData(events)
        let logical = LogicalSize(width: 800, height: 600)
        // On a scale-2 output before the compositor speaks: integer scale, no viewport destination.
        let before = SurfaceScale.choose(integer: 2, preferredNumerator: events.preferredNumerator).geometry(for: logical)
        #expect(before == SurfaceGeometry(bufferSize: .init(width: 1600, height: 1200), bufferScale: 2,
                                          viewportDestination: nil))
        let preferred = try #require(FractionalScaleEvents.listener.pointee.preferred_scale)
        preferred(data, nil, 210)
        withExtendedLifetime(events) {}
        let after = SurfaceScale.choose(integer: 2, preferredNumerator: events.preferredNumerator).geometry(for: logical)
        #expect(after == SurfaceGeometry(bufferSize: .init(width: 1400, height: 1050), bufferScale: 1,
                                         viewportDestination: logical))
    }
}
