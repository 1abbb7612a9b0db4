/// A request the HTTP core refuses before any responder sees it (a head or body too large, a malformed,
/// slow or unsupported request), with as much of the request as was read, so a server that answers in
/// its own shape (the mock, answering as the operation declares) can do so.
package struct HTTPRefusal: Sendable {
    /// The status the core would answer with: 400, 408, 413, 431, 501 or 505.
    package let status: Int
    /// One line saying what was wrong.
    package let problem: String
    /// The request line and, when they could be read, the headers; nil when not even the request line could.
    package let request: HTTPRequest?

    /// What answers a refusal instead of the core's own `{"error"}` answer; nil keeps the core's.
    package typealias Responder = @Sendable (HTTPRefusal, ServingContext) -> HTTPResponse?
}

extension HTTPRequestParser {
    /// The request as far as `buffer` (which starts at the request) can be read for a refusal: the whole
    /// head when it is complete and parses, whatever its body's length, else the request line alone, else
    /// (a line longer than the head's limit, a query of 64 KiB) its method and path, else nil.
    static func readableRequest(in buffer: [UInt8], maximumHeadSize: Int) -> HTTPRequest? {
        if let boundary = headBoundary(in: buffer), boundary.headEnd <= maximumHeadSize,
           let head = try? parseHead(buffer[..<boundary.headEnd], maximumBodySize: Int.max) {
            return head.request
        }
        let readable = buffer.prefix(maximumHeadSize)
        if let lineEnd = readable.firstIndex(of: 0x0A) {
            let line = buffer[..<lineEnd]
            return try? parseRequestLine(line.last == 0x0D ? line.dropLast() : line)
        }
        guard let methodEnd = readable.firstIndex(of: 0x20),
              let pathEnd = readable[(methodEnd + 1)...].firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == 0x20 })
        else { return nil }
        return try? parseRequestLine(readable[..<pathEnd] + Array(" HTTP/1.1".utf8))
    }
}
