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
        default: return .noRoute(for: request)
        }
    }

    /// `GET /faults`: what is on offer.
    private var catalogue: HTTPResponse {
        let routes = [
            "/faults/status/CODE[?body=none]", "/faults/delay/MS", "/faults/trickle?bytes=N&interval=MS[&chunk=N]",
            "/faults/truncated", "/faults/html", "/faults/reset", "/faults/huge/MB", "/faults/redirect-loop",
            "/faults/invalid-utf8", "/faults/deprecated",
        ]
        return .json(.object([("faults", .array(routes.map(JSON.string)))]))
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
        let length = mebibytes * 1_048_576
        let prefix = Array(#"{"bytes":\#(length),"padding":""#.utf8)
        let suffix = Array(#""}"#.utf8)
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: .stream(length: length) { writer in
            try writer.write(prefix)
            var remaining = length - prefix.count - suffix.count
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
            while remaining > 0 {
                let count = min(remaining, block.count)
                try writer.write(block[0..<count])
                remaining -= count
            }
            try writer.write(suffix)
        })
    }

    private func redirectLoop(_ request: HTTPRequest) -> HTTPResponse {
        let location = request.target.hasPrefix("/") ? request.target : request.path
        var response = HTTPResponse.json(.object([("redirect", .string(location))]), status: 302)
        response.headers.append(("Location", location))
        return response
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
