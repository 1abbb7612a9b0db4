import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree
import Synchronization

/// A loopback server that keeps every byte it receives and answers each connection with one fixed
/// response, then closes it: a second origin that a test can ask "did anything reach you?".
package final class RecordingServer: Sendable {
    package let port: UInt16
    private let state: State

    /// What the serving thread shares with the server, so that the thread does not keep the server alive.
    private final class State: Sendable {
        let listener: Int32
        let received = Mutex<[UInt8]>([])
        let connections = Mutex(0)
        let stopped = Atomic(false)

        init(listener: Int32) {
            self.listener = listener
        }
    }

    /// Bound to 127.0.0.1 on an ephemeral port; every connection is answered `200 OK` with `body`, and
    /// `headers` (whole lines, `Link: <…>; rel="next"`) after the content type.
    package init(body: String = "{}", contentType: String = "application/json", headers: [String] = []) throws {
        // The accept loop wakes every 100 ms to see whether the server was stopped.
        guard let (listener, port) = LoopbackSocket.bound(listening: 8, acceptTimeout: 0.1) else {
            throw RecordingServerError.socket(errno)
        }
        self.port = port
        let state = State(listener: listener)
        self.state = state
        let head = ["HTTP/1.1 200 OK", "Content-Type: \(contentType)"] + headers
            + ["Content-Length: \(body.utf8.count)", "Connection: close"]
        let answer = Array((head.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
        Thread.detachNewThread { Self.serve(answer, state) }
    }

    deinit {
        stop()
    }

    package var baseURL: String { "http://127.0.0.1:\(port)" }

    package func url(_ path: String) -> String { baseURL + path }

    /// Everything received so far, every connection's bytes one after the other.
    package var receivedBytes: [UInt8] { state.received.withLock { $0 } }

    /// The request target of every request received, in order (`/items/%2E%2E?q=1`), as the bytes came.
    package var requestTargets: [String] {
        let text = String(decoding: receivedBytes, as: UTF8.self)
        return text.split(separator: "\r\n").compactMap { line in
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 3, words[2].hasPrefix("HTTP/1."), ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"].contains(String(words[0]))
            else { return nil }
            return String(words[1])
        }
    }

    /// How many connections were accepted so far.
    package var connectionCount: Int { state.connections.withLock { $0 } }

    package func stop() {
        guard !state.stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        shutdown(state.listener, Int32(SHUT_RDWR))
    }

    private static func serve(_ answer: [UInt8], _ state: State) {
        defer { close(state.listener) }
        while !state.stopped.load(ordering: .sequentiallyConsistent) {
            let client = accept(state.listener, nil, nil)
            guard client >= 0 else { continue }
            state.connections.withLock { $0 += 1 }
            var readTimeout = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &readTimeout, socklen_t(MemoryLayout<timeval>.size))
            var buffer = [UInt8](repeating: 0, count: 65_536)
            // Reads until the head and the body it announces are in, or the client pauses.
            var request: [UInt8] = []
            while !Self.isComplete(request) {
                let count = recv(client, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                request += buffer[..<count]
            }
            state.received.withLock { $0 += request }
            _ = answer.withUnsafeBytes { bytes in
                #if canImport(Glibc)
                Glibc.send(client, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(client, bytes.baseAddress, bytes.count, 0)
                #endif
            }
            close(client)
        }
    }

    /// Whether `request` holds a whole head and as many body bytes as its Content-Length says.
    private static func isComplete(_ request: [UInt8]) -> Bool {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard request.count >= 4,
              let end = (0...(request.count - 4)).first(where: { Array(request[$0..<$0 + 4]) == separator })
        else { return false }
        let head = String(decoding: request[..<end], as: UTF8.self).lowercased()
        let length = head.split(separator: "\r\n")
            .first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return request.count >= end + 4 + length
    }
}

package enum RecordingServerError: Error {
    case socket(Int32)
}
