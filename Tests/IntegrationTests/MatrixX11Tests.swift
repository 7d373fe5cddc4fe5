import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - The x11-… battery scripts on the compositors that start an Xwayland

/// One small matrix run of `x11-tap` and `x11-drag` (our X11 window under each compositor's own
/// Xwayland, compared with our Wayland client's wl_touch stream of the same touches), read back
/// cell by cell: what the X11 window received, and what the comparison found.
@Suite(.serialized)
struct MatrixX11Tests {
    /// The compositors run: those that start an Xwayland (GNOME Shell is mutter's, and slow to
    /// start), and Mir kiosk and Enlightenment, whose drivers start none.
    static let kinds: [CompositorKind] = [.weston, .kwin, .mutter, .sway, .phoc, .cage, .mir, .mirKiosk, .enlightenment]
    static let withoutXwayland: Set<CompositorKind> = [.mirKiosk, .enlightenment]
    /// Mir gives every touch in our Wayland window to libdecor's border: no wl_touch position to compare.
    static let decorationOnly: Set<CompositorKind> = [.mir]

    final class Run: @unchecked Sendable {
        let directory: TemporaryDirectory
        let status: ChildProcess.Termination?
        let output: String
        let report: String
        let xSocketsBefore: XSocketDirectoryState, xSocketsAfter: XSocketDirectoryState

        init() throws {
            directory = try TemporaryDirectory(ownerOnly: true)
            xSocketsBefore = XSocketDirectoryState()
            let process = try ChildProcess(
                executable: try sandboxExecutable(),
                arguments: ["matrix", "--battery", "--only", "x11-tap,x11-drag",
                            "--compositors", MatrixX11Tests.kinds.map(\.rawValue).joined(separator: ","),
                            "--parallel", "1", "-o", directory.file("m")],
                environment: ProcessInfo.processInfo.environment, logPath: directory.file("matrix.log"))
            status = process.wait(timeout: 600)
            if status == nil { process.terminate() }
            output = process.output()
            report = (try? String(contentsOfFile: directory.file("m/report.md"), encoding: .utf8)) ?? ""
            xSocketsAfter = XSocketDirectoryState()
        }

        /// The summary table's cell for `script` on `kind`.
        func cell(_ script: String, _ kind: CompositorKind) -> String {
            guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix("| \(script) |") }),
                  let index = MatrixX11Tests.kinds.firstIndex(of: kind) else { return "" }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return index + 1 < cells.count ? cells[index + 1] : ""
        }

        /// The X11 window's records of the script in a cell's folder.
        func x11Events(_ script: String, _ kind: CompositorKind) throws -> [SurfaceEvent] {
            try TraceReader.read(directory.file("m/\(kind.rawValue)/\(script)/x11-trace.jsonl")).records
                .compactMap(\.event.surfaceEvent)
        }

        func comparison(_ script: String, _ kind: CompositorKind) -> String {
            (try? String(contentsOfFile: directory.file("m/\(kind.rawValue)/\(script)/x11-comparison.txt"), encoding: .utf8)) ?? ""
        }
    }

    static let run = Result { try Run() }

    private func shared() throws -> Run {
        let run = try Self.run.get()
        #expect(run.status != nil && run.status != .exited(2), "the matrix failed a cell or a compositor: \(run.output)")
        #expect(!run.report.isEmpty, "no report.md: \(run.output)")
        return run
    }

    private static let touchKinds: [SurfaceEventKind] = [.x11TouchBegin, .x11TouchUpdate, .x11TouchEnd]

    @Test("x11-tap: the X11 window gets XI TouchBegin and TouchEnd of one touch at the wl_touch position (200, 150)")
    func tap() throws {
        let run = try shared()
        for kind in Self.kinds where !Self.withoutXwayland.contains(kind) {
            let touches = try run.x11Events("x11-tap", kind).filter { Self.touchKinds.contains($0.kind) }
            #expect(touches.map(\.kind) == [.x11TouchBegin, .x11TouchEnd], "\(kind)")
            #expect(Set(touches.map(\.detail)).count == 1, "\(kind): one touch id")
            #expect(touches.first?.flags == 0x2_0000, "\(kind): the touch emulates the pointer (XITouchEmulatingPointer)")
            let begin = try #require(touches.first, "\(kind)")
            #expect(abs(Double(begin.ex ?? 0) / 65536 - 200) < 0.01 && abs(Double(begin.ey ?? 0) / 65536 - 150) < 0.01,
                    "\(kind): \(begin)")
            #expect(run.comparison("x11-tap", kind) == (Self.decorationOnly.contains(kind)
                ? "the wl_touch client got touches only on its own decorations: no positions to compare\n"
                : "the same 1 touches, positions within 1/256 px + 1/65536 of the position\n"), "\(kind)")
            // None of the X11 observations (cage's M1 is its wl_touch stream's: no frames at all).
            let cell = run.cell("x11-tap", kind)
            #expect(!["M15", "M16", "M17", "M18", "M19"].contains { cell.contains($0) } && !cell.hasPrefix("not"),
                    "\(kind): \(cell)")
        }
    }

    @Test("x11-drag: one TouchUpdate per injected motion, each at the wl_touch motion's position")
    func drag() throws {
        let run = try shared()
        for kind in Self.kinds where !Self.withoutXwayland.contains(kind) {
            let touches = try run.x11Events("x11-drag", kind).filter { Self.touchKinds.contains($0.kind) }
            #expect(touches.map(\.kind) == [.x11TouchBegin] + Array(repeating: .x11TouchUpdate, count: 8) + [.x11TouchEnd],
                    "\(kind)")
            // The script moves by (15, 10) per step from (200, 150).
            for (step, update) in touches.dropFirst().dropLast().enumerated() {
                let x = Double(update.ex ?? 0) / 65536, y = Double(update.ey ?? 0) / 65536
                #expect(abs(x - Double(215 + 15 * step)) < 0.01 && abs(y - Double(160 + 10 * step)) < 0.01, "\(kind) step \(step)")
            }
            #expect(run.comparison("x11-drag", kind).hasPrefix(Self.decorationOnly.contains(kind) ? "the wl_touch client got touches only"
                : "the same 1 touches"), "\(kind)")
        }
    }

    @Test("Mir kiosk and Enlightenment start no Xwayland here: not injectable, with the capability named")
    func notInjectable() throws {
        let run = try shared()
        for kind in Self.withoutXwayland {
            #expect(run.cell("x11-tap", kind) == "not injectable here (Xwayland)", "\(kind)")
        }
    }

    @Test("/tmp/.X11-unix is left as it was found")
    func xSocketDirectory() throws {
        let run = try shared()
        #expect(run.xSocketsAfter.folder == run.xSocketsBefore.folder || run.xSocketsAfter.isRootsAndSticky,
                "before: \(run.xSocketsBefore), after: \(run.xSocketsAfter)")
        #expect(run.xSocketsAfter.staleLocks.isEmpty, "\(run.xSocketsAfter.staleLocks)")
    }
}
