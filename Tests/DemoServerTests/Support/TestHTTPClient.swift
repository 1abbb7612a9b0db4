#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A response as read off the socket by `TestHTTPClient`.
struct TestResponse {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: Data(body))
    }
}

enum TestClientError: Error {
    case connectFailed(Int32)
    case sendFailed(Int32)
    case receiveFailed(Int32)
    case closedEarly(received: Int)
    case malformed(String)
}

/// A deliberately tiny HTTP/1.1 client on a raw socket, so tests control exactly what goes over the wire
/// (keep-alive, pipelining, garbage, disconnecting halfway) instead of trusting a full client library.
final class TestHTTPClient {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var isClosed = false

    init(port: UInt16, timeout: Double = 5) throws {
        descriptor = socket(AF_INET, Self.streamType, 0)
        guard descriptor >= 0 else { throw TestClientError.connectFailed(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            closeSocket(descriptor)
            throw TestClientError.connectFailed(code)
        }
        let wholeSeconds = timeout.rounded(.down)
        var interval = timeval(tv_sec: Int(wholeSeconds), tv_usec: .init((timeout - wholeSeconds) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit {
        close()
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        closeSocket(descriptor)
    }

    /// Sends raw bytes exactly as given.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { sendBytes(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw TestClientError.sendFailed(errno)
            }
            offset += count
        }
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Sends a well-formed request (with Host and, when there is a body, Content-Length) and reads the answer.
    func request(
        _ method: String = "GET", _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> TestResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try send(Array(head.utf8) + body)
        return try readResponse(isHead: method == "HEAD")
    }

    /// Reads one response; a body without Content-Length is read to the end of the connection.
    func readResponse(isHead: Bool = false) throws -> TestResponse {
        while true {
            let headEnd = try readHead()
            let headText = String(decoding: buffer[..<headEnd], as: UTF8.self)
            buffer.removeFirst(headEnd + 4)
            var lines = headText.components(separatedBy: "\r\n")
            let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw TestClientError.malformed(headText) }
            let headers = lines.compactMap { line -> (name: String, value: String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            if (100..<200).contains(status) { continue }
            let response = { (body: [UInt8]) in TestResponse(status: status, headers: headers, body: body) }
            if isHead || status == 204 || status == 304 { return response([]) }
            if let lengthText = headers.first(where: { $0.name.lowercased() == "content-length" })?.value, let length = Int(lengthText) {
                while buffer.count < length {
                    guard try fill() else { throw TestClientError.closedEarly(received: buffer.count) }
                }
                let body = Array(buffer[..<length])
                buffer.removeFirst(length)
                return response(body)
            }
            while try fill() {}
            defer { buffer.removeAll() }
            return response(buffer)
        }
    }

    /// Reads until the peer closes or resets; returns the bytes and the error that ended it, if any.
    func readUntilClosed() -> (bytes: [UInt8], error: Int32?) {
        do {
            while try fill() {}
            defer { buffer.removeAll() }
            return (buffer, nil)
        } catch TestClientError.receiveFailed(let code) {
            defer { buffer.removeAll() }
            return (buffer, code)
        } catch {
            return (buffer, -1)
        }
    }

    /// Reads exactly `count` bytes of raw data (after any head), for tests that stop halfway.
    func readRaw(count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { break }
        }
        let taken = Array(buffer.prefix(count))
        buffer.removeFirst(taken.count)
        return taken
    }

    /// True when the server closes the connection (end of stream or reset) within `timeout` seconds.
    func serverCloses(within timeout: Double) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(timeout * 1000)) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK)) <= 0
    }

    /// True when the server has sent something or closed (end of stream or reset) within `timeout`
    /// seconds; nothing is consumed.
    func hasInput(within timeout: Double) -> Bool {
        if !buffer.isEmpty { return true }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(timeout * 1000)) > 0
    }

    private func readHead() throws -> Int {
        let terminator: [UInt8] = [13, 10, 13, 10]
        while true {
            if buffer.count >= 4 {
                for index in 0...(buffer.count - 4) where buffer[index..<index + 4].elementsEqual(terminator) {
                    return index
                }
            }
            guard try fill() else { throw TestClientError.closedEarly(received: buffer.count) }
        }
    }

    /// Reads more; false at end of stream. A receive error (reset, timeout) is thrown with its errno.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            throw TestClientError.receiveFailed(errno)
        }
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif
}

private func closeSocket(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func sendBytes(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return send(descriptor, pointer, count, Int32(MSG_NOSIGNAL))
    #else
    return send(descriptor, pointer, count, 0)
    #endif
}
