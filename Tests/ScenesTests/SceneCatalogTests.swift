import Scenes
import Testing
import TouchKit

/// The catalog `--scene` reads: every scene is listed once, builds, and lays out the same after a resize.
@Suite struct SceneCatalogTests {
    private static let sizes = [Size(width: 1280, height: 720), Size(width: 800, height: 600)]

    @Test func namesAreUniqueLowercaseAndFindable() {
        let names = SceneCatalog.names
        #expect(Set(names).count == names.count)
        #expect(names == names.map { $0.lowercased() })
        for name in names { #expect(SceneCatalog.scene(named: name.uppercased())?.info.name == name) }
        #expect(names == ["touchdemo", "moveme", "swipe", "tapcounter", "taplog", "beginpoints", "lastfinger", "forwarding",
                          "exclusive", "hittest", "dragview", "spots", "playground", "transform", "pinchme", "ink"])
        #expect(SceneCatalog.all.allSatisfy { !$0.info.seed.isEmpty && !$0.info.summary.isEmpty })
    }

    @Test(arguments: SceneCatalog.names)
    func everyNamedViewLiesInsideTheWindow(_ name: String) throws {
        let sceneType = try #require(SceneCatalog.scene(named: name))
        for size in Self.sizes {
            let scene = sceneType.init(context: SceneContext(clock: VirtualClock(), size: size))
            let views = scene.snapshot().views
            #expect(!views.isEmpty)
            for (view, frame) in views {
                #expect(frame[0] >= 0 && frame[1] >= 0 && frame[0] + frame[2] <= size.width
                        && frame[1] + frame[3] <= size.height, "\(name): \(view) at \(frame) outside \(size)")
            }
        }
    }

    @Test(arguments: SceneCatalog.names)
    func resizingLaysOutAsBuildingAtThatSize(_ name: String) throws {
        let sceneType = try #require(SceneCatalog.scene(named: name))
        let resized = sceneType.init(context: SceneContext(clock: VirtualClock(), size: Self.sizes[0]))
        resized.resize(to: Self.sizes[1])
        let fresh = sceneType.init(context: SceneContext(clock: VirtualClock(), size: Self.sizes[1]))
        #expect(resized.snapshot() == fresh.snapshot())
        #expect(resized.window.bounds.size == Self.sizes[1])
    }
}
