import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import FoundationFree

/// A loopback-first HTTP/1.1 server core: keep-alive, one thread per connection (at most
/// `maximumConnections`), each request handed to `respond`. The demo server and the mock both run on it,
/// with the same parser, limits and error answers.
///
/// `start()` returns as soon as the socket listens; `stop()` closes the listener and every connection and
/// waits briefly for their threads to finish. Both are safe to call from any thread.
package final class HTTPListener: Sendable {
    /// What answers one request, given the request and where it is served.
    package typealias Responder = @Sendable (HTTPRequest, ServingContext) -> HTTPResponse

    /// Connections beyond this are answered 503 and closed.
    package static let maximumConnections = 64
    /// Threads closing turned-away connections at once; see `turnAway(_:)`.
    static let maximumRejections = 16

    package let host: String
    package let requestedPort: UInt16

    private enum Phase {
        case idle, starting, running, stopped
    }

    private struct State {
        var phase = Phase.idle
        var port: UInt16 = 0
        var wakeWriter: Int32 = -1
        var acceptLoopRunning = false
        var connections: [Int: Connection] = [:]
        var nextConnectionID = 0
    }

    private let state = Mutex(State())
    private let threads = DispatchGroup()
    private let rejections = Atomic<Int>(0)
    private let limits: ConnectionLimits
    private let respond: Responder
    private let refuse: HTTPRefusal.Responder?

    /// `refuse` answers the requests the core refuses before `respond` sees them; without it, the core's
    /// own `{"error"}` answer.
    package init(
        host: String, port: UInt16, limits: ConnectionLimits, respond: @escaping Responder, refuse: HTTPRefusal.Responder? = nil
    ) {
        self.host = host
        self.requestedPort = port
        self.limits = limits
        self.respond = respond
        self.refuse = refuse
    }

    /// The bound port, once started (0 before).
    package var port: UInt16 {
        state.withLock { $0.port }
    }

    /// `http://HOST:PORT`, with a wildcard host replaced by loopback so the URL can be opened.
    package var baseURL: String {
        var host = self.host
        if host == "0.0.0.0" || host.isEmpty { host = "127.0.0.1" }
        if host == "::" { host = "::1" }
        if host.contains(":") { host = "[\(host)]" }
        return "http://\(host):\(port)"
    }

    /// Binds, listens and starts serving on background threads; returns at once.
    package func start() throws(HTTPListenerError) {
        try state.withLock { state throws(HTTPListenerError) in
            guard state.phase == .idle else { throw .alreadyStarted }
            state.phase = .starting
        }
        let listener: (descriptor: Int32, port: UInt16)
        let wake: (reader: Int32, writer: Int32)
        do {
            listener = try Socket.listen(host: host, port: requestedPort)
            do {
                wake = try Socket.makeWakePipe()
            } catch {
                Socket.closeDescriptor(listener.descriptor)
                throw error
            }
        } catch {
            state.withLock { $0.phase = .idle }
            throw .cannotListen(host: host, port: requestedPort, reason: String(describing: error))
        }
        state.withLock { state in
            state.phase = .running
            state.port = listener.port
            state.wakeWriter = wake.writer
            state.acceptLoopRunning = true
        }
        threads.enter()
        let started = Threads.detach { [self] in
            acceptLoop(listener: listener.descriptor, wake: wake)
            threads.leave()
        }
        guard started else {
            threads.leave()
            for descriptor in [listener.descriptor, wake.reader, wake.writer] { Socket.closeDescriptor(descriptor) }
            state.withLock { state in
                state.phase = .idle
                state.acceptLoopRunning = false
                state.wakeWriter = -1
            }
            throw .cannotListen(host: host, port: requestedPort, reason: "no thread could be started to accept on")
        }
    }

    /// Closes the listener and every connection, then waits up to two seconds for their threads.
    /// Idempotent.
    package func stop() {
        let wasRunning = state.withLock { state -> Bool in
            guard state.phase != .stopped else { return false }
            state.phase = .stopped
            if state.acceptLoopRunning { Socket.wake(state.wakeWriter) }
            for connection in state.connections.values { connection.cancel() }
            return true
        }
        if wasRunning {
            _ = threads.wait(timeout: .now() + 2)
        }
    }

    // MARK: - Serving

    private enum Admission {
        case admitted(id: Int, connection: Connection)
        case busy
        case stopping
    }

    private func acceptLoop(listener: Int32, wake: (reader: Int32, writer: Int32)) {
        TerminationSignals.blockInCurrentThread()
        defer {
            // Marked under the lock first, so `stop()` never writes to a closed (or reused) pipe.
            state.withLock { $0.acceptLoopRunning = false }
            Socket.closeDescriptor(listener)
            Socket.closeDescriptor(wake.reader)
            Socket.closeDescriptor(wake.writer)
        }
        while case .connectionPending = Socket.waitForConnection(listener: listener, wakeReader: wake.reader) {
            guard let descriptor = Socket.accept(from: listener) else {
                // Out of descriptors or an aborted handshake: back off instead of spinning on poll.
                Threads.sleep(seconds: 0.005)
                continue
            }
            switch admit(descriptor) {
            case .stopping:
                Socket.closeDescriptor(descriptor)
                return
            case .busy:
                turnAway(descriptor)
            case .admitted(let id, let connection):
                threads.enter()
                let started = Threads.detach { [self] in
                    serve(connection, id: id)
                    threads.leave()
                }
                if !started {
                    // No thread to serve it: the connection is let go, as an overloaded server would.
                    state.withLock { _ = $0.connections.removeValue(forKey: id) }
                    Socket.resetAndClose(connection.descriptor)
                    threads.leave()
                }
            }
        }
    }

    /// Answers 503 and closes. The graceful close lingers to read the client's request (closing with it
    /// unread would reset the connection and could destroy the answer), so it runs on a thread of its own:
    /// the accept loop must never wait on a client it has turned away. Beyond `maximumRejections` such
    /// threads, a flood is closed at once after reading only what has already arrived.
    private func turnAway(_ descriptor: Int32) {
        var response = HTTPResponse.error("too many connections; try again shortly", status: 503)
        response.closesConnection = true
        Socket.sendWithoutBlocking(descriptor, response.head(keepAlive: false, minorVersion: 1) + response.bodyBytes)
        guard rejections.add(1, ordering: .relaxed).newValue <= Self.maximumRejections else {
            rejections.subtract(1, ordering: .relaxed)
            Socket.closeGracefully(descriptor, lingering: 0)
            return
        }
        threads.enter()
        let started = Threads.detach { [self] in
            Socket.closeGracefully(descriptor)
            rejections.subtract(1, ordering: .relaxed)
            threads.leave()
        }
        if !started {
            Socket.closeGracefully(descriptor, lingering: 0)
            rejections.subtract(1, ordering: .relaxed)
            threads.leave()
        }
    }

    private func admit(_ descriptor: Int32) -> Admission {
        state.withLock { state in
            guard state.phase == .running else { return .stopping }
            guard state.connections.count < Self.maximumConnections else { return .busy }
            let id = state.nextConnectionID
            state.nextConnectionID += 1
            let connection = Connection(descriptor: descriptor)
            state.connections[id] = connection
            return .admitted(id: id, connection: connection)
        }
    }

    private func serve(_ connection: Connection, id: Int) {
        TerminationSignals.blockInCurrentThread()
        let context = ServingContext(connection: connection, baseURL: baseURL)
        var handler = ConnectionHandler(connection: connection, limits: limits) { [respond] request, _ in respond(request, context) }
        if let refuse { handler.refuse = { refusal in refuse(refusal, context) } }
        let ending = handler.run()
        // Unregistered before closing, so `stop()` can never shut down a descriptor number reused by
        // another connection.
        state.withLock { _ = $0.connections.removeValue(forKey: id) }
        switch ending {
        case .close:
            if connection.isCancelled {
                Socket.closeDescriptor(connection.descriptor)
            } else {
                Socket.closeGracefully(connection.descriptor)
            }
        case .reset:
            Socket.resetAndClose(connection.descriptor)
        }
    }
}

/// What a responder may need beyond the request: the connection (to notice the server stopping during a
/// deliberate delay) and the server's own URL (for links when the request has no Host header).
package struct ServingContext: Sendable {
    package let connection: Connection
    package let baseURL: String
}

/// Why an `HTTPListener` could not start.
package enum HTTPListenerError: Error, Equatable {
    /// `start()` was called on a listener that was already started (or stopped).
    case alreadyStarted
    /// The address could not be resolved, bound or listened on.
    case cannotListen(host: String, port: UInt16, reason: String)
}
