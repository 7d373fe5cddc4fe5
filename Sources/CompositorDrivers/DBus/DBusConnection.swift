import CDBus
import Foundation
import SandboxHarness

/// A signal received on a connection.
public struct DBusSignal: Equatable, Sendable {
    /// The sender's unique bus name.
    public var sender: String
    /// The object path it was emitted on.
    public var path: String
    /// Its interface.
    public var interface: String
    /// Its name.
    public var member: String
    /// Its arguments.
    public var arguments: [DBusValue]
}

/// A private, blocking connection to one D-Bus bus (a session bus we started, never the machine's).
///
/// Calls block until the reply or their timeout; signals matched by `subscribe` queue until
/// `waitForSignal` takes them, so a signal sent right after a call is never missed.
/// Use from one thread at a time. `close()` (or deinit) closes the connection.
public final class DBusConnection {
    /// The address this connection was opened with.
    public let address: String
    /// This connection's unique name on the bus (e.g. ":1.4").
    public let uniqueName: String

    private let connection: OpaquePointer
    private var queuedSignals: [DBusSignal] = []
    private var isClosed = false
    /// Signals kept while nobody waits for them; older ones are dropped beyond this.
    private static let maximumQueuedSignals = 256
    /// How long one read of the socket blocks while waiting for a signal (milliseconds).
    private static let readSliceMilliseconds = 50.0

    // MARK: - Connecting

