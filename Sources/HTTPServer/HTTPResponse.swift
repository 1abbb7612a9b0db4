import JSON

/// What a route answers: status, headers and a body that is either ready bytes or produced while sending.
package struct HTTPResponse {
    /// A body of bytes in hand, or one written piece by piece (huge, trickling or deliberately broken
    /// bodies) after the head has gone out with `length` as its Content-Length.
    package enum Body {
        case bytes([UInt8])
        case stream(length: Int, produce: (ResponseBodyWriter) throws -> Void)
        /// The whole answer, status line and headers included, sent exactly as given (fault routes use it
        /// for answers that are not well-formed HTTP); the connection closes after it.
        case raw([UInt8])
    }

    package var status: Int
    package var headers: [(name: String, value: String)] = []
    package var body: Body = .bytes([])
    /// Ends the connection after this response even when the client asked to keep it.
    package var closesConnection = false

    package init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([]), closesConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closesConnection = closesConnection
    }

    /// A JSON document with status `status`.
    package static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: .bytes([UInt8](value.encodedData())))
    }

    /// The server's own error shape: `{"error":"…","status":N}`.
    package static func error(_ message: String, status: Int) -> HTTPResponse {
        json(.object(JSONObject([("error", .string(message)), ("status", .number(JSONNumber(status)))])), status: status)
    }

    package var contentLength: Int {
        switch body {
        case .bytes(let bytes): return bytes.count
        case .stream(let length, _): return length
        case .raw(let bytes): return bytes.count
        }
    }

    /// An answer of exactly these bytes, however malformed, after which the connection closes.
    package static func rawAnswer(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, body: .raw(bytes), closesConnection: true)
    }

    /// The body when it is already in hand (empty for a streamed body).
    package var bodyBytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }

    /// The status line and headers, with Content-Length and Connection added, ready to send.
    package func head(keepAlive: Bool, minorVersion: Int) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(HTTPStatus.reasonPhrase(for: status))\r\n"
        // A header that would break the head or contradict its framing is not written (the mock warns of
        // the description's at start; this is the line no route can cross).
        for header in headers where HTTPFieldSyntax.problem(name: header.name, value: header.value) == nil {
            text += "\(header.name): \(header.value)\r\n"
        }
        if HTTPStatus.allowsBody(status) {
            text += "Content-Length: \(contentLength)\r\n"
        }
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if minorVersion == 0 {
            text += "Connection: keep-alive\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }
}
