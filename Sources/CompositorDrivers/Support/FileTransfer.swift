import Foundation

/// Moving files a compositor wrote into their final place.
enum FileTransfer {
    /// Moves `source` to `destination`, replacing an older file there (across file systems too).
    static func move(_ source: String, to destination: String) throws {
        let manager = FileManager.default
        do {
            if manager.fileExists(atPath: destination) { try manager.removeItem(atPath: destination) }
            try manager.moveItem(atPath: source, toPath: destination)
        } catch {
            throw DriverError("cannot move \(source) to \(destination): \(error.localizedDescription)")
        }
    }
}
