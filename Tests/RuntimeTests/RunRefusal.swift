@testable import RunCommand

/// What `run` says when it refuses `arguments` (the line ArgumentParser prints), nil when it accepts them.
func runRefusal(_ arguments: [String]) -> String? {
    do {
        _ = try Run.parse(arguments)
        return nil
    } catch {
        return Run.message(for: error)
    }
}
