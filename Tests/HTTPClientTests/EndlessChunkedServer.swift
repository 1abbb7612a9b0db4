import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// A one-shot loopback server that answers one request with a chunked body that never ends.
///
/// No Content-Length announces the size, so only the transport's cap on bytes received while
/// streaming can stop it (the HTTPServer core always announces its lengths).
struct EndlessChunkedServer {
    let port: UInt16

    /// Bound to port 0; serves one connection on a background thread, which gives up after 5 s
    /// without a client and stops writing once the client goes away or 256 MiB have been sent.
    init?() {
        let listener = socket(AF_INET, Platform.streamSocket, 0)
        guard listener >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && getsockname(listener, socketAddress, &length) == 0
            }
        } && listen(listener, 1) == 0
        var acceptTimeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(listener, SOL_SOCKET, SO_RCVTIMEO, &acceptTimeout, socklen_t(MemoryLayout<timeval>.size))
        guard listening else {
            close(listener)
            return nil
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { Self.serveOnce(listener) }
    }

    private static func serveOnce(_ listener: Int32) {
        defer { close(listener) }
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        defer { close(client) }
        var request = [UInt8](repeating: 0, count: 65_536)
        guard recv(client, &request, request.count, 0) > 0 else { return }
        guard send(all: Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n".utf8), to: client) else { return }
        let payload = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
        let chunk = Array("10000\r\n".utf8) + payload + Array("\r\n".utf8)
        for _ in 0..<4_096 where !send(all: chunk, to: client) {
            return
        }
    }

    private static func send(all bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(descriptor, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}
