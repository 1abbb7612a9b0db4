import JSON

/// Serves requests on one connection in order until the client leaves, asks to close, stays idle past
/// the timeout, sends something malformed, or the server stops.
struct ConnectionHandler {
    /// How the connection should end once the handler returns.
    enum Ending {
        case close
        /// Abortive close (RST), requested by the reset fault.
        case reset
    }

    private enum ReadOutcome {
        case request(HTTPRequest)
        /// With the request as far as it was read, for `refuse`.
        case refused(HTTPRequestError, HTTPRequest?)
        case closed
    }

    private enum WriteOutcome {
        case sent
        case broken
        case reset
    }

    let connection: Connection
    let limits: ConnectionLimits
    let respond: (HTTPRequest, Connection) -> HTTPResponse
    /// The server's own answer to a refusal, when it has one.
    var refuse: (HTTPRefusal) -> HTTPResponse? = { _ in nil }

    func run() -> Ending {
        var buffer: [UInt8] = []
        while !connection.isCancelled {
            switch readRequest(&buffer) {
            case .closed:
                return .close
            case .refused(let error, let request):
                let refusal = HTTPRefusal(status: error.status, problem: error.message, request: request)
                var response = refuse(refusal) ?? HTTPResponse.error(error.message, status: error.status)
                response.closesConnection = true
                _ = write(response, isHead: false, keepAlive: false, minorVersion: 1)
                return .close
            case .request(let request):
                let response = respond(request, connection)
                let keepAlive = request.wantsKeepAlive && !response.closesConnection
                switch write(response, isHead: request.isHead, keepAlive: keepAlive, minorVersion: request.minorVersion) {
                case .sent where keepAlive: continue
                case .sent, .broken: return .close
                case .reset: return .reset
                }
            }
        }
        return .close
    }

    // MARK: - Reading

