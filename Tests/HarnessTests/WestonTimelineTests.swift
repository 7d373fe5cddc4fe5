import SandboxHarness
import Testing

/// Parsing what `weston-debug timeline` prints.
@Suite struct WestonTimelineTests {
    @Test func repaintsPairBeginWithPostedAndIgnoreOtherLines() {
        let text = """
            { "id":1, "type":"weston_surface", "desc":"top-level window 'simple-touch'" }
            { "T":[545, 477205984], "N":"core_commit_damage", "ws":1 }
            { "T":[545, 492067929], "N":"core_repaint_begin", "wo":2 }
            { "T":[545, 492632637], "N":"core_repaint_posted", "wo":2 }
            { "T":[545, 508680624], "N":"core_repaint_finished", "wo":2, "vblank_monotonic":[545, 508677730] }
            { "T":[546, 513968846], "N":"core_repaint_begin", "wo":2 }
            { "T":[546, 514211370], "N":"core_repaint_posted", "wo":2 }
            { "T":[547, 1], "N":"core_repaint_begin", "wo":2 }
            not json
            """
        let repaints = WestonTimeline.repaints(in: text)
        #expect(repaints.count == 2)
        #expect(abs(repaints[0].begin - 545.492067929) < 1e-9 && abs(repaints[0].posted - 545.492632637) < 1e-9)
        #expect(abs(repaints[1].posted - 546.514211370) < 1e-9)
    }
}
