import JSON
import HTTPServer

/// Routes under `/faults/` that misbehave on purpose, so clients can be tested against slow, broken and
/// surprising servers. Only mounted when the server's `faults` switch is on.
struct FaultRoutes {
    let fixtures: FixtureStore

    static let resetAnnouncedLength = 100_000
    static let resetSentLength = 1000
    static let maximumHugeMebibytes = 1024

    func respond(to request: HTTPRequest, context: RequestContext) throws -> HTTPResponse {
        let segments = Array(request.pathSegments.dropFirst())
        switch (segments.first, segments.count) {
        case (nil, _): return catalogue
        case ("status", 2): return status(segments[1], request: request)
        case ("delay", 2): return delay(segments[1], connection: context.connection)
        case ("trickle", 1): return trickle(request)
        case ("truncated", 1): return raw(200, "application/json", Array(#"{"city":"Rich"#.utf8))
        case ("html", 1): return raw(200, "text/html; charset=utf-8", Array(Self.htmlPage.utf8))
        case ("reset", 1): return reset
        case ("huge", 2): return huge(segments[1])
        case ("redirect-loop", 1): return redirectLoop(request)
        case ("invalid-utf8", 1): return invalidUTF8
        case ("deprecated", 1): return try deprecated(request)
        case ("http09", 1): return .rawAnswer(Array(#"{"city":"Richmond","state":"VA"}"#.utf8))
        case ("garbage-status", 1): return .rawAnswer(Array("HTTP/1.1 OK 200\r\nContent-Length: 2\r\n\r\n{}".utf8))
        case ("empty-reply", 1): return .rawAnswer([])
        case ("short-body", 1): return Self.shortBody
        case ("bad-chunk", 1): return Self.badChunk
        case ("conflicting-length", 1): return Self.conflictingLength
        case ("huge-header", 1): return Self.hugeHeader
        case ("bad-gzip", 1): return Self.badGzip
        case ("upgrade", 1): return Self.unsolicitedUpgrade
        case ("not-modified", 1): return HTTPResponse(status: 304, headers: [("ETag", #""demo-1""#)])
        case ("reflect", 1): return reflect(request)
        case ("redirect-to", 1): return redirectTo(request)
        default: return .noRoute(for: request)
        }
    }

    /// `GET /faults`: what is on offer.
    private var catalogue: HTTPResponse {
        let routes = [
            "/faults/status/CODE[?body=none]", "/faults/delay/MS", "/faults/trickle?bytes=N&interval=MS[&chunk=N]",
            "/faults/truncated", "/faults/html", "/faults/reset", "/faults/huge/MB", "/faults/redirect-loop",
            "/faults/invalid-utf8", "/faults/deprecated", "/faults/http09", "/faults/garbage-status",
            "/faults/empty-reply", "/faults/short-body", "/faults/bad-chunk", "/faults/conflicting-length",
            "/faults/huge-header", "/faults/bad-gzip", "/faults/upgrade", "/faults/not-modified", "/faults/reflect",
            "/faults/redirect-to?url=URL[&status=301|302|303|307|308]",
        ]
        return .json(.object([("faults", .array(routes.map(JSONValue.string)))]))
    }

    private func status(_ text: String, request: HTTPRequest) -> HTTPResponse {
        // 1xx would be taken as an interim response and leave the client waiting; they are not offered.
        guard let code = Int(text), (200...599).contains(code) else {
            return .error("fault status must be 200–599, not '\(text)'", status: 400)
        }
        if request.queryValue("body") == "none" {
            return HTTPResponse(status: code)
        }
        return .error("fault status \(code)", status: code)
    }

    private func delay(_ text: String, connection: Connection) -> HTTPResponse {
        guard let milliseconds = Int(text), (0...60_000).contains(milliseconds) else {
            return .error("fault delay must be 0–60000 ms, not '\(text)'", status: 400)
        }
        _ = connection.pause(milliseconds: milliseconds)
        return .json(.object([("delayed", .int(milliseconds))]))
    }

    private func trickle(_ request: HTTPRequest) -> HTTPResponse {
        guard let length = Int(request.queryValue("bytes") ?? "256"), (0...1_048_576).contains(length),
              let interval = Int(request.queryValue("interval") ?? "100"), (0...10_000).contains(interval),
              let chunk = Int(request.queryValue("chunk") ?? "16"), (1...65_536).contains(chunk) else {
            return .error("trickle takes bytes=0–1048576, interval=0–10000 ms, chunk=1–65536", status: 400)
        }
        let body = Self.jsonBody(ofLength: length, key: "trickle")
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: .stream(length: length) { writer in
            var start = 0
            while start < body.count {
                if start > 0 { try writer.pause(milliseconds: interval) }
                let end = min(body.count, start + chunk)
                try writer.write(body[start..<end])
                start = end
            }
        })
    }

    /// Announces 100 000 bytes, sends 1000, then resets the connection.
    private var reset: HTTPResponse {
        let body = Self.jsonBody(ofLength: Self.resetAnnouncedLength, key: "reset")
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")],
                            body: .stream(length: Self.resetAnnouncedLength) { writer in
            try writer.write(body[0..<Self.resetSentLength])
            // A moment for the sent bytes to reach the client before the reset overtakes them.
            try writer.pause(milliseconds: 50)
            writer.resetConnection()
        })
    }

    /// MB mebibytes of valid JSON, produced 64 KiB at a time rather than held in memory.
    private func huge(_ text: String) -> HTTPResponse {
        guard let mebibytes = Int(text), (1...Self.maximumHugeMebibytes).contains(mebibytes) else {
            return .error("huge takes 1–\(Self.maximumHugeMebibytes) MB, not '\(text)'", status: 400)
        }
        return ProbeAnswers.huge(mebibytes: mebibytes)
    }

    private func redirectLoop(_ request: HTTPRequest) -> HTTPResponse {
        let location = request.target.hasPrefix("/") ? request.target : request.path
        var response = HTTPResponse.json(.object([("redirect", .string(location))]), status: 302)
        response.headers.append(("Location", location))
        return response
    }

    /// `?url=…[&status=…]`: a redirect to any URL, another host or scheme included (`file:///etc/passwd`).
    private func redirectTo(_ request: HTTPRequest) -> HTTPResponse {
        guard let location = nonEmpty(request.queryValue("url")) else {
            return .error("redirect-to needs ?url=", status: 400)
        }
        let status = Int(request.queryValue("status") ?? "302") ?? 0
        guard [301, 302, 303, 307, 308].contains(status) else {
            return .error("redirect-to takes status=301, 302, 303, 307 or 308", status: 400)
        }
        var response = HTTPResponse.json(.object([("redirect", .string(location))]), status: status)
        response.headers.append(("Location", location))
        return response
    }

    /// A text answer that repeats the request's credentials and query, as careless servers do in errors.
    private func reflect(_ request: HTTPRequest) -> HTTPResponse {
        let lines = [
            "authorization: " + (request.header("Authorization") ?? ""),
            "x-api-key: " + (request.header("X-Api-Key") ?? ""),
            "cookie: " + (request.header("Cookie") ?? ""),
            "query: " + (request.target.firstIndex(of: "?").map { String(request.target[request.target.index(after: $0)...]) } ?? ""),
        ]
        return raw(200, "text/plain; charset=utf-8", Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Announces 100 bytes of JSON, sends 13 and closes cleanly (no reset).
    private static var shortBody: HTTPResponse {
        .rawAnswer(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"city\":\"Rich".utf8))
    }

    /// A chunked body whose first chunk size is not hexadecimal.
    private static var badChunk: HTTPResponse {
        .rawAnswer(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n".utf8))
    }

    /// Two Content-Length headers that disagree (RFC 9112 §6.3: an unrecoverable error).
    private static var conflictingLength: HTTPResponse {
        .rawAnswer(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 20\r\n\r\n{}".utf8))
    }

    /// One header line of 100 KiB, more than any client keeps.
    private static var hugeHeader: HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("X-Huge", String(repeating: "h", count: 100 * 1024))],
                     body: .bytes(Array("{}".utf8)))
    }

    /// `Content-Encoding: gzip` over bytes that are not gzip.
    private static var badGzip: HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                     body: .bytes(Array(#"{"not":"gzip"}"#.utf8)))
    }

    /// `101 Switching Protocols` that nobody asked for, then the connection ends.
    private static var unsolicitedUpgrade: HTTPResponse {
        .rawAnswer(Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n".utf8))
    }

    private var invalidUTF8: HTTPResponse {
        let bytes = Array(#"{"city":"Caf"#.utf8) + [0xFF, 0xFE] + Array(#"","state":"VA"}"#.utf8)
        return raw(200, "application/json", bytes)
    }

    /// A weather v2 answer carrying RFC 9745 `Deprecation` and RFC 8594 `Sunset` headers.
    private func deprecated(_ request: HTTPRequest) throws -> HTTPResponse {
        let city = nonEmpty(request.queryValue("city")) ?? "Richmond"
        guard let record = try fixtures.document(at: "weather/v2.json")?[city.lowercased()] else {
            return .error("unknown city '\(city)'", status: 404)
        }
        var response = HTTPResponse.json(record)
        response.headers.append(("Deprecation", "@1798675200"))
        response.headers.append(("Sunset", "Wed, 30 Jun 2027 23:59:59 GMT"))
        response.headers.append(("Link", "</weather/v3>; rel=\"successor-version\""))
        return response
    }

    private func raw(_ status: Int, _ contentType: String, _ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: .bytes(bytes))
    }

    /// Valid JSON of exactly `length` bytes: `{"key":"xxx…"}`, or a run of digits when too short for that.
    static func jsonBody(ofLength length: Int, key: String) -> [UInt8] {
        let prefix = Array(#"{"\#(key)":""#.utf8)
        let suffix = Array(#""}"#.utf8)
        guard length >= prefix.count + suffix.count else {
            return length == 0 ? [] : [UInt8(ascii: "1")] + [UInt8](repeating: UInt8(ascii: "0"), count: length - 1)
        }
        return prefix + [UInt8](repeating: UInt8(ascii: "x"), count: length - prefix.count - suffix.count) + suffix
    }

    private static let htmlPage = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Service Temporarily Unavailable</title></head>
        <body>
        <h1>We'll be right back</h1>
        <p>The API is down for maintenance. Please try again later.</p>
        </body>
        </html>

        """
}
