import CompositorDrivers
import Foundation
import SandboxHarness
import Testing
import WaylandPlumbing

/// The D-Bus layer against a private dbus-daemon: calls, properties, typed values, signals, fds.
@Suite final class DBusConnectionTests {
    private let directory: String
    private let bus: PrivateBus

    init() throws {
        directory = try RuntimeDirectory.make(prefix: "dbus-test")
        bus = try PrivateBus(directory: directory, name: "bus", environment: ProcessInfo.processInfo.environment)
    }

    deinit {
        bus.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func connect() throws -> DBusConnection { try DBusConnection(address: bus.address) }

    private func callBus(_ connection: DBusConnection, _ method: String,
                         _ arguments: [DBusValue] = []) throws -> [DBusValue] {
        try connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                            interface: "org.freedesktop.DBus", method: method, arguments: arguments)
    }

    @Test func listNamesShowsTheBusAndBothConnections() throws {
        let first = try connect()
        let second = try connect()
        let reply = try callBus(first, "ListNames")
        let names = try #require(reply.first?.arrayValue).compactMap(\.stringValue)
        #expect(names.contains("org.freedesktop.DBus"))
        #expect(names.contains(first.uniqueName))
        #expect(names.contains(second.uniqueName))
        #expect(first.uniqueName != second.uniqueName && first.uniqueName.hasPrefix(":"))
    }

    @Test func getIdIsThirtyTwoHexDigitsAndStable() throws {
        let connection = try connect()
        let id = try #require(try callBus(connection, "GetId").first?.stringValue)
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
        #expect(try callBus(try connect(), "GetId").first?.stringValue == id)
    }

    @Test func typedArgumentsReachTheBus() throws {
        let connection = try connect()
        let owner = try callBus(connection, "GetNameOwner", [.string("org.freedesktop.DBus")])
        #expect(owner == [.string("org.freedesktop.DBus")])
        let reply = try callBus(connection, "RequestName", [.string("org.example.Probe"), .uint32(4)])
        #expect(reply == [.uint32(1)])  // DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
        #expect(try callBus(connection, "NameHasOwner", [.string("org.example.Probe")]) == [.bool(true)])
    }

    @Test func anErrorReplyCarriesItsName() throws {
        let connection = try connect()
        let error = try #require(throws: DBusFailure.self) {
            try callBus(connection, "GetNameOwner", [.string("org.example.Nobody")])
        }
        #expect(error.name == "org.freedesktop.DBus.Error.NameHasNoOwner")
        #expect(!error.description.contains("\n"))
    }

    @Test func propertiesAreReadWithoutTheirVariant() throws {
        let connection = try connect()
        let interfaces = try connection.property(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                 interface: "org.freedesktop.DBus", name: "Interfaces")
        #expect(interfaces.signature == "as")
        #expect(interfaces.arrayValue?.compactMap(\.stringValue).contains("org.freedesktop.DBus.Monitoring") == true)
    }

    @Test func aSignalCarriesEveryTypeAndAFileDescriptor() throws {
        let sender = try connect()
        let receiver = try connect()
        #expect(sender.canPassFileDescriptors)
        try receiver.subscribe(interface: "org.example.Probe", member: "Sent")
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let dictionary: [String: DBusValue] = [
            "session-id": .string("abc"), "scale": .double(1.5), "cursor": .uint32(2), "flag": .bool(false),
        ]
        try sender.emitSignal(path: "/org/example/Probe", interface: "org.example.Probe", member: "Sent", arguments: [
            .unixFD(ends[1]), .dictionary(dictionary), .objectPath("/org/example/Stream/0"), .double(-12.25),
            .int32(-7), .array(elementSignature: "s", []), .structure([.uint32(3), .string("x")]),
        ])
        close(ends[1])  // libdbus sent a duplicate; only the receiver's copy keeps the pipe open now
        let signal = try receiver.waitForSignal(interface: "org.example.Probe", member: "Sent", timeout: 5)
        #expect(signal.path == "/org/example/Probe" && signal.sender == sender.uniqueName)
        #expect(Array(signal.arguments.dropFirst()) == [
            .dictionary(dictionary), .objectPath("/org/example/Stream/0"), .double(-12.25), .int32(-7),
            .array(elementSignature: "s", []), .structure([.uint32(3), .string("x")]),
        ])
        guard case .unixFD(let received) = signal.arguments.first else {
            Issue.record("first argument is \(String(describing: signal.arguments.first)), not a file descriptor")
            return
        }
        let text = Array("through the bus".utf8)
        #expect(write(received, text, text.count) == text.count)
        close(received)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(ends[0], &buffer, buffer.count)
        #expect(count == text.count && Array(buffer.prefix(max(count, 0))) == text)
        #expect(read(ends[0], &buffer, buffer.count) == 0)  // every write end is closed
    }

    @Test func waitingForASignalThatNeverComesTimesOut() throws {
        let connection = try connect()
        try connection.subscribe(interface: "org.example.Probe", member: "Never")
        let start = MonotonicClock.now()
        #expect(throws: DBusFailure.self) {
            try connection.waitForSignal(interface: "org.example.Probe", member: "Never", timeout: 0.2)
        }
        #expect(MonotonicClock.now() - start >= 0.2)
    }

    @Test func aStoppedBusClosesItsConnections() throws {
        let connection = try connect()
        bus.stop()
        bus.stop()
        #expect(!bus.isRunning)
        #expect(throws: DBusFailure.self) { try callBus(connection, "GetId") }
        #expect(throws: DBusFailure.self) { try DBusConnection(address: bus.address) }
        connection.close()
        connection.close()
    }
}
