#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A client that reads HTTP/1.1 answers the strict way, so what curl forgives still fails a test: one
/// status line `HTTP/1.1 NNN reason` with a final status, header lines `token: value` without control
/// characters, exactly one Content-Length (or chunked, never both), and a body of exactly that length.
struct StrictHTTPReader {
    struct Answer {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        func values(_ name: String) -> [String] { headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value) }
        func header(_ name: String) -> String? { values(name).first }
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` (raw bytes) to 127.0.0.1:`port` and reads until the server closes, within a
    /// generous deadline.
    static func exchange(port: UInt16, _ request: String) throws -> [UInt8] {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Malformed(description: "no socket") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Malformed(description: "cannot connect to port \(port)") }
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            throw Malformed(description: "short send")
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += chunk[..<count]
        }
        return received
    }

    /// Every answer in `bytes`, in order; throws at the first thing that is not well-formed HTTP/1.1,
    /// or when bytes are left over after the last answer.
    static func answers(in bytes: [UInt8], isHead: Bool = false) throws -> [Answer] {
        var answers: [Answer] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            answers.append(try answer(&rest, isHead: isHead))
        }
        return answers
    }

    private static func answer(_ rest: inout ArraySlice<UInt8>, isHead: Bool) throws -> Answer {
        guard let end = find([13, 10, 13, 10], in: rest) else { throw Malformed(description: "no end of head in \(text(rest))") }
        let head = rest[rest.startIndex..<end]
        rest = rest[(end + 4)...]
        var lines = split(head)
        let statusLine = String(decoding: lines.removeFirst(), as: UTF8.self)
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "HTTP/1.1", parts[1].count == 3, let status = Int(parts[1]), (200...599).contains(status),
              parts[2].unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F || $0 == "\t" })
        else { throw Malformed(description: "bad status line \(statusLine.debugDescription)") }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw Malformed(description: "header line without ':' \(text(line))") }
            let name = line[line.startIndex..<colon], value = line[(colon + 1)...]
            let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
            guard !name.isEmpty, name.allSatisfy(tchar.contains) else { throw Malformed(description: "header name not a token \(text(name))") }
            guard value.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }) else { throw Malformed(description: "control byte in \(text(line))") }
            headers.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self).trimmingCharacters(in: .whitespaces)))
        }
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }
        let codings = headers.filter { $0.name.lowercased() == "transfer-encoding" }
        guard headers.filter({ $0.name.lowercased() == "connection" }).count <= 1 else { throw Malformed(description: "two Connection headers") }
        guard codings.isEmpty else { throw Malformed(description: "the mock sends Content-Length, not \(codings)") }
        let allowsBody = status != 204 && status != 304
        guard lengths.count == (allowsBody ? 1 : 0) else { throw Malformed(description: "\(lengths.count) Content-Length headers on \(status)") }
        let length = try lengths.first.map { header -> Int in
            guard let value = Int(header.value), value >= 0, header.value.allSatisfy(\.isNumber) else {
                throw Malformed(description: "bad Content-Length \(header.value)")
            }
            return value
        } ?? 0
        let bodyLength = isHead ? 0 : length
        guard rest.count >= bodyLength else { throw Malformed(description: "body of \(rest.count) bytes, Content-Length \(length)") }
        let body = Array(rest.prefix(bodyLength))
        rest = rest.dropFirst(bodyLength)
        return Answer(status: status, headers: headers, body: body)
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Lines split at CRLF only: a bare CR or LF inside a line is a control byte the line check refuses.
    private static func split(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var rest = head
        while let end = find([13, 10], in: rest) {
            lines.append(rest[rest.startIndex..<end])
            rest = rest[(end + 2)...]
        }
        lines.append(rest)
        return lines
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix(200), as: UTF8.self).debugDescription
    }
}