    /// Connects to `address` (e.g. `unix:path=/run/…/bus`) and registers on the bus.
    public init(address: String) throws {
        DBusConnection.initialiseThreads
        self.address = address
        var error = DBusError()
        dbus_error_init(&error)
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw DBusConnection.failure(&error, "cannot connect to the D-Bus bus at \(address)")
        }
        // libdbus would call exit() when the bus goes away; a stopped compositor is not our end.
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0 else {
            let failure = DBusConnection.failure(&error, "cannot register on the D-Bus bus at \(address)")
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw failure
        }
        self.connection = connection
        uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
    }

    /// libdbus must be told once per process that several threads may hold connections.
    private static let initialiseThreads: Void = { _ = dbus_threads_init_default() }()

    /// True when the bus lets this connection pass file descriptors (a Unix socket can).
    public var canPassFileDescriptors: Bool {
        dbus_connection_can_send_type(connection, DBusTypeCode.code("h")) != 0
    }

    /// Closes the connection; idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    deinit { close() }

    // MARK: - Calling methods

    /// Calls `interface.method` on `path` of `destination` and returns the reply's values;
    /// a D-Bus error reply throws a `DBusFailure` carrying its name.
    @discardableResult
    public func call(destination: String, path: String, interface: String, method: String,
                     arguments: [DBusValue] = [], timeout: Double = 5) throws -> [DBusValue] {
        try ensureOpen()
        guard let message = dbus_message_new_method_call(destination, path, interface, method) else {
            throw DBusFailure("cannot build the call \(interface).\(method) on \(path)")
        }
        defer { dbus_message_unref(message) }
        try DBusConnection.append(arguments, to: message)
        var error = DBusError()
        dbus_error_init(&error)
        guard let reply = dbus_connection_send_with_reply_and_block(connection, message,
                                                                     Int32(timeout * 1000), &error) else {
            throw DBusConnection.failure(&error, "\(interface).\(method) on \(destination)\(path) failed")
        }
        defer { dbus_message_unref(reply) }
        return DBusConnection.arguments(of: reply)
    }

    /// The value of a property (org.freedesktop.DBus.Properties.Get), its variant removed.
    public func property(destination: String, path: String, interface: String, name: String,
                         timeout: Double = 5) throws -> DBusValue {
        let reply = try call(destination: destination, path: path, interface: "org.freedesktop.DBus.Properties",
                             method: "Get", arguments: [.string(interface), .string(name)], timeout: timeout)
        guard let value = reply.first else {
            throw DBusFailure("\(destination)\(path) returned no value for the property \(interface).\(name)")
        }
        return value.unwrapped
    }

    // MARK: - Signals

    /// Asks the bus to route matching signals here (AddMatch); call before the action that emits them.
    public func subscribe(interface: String, member: String? = nil, path: String? = nil) throws {
        var rule = "type='signal',interface='\(interface)'"
        if let member { rule += ",member='\(member)'" }
        if let path { rule += ",path='\(path)'" }
        try call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                 interface: "org.freedesktop.DBus", method: "AddMatch", arguments: [.string(rule)])
    }

    /// Waits up to `timeout` seconds for a signal (already queued or still to come) and takes it.
    public func waitForSignal(interface: String, member: String, path: String? = nil,
                              timeout: Double) throws -> DBusSignal {
        let matches = { (signal: DBusSignal) in
            signal.interface == interface && signal.member == member && (path == nil || signal.path == path)
        }
        let deadline = MonotonicClock.now() + timeout
        while true {
            try ensureOpen()
            queueIncomingSignals()
            if let index = queuedSignals.firstIndex(where: matches) { return queuedSignals.remove(at: index) }
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else {
                throw DBusFailure("no \(interface).\(member) signal\(path.map { " on \($0)" } ?? "") within \(timeout) s")
            }
            let slice = Int32(min(remaining * 1000, DBusConnection.readSliceMilliseconds).rounded(.up))
            guard dbus_connection_read_write(connection, slice) != 0 else {
                throw DBusFailure("the D-Bus bus at \(address) closed the connection")
            }
        }
    }

    /// Emits a signal from this connection to every subscriber.
    public func emitSignal(path: String, interface: String, member: String, arguments: [DBusValue] = []) throws {
        try ensureOpen()
        guard let message = dbus_message_new_signal(path, interface, member) else {
            throw DBusFailure("cannot build the signal \(interface).\(member) on \(path)")
        }
        defer { dbus_message_unref(message) }
        try DBusConnection.append(arguments, to: message)
        guard dbus_connection_send(connection, message, nil) != 0 else {
            throw DBusFailure("cannot send the signal \(interface).\(member) (out of memory)")
        }
        dbus_connection_flush(connection)
    }

    private func queueIncomingSignals() {
        while let message = dbus_connection_pop_message(connection) {
            defer { dbus_message_unref(message) }
            guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_SIGNAL else { continue }
            let text = { (value: UnsafePointer<CChar>?) in value.map { String(cString: $0) } ?? "" }
            queuedSignals.append(DBusSignal(sender: text(dbus_message_get_sender(message)),
                                            path: text(dbus_message_get_path(message)),
                                            interface: text(dbus_message_get_interface(message)),
                                            member: text(dbus_message_get_member(message)),
                                            arguments: DBusConnection.arguments(of: message)))
        }
        if queuedSignals.count > DBusConnection.maximumQueuedSignals {
            queuedSignals.removeFirst(queuedSignals.count - DBusConnection.maximumQueuedSignals)
        }
    }

    // MARK: - Messages

    private func ensureOpen() throws {
        if isClosed { throw DBusFailure("the D-Bus connection to \(address) is closed") }
    }

    private static func append(_ arguments: [DBusValue], to message: OpaquePointer) throws {
        let iter = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { iter.deallocate() }
        dbus_message_iter_init_append(message, iter)
        for argument in arguments { try argument.append(to: iter) }
    }

    private static func arguments(of message: OpaquePointer) -> [DBusValue] {
        let iter = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { iter.deallocate() }
        guard dbus_message_iter_init(message, iter) != 0 else { return [] }
        return DBusValue.readAll(iter)
    }

    private static func failure(_ error: inout DBusError, _ context: String) -> DBusFailure {
        defer { dbus_error_free(&error) }
        guard dbus_error_is_set(&error) != 0 else { return DBusFailure(context) }
        let name = error.name.map { String(cString: $0) }
        let message = error.message.map { String(cString: $0) } ?? ""
        return DBusFailure("\(context): \(message)", name: name)
    }
}
