import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree
import Loopback

/// A one-shot loopback server that answers one request with a chunked body that never ends.
///
/// No Content-Length announces the size, so only the transport's cap on bytes received while
/// streaming can stop it (the HTTPServer core always announces its lengths).
struct EndlessChunkedServer {
    let port: UInt16

    /// Bound to port 0; serves one connection on a background thread, which gives up after 5 s
    /// without a client and stops writing once the client goes away or 256 MiB have been sent.
    init?() {
        guard let (listener, port) = LoopbackSocket.bound(listening: 1, acceptTimeout: 5) else { return nil }
        self.port = port
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
