import Playback
import Scenes
import Testing
import TouchKit
import TouchStream

// MARK: - Pictures that cannot be drawn

@Suite struct UndrawableSurfaceTests {
    @Test func aSurfaceTooLargeToDrawIsAnErrorNotACrash() throws {
        for size in [Size(width: 9.2e18, height: 720), Size(width: -9.2e18, height: 720), Size(width: 20_000, height: 10),
                     Size(width: .infinity, height: 10)] {
            let session = ReplaySession(header: nil, sceneType: TouchDemoScene.self, profile: .uikit, size: size)
            session.finish()
            let message = try #require(errorMessage { _ = try session.pngBytes() })
            #expect(message.hasPrefix("cannot draw a "))
            #expect(message.hasSuffix("each side must be 1 to 16384 pixels"))
        }
    }

    private func errorMessage(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
