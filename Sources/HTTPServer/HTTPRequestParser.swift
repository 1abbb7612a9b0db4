import FoundationFree

/// A request refused before routing, with the status to answer and a one-line reason.
struct HTTPRequestError: Error, Equatable {
    let status: Int
    let message: String
}

/// A parsed request line and header block, with what the body will need.
struct HTTPRequestHead: Sendable {
    var request: HTTPRequest
    var contentLength: Int
    /// `Transfer-Encoding: chunked`: the body is read chunk by chunk (`ChunkedBodyDecoder`), not by length.
    var chunked = false
    var expectsContinue: Bool
}

/// Parses request heads from raw bytes. Pure functions, so malformed input is tested without sockets.
enum HTTPRequestParser {
    /// Where the head in `buffer` ends (the index of its last line feed) and where the body starts; nil
    /// while the blank line has not arrived. Bare LF line ends are accepted as well as CRLF.
    static func headBoundary(in buffer: [UInt8]) -> (headEnd: Int, bodyStart: Int)? {
        var index = 0
        while let newline = buffer[index...].firstIndex(of: 0x0A) {
            let next = newline + 1
            if next < buffer.count, buffer[next] == 0x0A { return (newline, next + 1) }
            if next + 1 < buffer.count, buffer[next] == 0x0D, buffer[next + 1] == 0x0A { return (newline, next + 2) }
            index = next
            if index >= buffer.count { break }
        }
        return nil
    }

    /// Parses the request line and headers in `bytes` (without the terminating blank line).
    static func parseHead(_ bytes: ArraySlice<UInt8>, maximumBodySize: Int) throws(HTTPRequestError) -> HTTPRequestHead {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        guard let requestLine = lines.first else { throw malformed("empty request") }

        var request = try parseRequestLine(requestLine)
        request.headers = try lines.dropFirst().map(parseHeaderLine)

        let chunked = try isChunked(request.headers)
        let contentLength = try parseContentLength(request.headers)
        if chunked, request.header("Content-Length") != nil {
            // RFC 9112 §6.3: both is how requests are smuggled past a proxy that reads the other one.
            throw malformed("both Transfer-Encoding and Content-Length")
        }
        if contentLength > maximumBodySize {
            throw HTTPRequestError(status: 413, message: "request body of \(contentLength) bytes exceeds the \(maximumBodySize)-byte limit")
        }
        let expectsContinue = request.header("Expect")?.lowercased() == "100-continue"
        return HTTPRequestHead(request: request, contentLength: contentLength, chunked: chunked, expectsContinue: expectsContinue)
    }

    /// Whether the body is chunked: `Transfer-Encoding: chunked` is read (RFC 9112 §7.1); chunked must be
    /// the last coding (else the body's end cannot be known: 400), and no other coding is decoded (501).
    private static func isChunked(_ headers: [(name: String, value: String)]) throws(HTTPRequestError) -> Bool {
        let codings = headers.filter { $0.name.lowercased() == "transfer-encoding" }
            .flatMap { $0.value.split(separator: ",") }.map { $0.trimmedHTTPWhitespace.lowercased() }.filter { !$0.isEmpty }
        guard let last = codings.last else { return false }
        guard last == "chunked" else { throw malformed("Transfer-Encoding must end with chunked") }
        guard codings.count == 1 else {
            throw HTTPRequestError(status: 501, message: "Transfer-Encoding \(codings.joined(separator: ", ")) is not supported; send chunked alone")
        }
        return true
    }

    static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPRequestError) -> HTTPRequest {
        guard line.allSatisfy({ $0 > 0x20 && $0 < 0x7F || $0 == 0x20 }) else { throw malformed("invalid characters in request line") }
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw malformed("request line must be METHOD TARGET VERSION") }
        let method = String(decoding: parts[0], as: UTF8.self)
        guard !method.isEmpty, method.utf8.allSatisfy(HTTPFieldSyntax.isTokenByte) else { throw malformed("invalid method") }

        let version = String(decoding: parts[2], as: UTF8.self)
        let minorVersion: Int
        switch version {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default:
            let digits = version.utf8.dropFirst(5)
            if version.hasPrefix("HTTP/"), digits.count == 3, digits.allSatisfy({ $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }) {
                throw HTTPRequestError(status: 505, message: "HTTP version \(version.dropFirst(5)) is not supported")
            }
            throw malformed("invalid HTTP version")
        }

        let target = String(decoding: parts[1], as: UTF8.self)
        let pathAndQuery = try originForm(of: target)
        let beforeFragment = pathAndQuery.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let pieces = beforeFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(pieces[0])
        let query = pieces.count > 1 ? URLEncoding.decodeForm(pieces[1]) : []
        let segments = path.split(separator: "/").map { PercentEncoding.decode($0, plusAsSpace: false) }
        return HTTPRequest(
            method: method, target: target, path: path, pathSegments: segments,
            query: query, minorVersion: minorVersion, headers: []
        )
    }

    /// `/a?b` as is; `http://host/a?b` → `/a?b`; `*` for OPTIONS; anything else is malformed.
    private static func originForm(of target: String) throws(HTTPRequestError) -> Substring {
        if target.hasPrefix("/") { return Substring(target) }
        if target == "*" { return Substring(target) }
        let lowered = target.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let afterScheme = target.dropFirst(scheme.count)
            guard let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
            let rest = afterScheme[slash...]
            return rest.hasPrefix("?") ? Substring("/" + rest) : rest
        }
        throw malformed("invalid request target")
    }

    private static func parseHeaderLine(_ line: ArraySlice<UInt8>) throws(HTTPRequestError) -> (name: String, value: String) {
        guard let first = line.first else { throw malformed("empty header line") }
        if first == 0x20 || first == 0x09 { throw malformed("folded header lines are not allowed") }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw malformed("header line without ':'") }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(HTTPFieldSyntax.isTokenByte) else { throw malformed("invalid header name") }
        let value = line[(colon + 1)...]
        guard value.allSatisfy(HTTPFieldSyntax.isValueByte) else {
            throw malformed("invalid characters in header \(String(decoding: name, as: UTF8.self))")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self).trimmedHTTPWhitespace)
    }

    private static func parseContentLength(_ headers: [(name: String, value: String)]) throws(HTTPRequestError) -> Int {
        var length: Int?
        for header in headers where header.name.lowercased() == "content-length" {
            for item in header.value.split(separator: ",", omittingEmptySubsequences: false) {
                let text = item.trimmedHTTPWhitespace
                guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                      let value = Int(text) else {
                    throw malformed("invalid Content-Length '\(header.value)'")
                }
                if let length, length != value { throw malformed("conflicting Content-Length values") }
                length = value
            }
        }
        return length ?? 0
    }

    private static func malformed(_ reason: String) -> HTTPRequestError {
        HTTPRequestError(status: 400, message: "malformed request: \(reason)")
    }
}
