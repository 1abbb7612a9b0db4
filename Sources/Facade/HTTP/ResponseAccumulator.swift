import Foundation

/// Collects the final response's header fields and body while libcurl delivers them, and enforces
/// the body cap as bytes arrive so an oversized body never sits in memory.
///
/// Used only on the thread running the transfer; the C callbacks reach it through an opaque pointer.
final class ResponseAccumulator {
    let limit: Int
    let cancellation: CancellationToken?
    private(set) var body = Data()
    private(set) var headers = HTTPHeaders()
    /// Set when a chunk was refused because it would take the body past `limit`.
    private(set) var exceededLimit = false

    /// Pre-allocating what Content-Length announces saves copies, but a server may lie, so the
    /// reservation is bounded.
    private static let maxReservation = 8 * 1024 * 1024

    init(limit: Int, cancellation: CancellationToken?) {
        self.limit = limit
        self.cancellation = cancellation
    }

    /// Appends a chunk of body, or refuses it (returning false) when it would exceed the limit.
    func appendBody(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard chunk.count <= limit - body.count else {
            exceededLimit = true
            return false
        }
        if let base = chunk.baseAddress {
            body.append(base.assumingMemoryBound(to: UInt8.self), count: chunk.count)
        }
        return true
    }

    /// Takes one raw header line (status line, field, continuation or the blank end line).
    ///
    /// Every status line starts a new response: libcurl reports the headers of redirects, of
    /// `100 Continue` and of proxy CONNECTs too, and only the last response's headers are wanted.
    func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) {
        var line = Substring(String(decoding: raw, as: UTF8.self))
        while let last = line.last, last == "\r" || last == "\n" || last == "\r\n" {
            line.removeLast()
        }
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
            body = Data()
        } else if line.isEmpty {
            reserveAnnouncedLength()
        } else if line.first == " " || line.first == "\t" {
            appendContinuation(line)
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.add(name, value)
        }
    }

    var isCancelled: Bool {
        cancellation?.isCancelled ?? false
    }

    /// Obsolete line folding (RFC 9112 §5.2): the line continues the previous field's value.
    private func appendContinuation(_ line: Substring) {
        var fields = Array(headers)
        guard let last = fields.popLast() else { return }
        fields.append((name: last.name, value: last.value + " " + line.trimmingCharacters(in: .whitespaces)))
        headers = HTTPHeaders(fields)
    }

    private func reserveAnnouncedLength() {
        guard let announced = headers["Content-Length"].flatMap({ Int($0) }), announced > 0 else { return }
        body.reserveCapacity(min(announced, limit, Self.maxReservation))
    }
}