    /// Reads the next request. Until its first byte arrives the idle timeout runs, and blank lines do not
    /// restart it (a client sending only line ends is closed like a silent one); from the first byte on,
    /// head and body share one deadline, so a client trickling a byte at a time cannot hold its slot.
    private func readRequest(_ buffer: inout [UInt8]) -> ReadOutcome {
        var deadline = Socket.monotonicSeconds() + limits.idleTimeout
        var started = false
        while true {
            if !started {
                // Blank lines between requests are allowed (RFC 9112 §2.2), so they are skipped.
                if let start = buffer.firstIndex(where: { $0 != 0x0D && $0 != 0x0A }) {
                    buffer.removeFirst(start)
                    started = true
                    deadline = Socket.monotonicSeconds() + limits.requestTimeout
                } else {
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            if let boundary = HTTPRequestParser.headBoundary(in: buffer) {
                guard boundary.headEnd <= limits.maximumHeadSize else { return refused(headTooLarge, buffer) }
                let head: HTTPRequestHead
                do {
                    head = try HTTPRequestParser.parseHead(buffer[..<boundary.headEnd], maximumBodySize: limits.maximumBodySize)
                } catch {
                    return refused(error, buffer)
                }
                return readBody(of: head, from: &buffer, bodyStart: boundary.bodyStart, deadline: deadline)
            }
            guard buffer.count <= limits.maximumHeadSize else { return refused(headTooLarge, buffer) }
            switch fill(&buffer, until: deadline) {
            case .some(true): continue
            case .some(false): return started ? refused(timedOut, buffer) : .closed
            case .none: return .closed
            }
        }
    }

    private func readBody(of head: HTTPRequestHead, from buffer: inout [UInt8], bodyStart: Int, deadline: Double) -> ReadOutcome {
        if head.chunked { return readChunkedBody(of: head, from: &buffer, bodyStart: bodyStart, deadline: deadline) }
        let end = bodyStart + head.contentLength
        if head.expectsContinue && buffer.count < end {
            do {
                try connection.send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            } catch {
                return .closed
            }
        }
        while buffer.count < end {
            switch fill(&buffer, until: deadline) {
            case .some(true): continue
            case .some(false): return .refused(timedOut, head.request)
            case .none: return .closed
            }
        }
        var request = head.request
        request.body = Array(buffer[bodyStart..<end])
        buffer.removeFirst(end)
        return .request(request)
    }

    private func readChunkedBody(of head: HTTPRequestHead, from buffer: inout [UInt8], bodyStart: Int, deadline: Double) -> ReadOutcome {
        buffer.removeFirst(bodyStart)
        var decoder = ChunkedBodyDecoder(maximumBodySize: limits.maximumBodySize, lineLimit: limits.maximumHeadSize)
        var continued = !head.expectsContinue
        while true {
            do {
                if try decoder.consume(&buffer) { break }
            } catch {
                return .refused(error, head.request)
            }
            if !continued {
                continued = true
                do {
                    try connection.send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                } catch {
                    return .closed
                }
            }
            switch fill(&buffer, until: deadline) {
            case .some(true): continue
            case .some(false): return .refused(timedOut, head.request)
            case .none: return .closed
            }
        }
        var request = head.request
        request.body = decoder.body
        return .request(request)
    }

    /// Reads more input: true when bytes arrived, false once `deadline` (monotonic seconds) has passed,
    /// nil when the peer closed or failed.
    private func fill(_ buffer: inout [UInt8], until deadline: Double) -> Bool? {
        while true {
            let remaining = deadline - Socket.monotonicSeconds()
            guard remaining > 0 else { return false }
            switch Socket.waitReadable(connection.descriptor, timeout: remaining) {
            // Checked again above rather than trusted: very long waits are cut into poll-sized pieces.
            case .timedOut: continue
            case .failed: return nil
            case .readable: return Socket.receive(connection.descriptor, appendingTo: &buffer) > 0 ? true : nil
            }
        }
    }

    private func refused(_ error: HTTPRequestError, _ buffer: [UInt8]) -> ReadOutcome {
        .refused(error, HTTPRequestParser.readableRequest(in: buffer, maximumHeadSize: limits.maximumHeadSize))
    }

    private var headTooLarge: HTTPRequestError {
        HTTPRequestError(status: 431, message: "request head exceeds \(limits.maximumHeadSize) bytes")
    }

    private var timedOut: HTTPRequestError {
        HTTPRequestError(status: 408, message: "request not completed within \(JSONNumber(limits.requestTimeout).map { JSONValue.number($0) } ?? .null) s")
    }

    // MARK: - Writing

    /// Bodies up to this size are sent in one piece with their head.
    static let coalescedBodyLimit = 64 << 10

    private func write(_ response: HTTPResponse, isHead: Bool, keepAlive: Bool, minorVersion: Int) -> WriteOutcome {
        let head = response.head(keepAlive: keepAlive, minorVersion: minorVersion)
        let sendsBody = !isHead && HTTPStatus.allowsBody(response.status)
        do {
            switch response.body {
            case .raw(let bytes):
                try connection.send(bytes)
                return .sent
            case .bytes(let bytes):
                // One send for head and body avoids a Nagle/delayed-ACK stall on small responses; a large
                // body goes by itself, not copied beside its head (the mock's answers run to megabytes, and
                // each copy in flight counted in its peak memory).
                if sendsBody, bytes.count <= Self.coalescedBodyLimit {
                    try connection.send(head + bytes)
                } else {
                    try connection.send(head)
                    if sendsBody { try connection.send(bytes) }
                }
                return .sent
            case .stream(let length, let produce):
                try connection.send(head)
                guard sendsBody else { return .sent }
                let writer = ResponseBodyWriter(connection: connection)
                try produce(writer)
                if writer.resetRequested { return .reset }
                // A producer that wrote the wrong amount has broken the framing; only closing is safe.
                return writer.bytesWritten == length ? .sent : .broken
            }
        } catch {
            return .broken
        }
    }
}
