#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// A failed socket call, with the call's name and the C library's reason.
struct SocketError: Error, CustomStringConvertible {
    let operation: String
    let code: Int32

    var description: String { "\(operation) failed: \(String(cString: strerror(code)))" }
}

/// Every raw C socket call of the module lives here, so the rest of the server reads as plain Swift and
/// the calls that differ between Linux and Darwin come from `Platform` in FoundationFree.
enum Socket {
    /// What a wait for input saw.
    enum Readiness {
        case readable
        case timedOut
        case failed
    }

    /// What the listener's wait saw.
    enum ListenerEvent {
        case connectionPending
        case woken
    }

    /// Resolves `host`, binds the first address that accepts the bind and listens; returns the descriptor
    /// and the port actually bound (the ephemeral one when `port` is 0).
    static func listen(host: String, port: UInt16, backlog: Int32 = 128) throws -> (descriptor: Int32, port: UInt16) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Platform.streamSocket
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw SocketError(operation: "resolving '\(host)'", code: status == EAI_SYSTEM ? errno : EINVAL)
        }
        defer { freeaddrinfo(first) }

        var lastError = SocketError(operation: "bind", code: EADDRNOTAVAIL)
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype | Platform.closeOnExecSocketFlag, info.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = SocketError(operation: "socket", code: errno)
                continue
            }
            markCloseOnExec(descriptor)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                lastError = SocketError(operation: "bind \(host):\(port)", code: errno)
                closeDescriptor(descriptor)
                continue
            }
            guard systemListen(descriptor, backlog) == 0 else {
                lastError = SocketError(operation: "listen", code: errno)
                closeDescriptor(descriptor)
                continue
            }
            return (descriptor, boundPort(of: descriptor))
        }
        throw lastError
    }

    /// Accepts one pending connection; nil when there was none after all (EAGAIN, ECONNABORTED, EMFILE…).
    static func accept(from listener: Int32) -> Int32? {
        while true {
            let descriptor = systemAccept(listener, nil, nil)
            if descriptor >= 0 {
                markCloseOnExec(descriptor)
                configureConnection(descriptor)
                return descriptor
            }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Blocks until the listener has a connection or the wake pipe has a byte.
    static func waitForConnection(listener: Int32, wakeReader: Int32) -> ListenerEvent {
        var descriptors = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&descriptors, nfds_t(descriptors.count), -1)
            if result < 0 {
                if errno == EINTR { continue }
                return .woken
            }
            if descriptors[1].revents != 0 { return .woken }
            if descriptors[0].revents & Int16(POLLIN) != 0 { return .connectionPending }
            if descriptors[0].revents != 0 { return .woken }
        }
    }

    /// Waits up to `timeout` seconds for input (or end of input) on `descriptor`.
    static func waitReadable(_ descriptor: Int32, timeout: Double) -> Readiness {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = monotonicSeconds() + timeout
        while true {
            let remaining = deadline - monotonicSeconds()
            // Written so that no timeout (NaN, infinite, past) can make the conversion to Int32 trap.
            let milliseconds = remaining > 0 ? Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)) : 0
            let result = poll(&entry, 1, milliseconds)
            if result > 0 { return .readable }
            if result == 0 { return .timedOut }
            if errno != EINTR { return .failed }
        }
    }

    /// Seconds on a clock that never jumps, for deadlines.
    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Reads what is available into `buffer` (appending); returns the byte count, 0 at end of input,
    /// -1 on error.
    static func receive(_ descriptor: Int32, appendingTo buffer: inout [UInt8], maximum: Int = 65_536) -> Int {
        var chunk = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return count
            }
            if count == 0 { return 0 }
            if errno == EINTR { continue }
            return -1
        }
    }

    /// Sends every byte, resuming after partial writes and EINTR; throws when the peer is gone or the
    /// send timeout set on the connection expires.
    static func sendAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>) throws {
        let sent: Int? = bytes.withContiguousStorageIfAvailable { buffer in
            sendAll(descriptor, UnsafeRawBufferPointer(buffer))
        }
        if let sent {
            if sent != 0 { throw SocketError(operation: "send", code: Int32(sent)) }
            return
        }
        let copy = Array(bytes)
        let result = copy.withUnsafeBytes { sendAll(descriptor, $0) }
        if result != 0 { throw SocketError(operation: "send", code: Int32(result)) }
    }

    /// Sends what fits without blocking and ignores failures; for courtesy answers before a close.
    static func sendWithoutBlocking(_ descriptor: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Platform.noSignalSendFlag | Int32(MSG_DONTWAIT)) }
    }

    /// Ends both directions, waking any thread blocked on the descriptor; the owner still closes it.
    static func shutdownBoth(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Closes after the response has gone out: the write side is shut first and unread input drained for
    /// a moment, because closing with unread input makes the kernel send a reset that can destroy the
    /// response before the client has read it (the 400 for a malformed request, say). Input already
    /// waiting is always drained; beyond that the wait ends after 0.1 s of quiet or `lingering` seconds
    /// in all, so a client that keeps sending cannot keep the closing thread.
    static func closeGracefully(_ descriptor: Int32, lingering seconds: Double = 1) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
        let deadline = monotonicSeconds() + seconds
        var scratch: [UInt8] = []
        var drained = 0
        while drained < 262_144 {
            let wait = max(0, min(0.1, deadline - monotonicSeconds()))
            guard case .readable = waitReadable(descriptor, timeout: wait) else { break }
            scratch.removeAll(keepingCapacity: true)
            let count = receive(descriptor, appendingTo: &scratch)
            if count <= 0 { break }
            drained += count
        }
        closeDescriptor(descriptor)
    }

    /// Closes so that the peer sees a reset (RST) rather than an orderly end of stream.
    static func resetAndClose(_ descriptor: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        closeDescriptor(descriptor)
    }

    static func closeDescriptor(_ descriptor: Int32) {
        // EINTR from close still releases the descriptor on Linux and Darwin; retrying could close a reused one.
        _ = close(descriptor)
    }

    /// A pipe whose write end wakes the accept loop.
    static func makeWakePipe() throws -> (reader: Int32, writer: Int32) {
        var descriptors: [Int32] = [-1, -1]
        let result = pipe(&descriptors)
        guard result == 0 else { throw SocketError(operation: "pipe", code: errno) }
        markCloseOnExec(descriptors[0])
        markCloseOnExec(descriptors[1])
        return (descriptors[0], descriptors[1])
    }

    static func wake(_ writer: Int32) {
        var byte: UInt8 = 1
        _ = write(writer, &byte, 1)
    }

    // MARK: - Private

    private static func sendAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        guard var pointer = buffer.baseAddress else { return 0 }
        var remaining = buffer.count
        while remaining > 0 {
            let count = send(descriptor, pointer, remaining, Platform.noSignalSendFlag)
            if count > 0 {
                pointer += count
                remaining -= count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return Int(count < 0 ? errno : EPIPE)
            }
        }
        return 0
    }

    private static func configureConnection(_ descriptor: Int32) {
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        Platform.suppressBrokenPipeSignal(on: descriptor)
        // A client that stops reading must not hold a server thread forever.
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Keeps descriptors out of child processes (tests and the shell spawn some while a server runs).
    private static func markCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func boundPort(of descriptor: Int32) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return 0 }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
        default:
            return 0
        }
    }

}
