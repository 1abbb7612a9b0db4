import JSON
import HTTPTypes
import FoundationFree
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// Who sees the body as it arrives (`Transport.send(_:cancellation:streamingTo:)`); told of the final response only, not of
    /// an interim 1xx nor of a redirect about to be followed.
    let stream: (any ResponseStreaming)?
    /// What the transfer has delivered so far, in one value: each of libcurl's calls changes it in one
    /// access (a class's stored properties are each checked for exclusive access at every change, a dozen
    /// times a response when they were the class's own).
    private var state = State()

    package var body: Data { state.body }
    /// The current response's header fields, kept as their bytes until the block is whole (`ReceivedFields`).
    package var headers: HTTPHeaders { state.received.headers }
    /// The status code of the latest status line, nil before one arrived or when it had none.
    package var status: Int? { state.status }
    /// Set when a chunk was refused because it would take the body past `limit`.
    package var exceededLimit: Bool { state.exceededLimit }
    /// Set when the current response announced two different lengths.
    package var conflictingContentLength: Bool { state.conflictingContentLength }
    /// Set when a 101 response's header block ended; the header callback then stops the transfer.
    package var upgraded: Bool { state.upgraded }
    package var httpVersion: String { state.httpVersion }
    /// Whether the observer shows the final response as it arrives (it said so when told of its head).
    package var streamShown: Bool { state.streamShown }

    /// Pre-allocating what Content-Length announces saves copies, but a server may lie, so the
    /// reservation is bounded.
    private static let maxReservation = 8 * 1024 * 1024

    package init(limit: Int, cancellation: CancellationToken? = nil, stream: (any ResponseStreaming)? = nil) {
        self.limit = limit
        self.cancellation = cancellation
        self.stream = stream
    }

    /// The length the current response announced, when all its Content-Length values agree.
    package var contentLength: Int? { state.contentLength }

    /// Appends a chunk of body, or refuses it (returning false) when it would exceed the limit.
    package func appendBody(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard state.appendBody(chunk, limit: limit) else { return false }
        if let stream { feed(stream, chunk) }
        return true
    }

    /// Hands a chunk of the final response's body to the stream, telling it of the head first.
    private func feed(_ stream: any ResponseStreaming, _ chunk: UnsafeRawBufferPointer) {
        guard let status = state.status, !(100..<200).contains(status), !(300..<400).contains(status) else { return }
        if !state.streamBegan {
            state.streamBegan = true
            state.streamShown = stream.begin(status: status, version: state.httpVersion, headers: headers)
        }
        stream.receive(Data(chunk))
    }

    /// Takes one raw header line (status line, field, continuation or the blank end line). Returns false
    /// when the transfer should stop: after the header block of a 101.
    ///
    /// Every status line starts a new response: libcurl reports the headers of `100 Continue` and of
    /// proxy CONNECTs too, and only the last response's headers are wanted.
    package func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) -> Bool {
        state.receiveHeaderLine(raw, limit: limit)
    }

    var isCancelled: Bool {
        cancellation?.isCancelled ?? false
    }

    /// A transfer's progress: the current response's head and body, and what was noticed about them.
    private struct State {
        var body = Data()
        var received = ReceivedFields.Builder()
        var status: Int?
        var exceededLimit = false
        var conflictingContentLength = false
        var upgraded = false
        var announcedLength: Int?
        var httpVersion = "1.1"
        var streamBegan = false
        var streamShown = false

        var contentLength: Int? {
            conflictingContentLength ? nil : announcedLength
        }

        mutating func appendBody(_ chunk: UnsafeRawBufferPointer, limit: Int) -> Bool {
            guard chunk.count <= limit - body.count else {
                exceededLimit = true
                return false
            }
            if let base = chunk.baseAddress {
                body.append(base.assumingMemoryBound(to: UInt8.self), count: chunk.count)
            }
            return true
        }

        mutating func receiveHeaderLine(_ raw: UnsafeRawBufferPointer, limit: Int) -> Bool {
            // Bytes, not String: this runs for every header line of every response, and Foundation's
            // trimming went through UTF-16 (a quarter of all CPU in a 10,000-request replay).
            let bytes = raw.bindMemory(to: UInt8.self)
            var end = bytes.count
            while end > 0, bytes[end - 1] == ResponseAccumulator.carriageReturn || bytes[end - 1] == ResponseAccumulator.lineFeed {
                end -= 1
            }
            let line = UnsafeBufferPointer(rebasing: bytes[0..<end])
            if ResponseAccumulator.isStatusLine(line) {
                received = ReceivedFields.Builder()
                received.reserveCapacity(fields: ResponseAccumulator.usualFieldCount, bytes: ResponseAccumulator.usualFieldBytes)
                body = Data()
                status = ResponseAccumulator.statusCode(in: line)
                // `HTTP/1.1 200 OK` → `1.1`, for a stream's status line.
                let version = line.prefix { $0 != ResponseAccumulator.space }.dropFirst(5)
                httpVersion = version.isEmpty ? "1.1" : String(decoding: version, as: UTF8.self)
                announcedLength = nil
                conflictingContentLength = false
            } else if line.isEmpty {
                if status == 101 {
                    upgraded = true
                    return false
                }
                reserveAnnouncedLength(limit: limit)
            } else if ResponseAccumulator.isBlank(line[0]) {
                received.appendToLastValue(ResponseAccumulator.trimmed(line, 0..<line.count))
            } else if let colon = ResponseAccumulator.firstColon(in: line) {
                let name = ResponseAccumulator.trimmedRange(line, 0..<colon)
                let value = ResponseAccumulator.trimmedRange(line, (colon + 1)..<line.count)
                received.append(line: line, name: name, value: value)
                let nameBytes = UnsafeBufferPointer(rebasing: line[name])
                if ResponseAccumulator.isContentLength(nameBytes) { noteContentLength(line[value]) }
            }
            return true
        }

        /// `Content-Length: 5, 5` is one length (RFC 9110 §8.6); `5` then `10` is a conflict. The elements are
        /// read from the line's bytes in place: a string of each, or an array of them, for every response's one
        /// length cost more than reading it (the replay row of scripts/bench: 1.5k instructions a response, 0.5k since).
        private mutating func noteContentLength(_ value: Slice<UnsafeBufferPointer<UInt8>>) {
            var rest = value
            while true {
                let end = rest.firstIndex(of: ResponseAccumulator.comma) ?? rest.endIndex
                if let length = ResponseAccumulator.decimal(ResponseAccumulator.trimmed(rest.base, rest.startIndex..<end)[...]) {
                    if let announced = announcedLength, announced != length {
                        conflictingContentLength = true
                    } else {
                        announcedLength = length
                    }
                }
                guard end < rest.endIndex else { return }
                rest = rest[rest.index(after: end)...]
            }
        }

        mutating func reserveAnnouncedLength(limit: Int) {
            guard let announced = contentLength, announced > 0 else { return }
            body.reserveCapacity(min(announced, limit, ResponseAccumulator.maxReservation))
        }
    }

    /// The integer the bytes spell as `Int(String)` reads it: an optional `+` or `-`, then ASCII digits
    /// only; nil when empty, anything else, or out of range.
    static func decimal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var digits = bytes
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, carried) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowed, !carried else { return nil }
            value = next
        }
        return value
    }

    /// Room for a response's header fields made at its status line: nginx sends 8, most servers fewer than 16,
    /// in a few hundred bytes.
    private static let usualFieldCount = 16
    private static let usualFieldBytes = 512
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let colon = UInt8(ascii: ":")
    private static let comma = UInt8(ascii: ",")
    private static let space = UInt8(ascii: " ")
    private static let contentLength = Array("content-length".utf8)

    /// Optional whitespace around field values is spaces and tabs (RFC 9110 §5.6.3).
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == space || byte == UInt8(ascii: "\t")
    }

    /// The bytes of `range` without the blanks around them.
    private static func trimmed(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: line[trimmedRange(line, range)])
    }

    /// `range` without the blanks at either end.
    private static func trimmedRange(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound, end = range.upperBound
        while start < end, isBlank(line[start]) { start += 1 }
        while end > start, isBlank(line[end - 1]) { end -= 1 }
        return start..<end
    }

    private static func firstColon(in line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = line.baseAddress, let found = memchr(base, Int32(colon), line.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `HTTP/` at the start.
    private static func isStatusLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.count >= 5 && line[0] == UInt8(ascii: "H") && line[1] == UInt8(ascii: "T") && line[2] == UInt8(ascii: "T")
            && line[3] == UInt8(ascii: "P") && line[4] == UInt8(ascii: "/")
    }

    /// ASCII case-insensitive, as header names are tokens.
    private static func isContentLength(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count == 14 else { return false }
        return zip(name, contentLength).allSatisfy { byte, expected in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == expected : byte == expected
        }
    }

    /// `HTTP/1.1 200 OK` → 200; nil unless three digits follow the version.
    private static func statusCode(in line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let space = line.firstIndex(of: space) else { return nil }
        let digits = line[(space + 1)...].prefix(3)
        guard digits.count == 3, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
