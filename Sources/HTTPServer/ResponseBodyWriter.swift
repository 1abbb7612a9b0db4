/// Hands a streaming body's pieces to the connection; lets a fault route pause between pieces or end the
/// connection with a reset instead of finishing the body.
package final class ResponseBodyWriter {
    private let connection: Connection
    private(set) var resetRequested = false
    private(set) var bytesWritten = 0

    init(connection: Connection) {
        self.connection = connection
    }

    /// Sends `bytes` now; throws when the client has gone or the server is stopping.
    package func write(_ bytes: some Collection<UInt8>) throws {
        try connection.send(bytes)
        bytesWritten += bytes.count
    }

    /// Sleeps, giving up early (by throwing) when the server stops.
    package func pause(milliseconds: Int) throws {
        guard connection.pause(milliseconds: milliseconds) else { throw ConnectionCancelled() }
    }

    /// Asks the connection to abort with a TCP reset once the producer returns.
    package func resetConnection() {
        resetRequested = true
    }
}

/// Thrown when the server stops while a connection is still busy.
package struct ConnectionCancelled: Error {
    package init() {}
}
