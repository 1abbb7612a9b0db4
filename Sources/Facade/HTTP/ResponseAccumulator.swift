import Foundation

/// Collects the final response's status, header fields and body while libcurl delivers them, and enforces
/// the body cap as bytes arrive so an oversized body never sits in memory.
///
/// It also notices what libcurl lets through: several Content-Length headers that disagree, and an
/// unsolicited `101 Switching Protocols` (after which the connection no longer speaks HTTP, so the
/// transfer is stopped at the end of that header block).
///
/// Used only on the thread running the transfer; the C callbacks reach it through an opaque pointer.
/// `package` so that the fuzzer can drive it with arbitrary header lines.
package final class ResponseAccumulator {
    package let limit: Int
    let cancellation: CancellationToken?
    package private(set) var body = Data()
    package private(set) var headers = HTTPHeaders()
    /// The status code of the latest status line, nil before one arrived or when it had none.
    package private(set) var status: Int?
    /// Set when a chunk was refused because it would take the body past `limit`.
    package private(set) var exceededLimit = false
    /// Set when the current response announced two different lengths.
    package private(set) var conflictingContentLength = false
    /// Set when a 101 response's header block ended; the header callback then stops the transfer.
    package private(set) var upgraded = false
    private var announcedLength: Int?

    /// Pre-allocating what Content-Length announces saves copies, but a server may lie, so the
    /// reservation is bounded.
    private static let maxReservation = 8 * 1024 * 1024

    package init(limit: Int, cancellation: CancellationToken? = nil) {
        self.limit = limit
        self.cancellation = cancellation
    }

    /// The length the current response announced, when all its Content-Length values agree.
    package var contentLength: Int? {
        conflictingContentLength ? nil : announcedLength
    }

    /// Appends a chunk of body, or refuses it (returning false) when it would exceed the limit.
    package func appendBody(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard chunk.count <= limit - body.count else {
            exceededLimit = true
            return false
        }
        if let base = chunk.baseAddress {
            body.append(base.assumingMemoryBound(to: UInt8.self), count: chunk.count)
        }
        return true
    }

    /// Takes one raw header line (status line, field, continuation or the blank end line). Returns false
    /// when the transfer should stop: after the header block of a 101.
    ///
    /// Every status line starts a new response: libcurl reports the headers of `100 Continue` and of
    /// proxy CONNECTs too, and only the last response's headers are wanted.
    package func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) -> Bool {
        var line = Substring(String(decoding: raw, as: UTF8.self))
        while let last = line.last, last == "\r" || last == "\n" || last == "\r\n" {
            line.removeLast()
        }
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
            body = Data()
            status = Self.statusCode(in: line)
            announcedLength = nil
            conflictingContentLength = false
        } else if line.isEmpty {
            if status == 101 {
                upgraded = true
                return false
            }
            reserveAnnouncedLength()
        } else if line.first == " " || line.first == "\t" {
            headers.appendToLastValue(" " + line.trimmingCharacters(in: .whitespaces))
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.add(name, value)
            if name.caseInsensitiveCompare("Content-Length") == .orderedSame { noteContentLength(value) }
        }
        return true
    }

    var isCancelled: Bool {
        cancellation?.isCancelled ?? false
    }

    /// `Content-Length: 5, 5` is one length (RFC 9110 §8.6); `5` then `10` is a conflict.
    private func noteContentLength(_ value: String) {
        for element in value.split(separator: ",") {
            guard let length = Int(element.trimmingCharacters(in: .whitespaces)) else { continue }
            if let announced = announcedLength, announced != length {
                conflictingContentLength = true
            } else {
                announcedLength = length
            }
        }
    }

    /// `HTTP/1.1 200 OK` → 200; nil unless three digits follow the version.
    private static func statusCode(in line: Substring) -> Int? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        let digits = line[line.index(after: space)...].prefix(3)
        guard digits.count == 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    private func reserveAnnouncedLength() {
        guard let announced = contentLength, announced > 0 else { return }
        body.reserveCapacity(min(announced, limit, Self.maxReservation))
    }
}
