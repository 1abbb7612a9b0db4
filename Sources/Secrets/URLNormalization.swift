import JSON
import FoundationFree
/// RFC 3986 normalisation of absolute URLs (§6.2.2 syntax-based, §6.2.3 scheme-based), applied before
/// every credential scope check and to every URL the transport sends, so that what is checked is what is
/// sent.
///
/// - scheme and host are lower-cased; a default port (`:80` for http, `:443` for https) or an empty one
///   is dropped;
/// - in the path, percent-encoded unreserved characters are decoded (`%2e` → `.`, `%7E` → `~`), other
///   escapes get upper-case hex, and dot segments are removed (§5.2.4), so `/svc/../outside` and
///   `/svc/%2e%2e/outside` both become `/outside`;
/// - an empty path of an http(s) URL becomes `/`;
/// - an `@` inside the user information is percent-encoded, so every URL parser agrees on the host.
///
/// Query and fragment are kept as they are. Text that is not an absolute URL is returned unchanged by
/// `normalize(_:)` and gives nil from `parse(_:)`.
public enum URLNormalization {
    /// The parts of a normalised absolute URL.
    public struct Parts: Sendable, Equatable {
        /// Lower-cased: `http`, `https`, `file`, ….
        public var scheme: String
        /// Whether the URL has an authority (`scheme://…`); `mailto:x` has none.
        public var hasAuthority: Bool
        /// The user information before `@`, as written (with `@` percent-encoded), or nil.
        public var userInfo: String?
        /// Lower-cased; an IPv6 literal keeps its brackets. Empty for `file:///path`.
        public var host: String
        /// The port as written, nil when absent or the scheme's default.
        public var port: Int?
        /// Normalised: no dot segments, unreserved characters decoded.
        public var path: String
        /// After `?`, without it; nil when there is no `?`.
        public var query: String?
        /// After `#`, without it; nil when there is no `#`.
        public var fragment: String?

        /// The port that is really used: the explicit one, else the scheme's default (nil when unknown).
        public var effectivePort: Int? {
            port ?? URLNormalization.defaultPort(of: scheme)
        }

        /// `scheme://host[:port]`: what decides whether two URLs are the same origin.
        public var origin: String {
            var text = scheme + "://" + host
            if let port { text += ":\(port)" }
            return text
        }

        /// The URL as text.
        public var text: String {
            var text = scheme + ":"
            if hasAuthority {
                text += "//"
                if let userInfo { text += userInfo + "@" }
                text += host
                if let port { text += ":\(port)" }
            }
            // Without an authority, a path starting with `//` would read back as one (RFC 3986 §5.3).
            text += !hasAuthority && path.hasPrefix("//") ? "/." + path : path
            if let query { text += "?" + query }
            if let fragment { text += "#" + fragment }
            return text
        }
    }

    /// The normalised form of `url`, or `url` itself when it is not an absolute URL.
    public static func normalize(_ url: String) -> String {
        parse(url)?.text ?? url
    }

    /// Splits and normalises an absolute URL; nil when `url` has no scheme or a malformed authority
    /// (a port that is not a number up to 65535, an unclosed `[`).
    public static func parse(_ url: String) -> Parts? {
        let bytes = Array(url.utf8)
        guard let colon = schemeEnd(bytes) else { return nil }
        let scheme = String(decoding: bytes[..<colon].map(lowercased), as: UTF8.self)
        var position = colon + 1
        var parts = Parts(scheme: scheme, hasAuthority: false, userInfo: nil, host: "", port: nil, path: "",
                          query: nil, fragment: nil)
        if position + 1 < bytes.count, bytes[position] == slash, bytes[position + 1] == slash {
            position += 2
            var end = position
            while end < bytes.count, !isAuthorityEnd(bytes[end]) { end += 1 }
            guard parseAuthority(bytes[position..<end], scheme: scheme, into: &parts) else { return nil }
            parts.hasAuthority = true
            position = end
        }
        var pathEnd = position
        while pathEnd < bytes.count, bytes[pathEnd] != question, bytes[pathEnd] != hash { pathEnd += 1 }
        parts.path = normalizedPath(bytes[position..<pathEnd])
        if parts.hasAuthority, parts.path.isEmpty, scheme == "http" || scheme == "https" {
            parts.path = "/"
        }
        position = pathEnd
        if position < bytes.count, bytes[position] == question {
            var end = position + 1
            while end < bytes.count, bytes[end] != hash { end += 1 }
            parts.query = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
            position = end
        }
        if position < bytes.count, bytes[position] == hash {
            parts.fragment = String(decoding: bytes[(position + 1)...], as: UTF8.self)
        }
        return parts
    }

    /// RFC 3986 §5.2.4 remove_dot_segments, on a path whose escapes are already decoded.
    public static func removeDotSegments(_ path: String) -> String {
        String(decoding: removeDotSegments(Array(path.utf8)), as: UTF8.self)
    }

