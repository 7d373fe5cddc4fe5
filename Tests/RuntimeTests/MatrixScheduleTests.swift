import CompositorDrivers
@testable import Matrix
import Testing

// MARK: - Which compositor column starts first when several run at once

@Suite struct MatrixScheduleTests {
    @Test("the slowest columns start first: the GNOME shells, then Enlightenment and KWin, weston last")
    func slowestFirst() {
        let kinds = CompositorKind.harnessCases
        let order = MatrixSchedule.startOrder(kinds).map { kinds[$0] }
        #expect(order == [.gnomeShell, .mutter, .enlightenment, .kwin, .sway, .phoc, .cage, .mir, .mirKiosk, .weston])
    }

    @Test("indices are of the list given, in any order of compositors")
    func indicesOfTheGivenList() {
        #expect(MatrixSchedule.startOrder([.weston, .sway, .mutter]) == [2, 1, 0])
        #expect(MatrixSchedule.startOrder([.weston]) == [0])
    }
}