    /// The default port of `scheme`: 80 for http, 443 for https, nil otherwise.
    public static func defaultPort(of scheme: String) -> Int? {
        switch scheme.lowercased() {
        case "http": 80
        case "https": 443
        default: nil
        }
    }

    // MARK: Pieces

    private static let slash = UInt8(ascii: "/"), question = UInt8(ascii: "?"), hash = UInt8(ascii: "#")
    private static let dot = UInt8(ascii: "."), percent = UInt8(ascii: "%")

    /// The index of the `:` ending a valid scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`).
    private static func schemeEnd(_ bytes: [UInt8]) -> Int? {
        guard let first = bytes.first, isAlpha(first) else { return nil }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            guard isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == dot else { return nil }
            index += 1
        }
        return nil
    }

    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == slash || byte == question || byte == hash
    }

    /// `[userinfo@]host[:port]`. The user information runs to the last `@`, as browsers and curl's
    /// URL API read it.
    private static func parseAuthority(_ authority: ArraySlice<UInt8>, scheme: String, into parts: inout Parts) -> Bool {
        var hostStart = authority.startIndex
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            var info: [UInt8] = []
            for byte in authority[..<at] {
                if byte == UInt8(ascii: "@") {
                    info += Array("%40".utf8)
                } else {
                    info.append(byte)
                }
            }
            parts.userInfo = String(decoding: info, as: UTF8.self)
            hostStart = at + 1
        }
        let hostAndPort = authority[hostStart...]
        var hostEnd = hostAndPort.endIndex
        var portText: ArraySlice<UInt8>?
        if hostAndPort.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")) else { return false }
            hostEnd = close + 1
            if hostEnd < hostAndPort.endIndex {
                guard hostAndPort[hostEnd] == UInt8(ascii: ":") else { return false }
                portText = hostAndPort[(hostEnd + 1)...]
            }
        } else if let colon = hostAndPort.firstIndex(of: UInt8(ascii: ":")) {
            hostEnd = colon
            portText = hostAndPort[(colon + 1)...]
        }
        parts.host = String(decoding: hostAndPort[..<hostEnd].map(lowercased), as: UTF8.self)
        if let portText, !portText.isEmpty {
            guard portText.count <= 5, portText.allSatisfy(isDigit) else { return false }
            let port = portText.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard port <= 65_535 else { return false }
            parts.port = port == defaultPort(of: scheme) ? nil : port
        }
        return true
    }

    /// Decodes escaped unreserved characters, upper-cases the hex of other escapes, removes dot segments.
    /// An escape right after a stray `%` (one not starting an escape) stays encoded: decoding `%4%41` to
    /// `%4A` would make a new escape, and normalising twice would change the URL again.
    private static func normalizedPath(_ path: ArraySlice<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(path.count)
        var lastStray = -1
        var index = path.startIndex
        while index < path.endIndex {
            let byte = path[index]
            guard byte == percent else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 2 < path.endIndex, let high = HexDigits.value(of: path[index + 1]), let low = HexDigits.value(of: path[index + 2]) else {
                lastStray = decoded.count
                decoded.append(byte)
                index += 1
                continue
            }
            let value = high << 4 | low
            let followsStray = lastStray == decoded.count - 1
                || (lastStray == decoded.count - 2 && decoded.last.flatMap(HexDigits.value(of:)) != nil)
            if isUnreserved(value) && !followsStray {
                decoded.append(value)
            } else {
                decoded += [percent, uppercased(path[index + 1]), uppercased(path[index + 2])]
            }
            index += 3
        }
        return String(decoding: removeDotSegments(decoded), as: UTF8.self)
    }

    /// §5.2.4, on bytes: the input is consumed segment by segment into an output stack.
    private static func removeDotSegments(_ input: [UInt8]) -> [UInt8] {
        guard input.contains(dot) else { return input }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        func starts(_ prefix: String) -> Bool {
            let prefix = Array(prefix.utf8)
            return input.count - index >= prefix.count && input[index..<(index + prefix.count)].elementsEqual(prefix)
        }
        func isEnd(_ offset: Int) -> Bool { index + offset == input.count }
        func popSegment() {
            while let last = output.popLast(), last != slash {}
        }
        while index < input.count {
            if starts("../") {
                index += 3
            } else if starts("./") {
                index += 2
            } else if starts("/./") {
                index += 2
            } else if starts("/.") && isEnd(2) {
                output.append(slash)
                index = input.count
            } else if starts("/../") {
                index += 3
                popSegment()
            } else if starts("/..") && isEnd(3) {
                index = input.count
                popSegment()
                output.append(slash)
            } else if (starts(".") && isEnd(1)) || (starts("..") && isEnd(2)) {
                index = input.count
            } else {
                // Move the first segment (with its leading `/`, if any) to the output.
                var end = index
                if input[end] == slash { end += 1 }
                while end < input.count, input[end] != slash { end += 1 }
                output += input[index..<end]
                index = end
            }
        }
        return output
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == dot || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) ? byte & ~0x20 : byte
    }
}
