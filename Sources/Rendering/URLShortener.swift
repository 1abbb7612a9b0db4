import FoundationFree
/// URLs fitted to a width by cutting their middle, as `gh` and browsers' status bars do: the scheme and
/// host stay readable at the front, and the end of the path — the part that tells `/weather/v1` from
/// `/weather/v2` — stays at the back: `http://127.0.0.1:4…/weather/v2`.
package enum URLShortener {
    /// Whether a table cell or a word of a label is a URL worth cutting in the middle: a scheme of ASCII
    /// letters, digits, `+`, `-` and `.`, then `://`, and no space anywhere. One pass over the bytes, so
    /// the common answer — no `://` at all — costs a byte scan.
    static func looksLikeURL(_ text: String) -> Bool {
        guard let separator = schemeSeparatorOffset(text) else { return false }
        return separator > 0 && text.utf8.prefix(separator).allSatisfy(isSchemeByte) && !text.utf8.contains(UInt8(ascii: " "))
    }

    /// `http://127.0.0.1:45678` of `http://127.0.0.1:45678/weather/v2`: the scheme and authority, when a
    /// path (`/…`) follows them.
    package static func origin(of url: String) -> String? {
        guard let separator = schemeSeparatorOffset(url) else { return nil }
        let afterSeparator = url.utf8.index(url.utf8.startIndex, offsetBy: separator + 3)
        guard let slash = url.utf8[afterSeparator...].firstIndex(of: UInt8(ascii: "/")) else { return nil }
        return String(url[..<slash])
    }

    /// The byte offset of the first `://` in `text`.
    static func schemeSeparatorOffset(_ text: String) -> Int? {
        var offset = 0
        var matched = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "/") && matched >= 1 {
                matched += 1
                if matched == 3 { return offset - 2 }
            } else {
                matched = byte == UInt8(ascii: ":") ? 1 : 0
            }
            offset += 1
        }
        return nil
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// `url` in at most `width` columns. A query string goes first (`?…`), then the middle of what is
    /// left; the tail kept starts at a `/` when one fits in two thirds of the room.
    package static func shortened(_ url: String, toWidth width: Int) -> String {
        guard DisplayWidth.of(url) > width else { return url }
        guard width >= 8 else { return TerminalText.truncated(url, toWidth: width) }
        if url.hasPrefix("/"), let path = shortenedPath(url, toWidth: width) { return path }
        var text = url
        if let query = url.firstIndex(of: "?") {
            text = String(url[..<query]) + "?…"
            if DisplayWidth.of(text) <= width { return text }
        }
        let characters = Array(text)
        let budget = width - 1
        let pathStart = text.literalRange(of: "://").map { text.distance(from: text.startIndex, to: $0.upperBound) } ?? 0
        // The longest suffix starting at a `/` of the path that leaves a third of the room to the host.
        var tailStart: Int?
        for index in characters.indices where index > pathStart && characters[index] == "/" {
            if DisplayWidth.of(String(characters[index...])) <= budget - budget / 3 {
                tailStart = index
                break
            }
        }
        let tail: String
        if let tailStart {
            tail = String(characters[tailStart...])
        } else {
            tail = suffix(of: characters, fitting: budget - budget / 3)
        }
        let head = prefix(of: characters, fitting: budget - DisplayWidth.of(tail))
        return head + "…" + tail
    }

    private static func prefix(of characters: [Character], fitting width: Int) -> String {
        var result = ""
        var used = 0
        for character in characters {
            let columns = DisplayWidth.of(character)
            if used + columns > width { break }
            result.append(character)
            used += columns
        }
        return result
    }

    private static func suffix(of characters: [Character], fitting width: Int) -> String {
        var result: [Character] = []
        var used = 0
        for character in characters.reversed() {
            let columns = DisplayWidth.of(character)
            if used + columns > width { break }
            result.append(character)
            used += columns
        }
        return String(result.reversed())
    }

    /// A path template too wide for its column, cut at whole segments: its first two, `…`, and as many of
    /// its last as fit (`/repos/{owner}/…/comments/{comment_id}`); nil when even the first two and the last
    /// do not fit.
    package static func shortenedPath(_ path: String, toWidth width: Int) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard segments.count > 3 else { return nil }
        let head = "/" + segments.prefix(2).joined(separator: "/") + "/…"
        var tail = ""
        for segment in segments.dropFirst(2).reversed() {
            let longer = "/" + segment + tail
            guard DisplayWidth.of(head + longer) <= width else { break }
            tail = longer
        }
        return tail.isEmpty ? nil : head + tail
    }

    /// The narrowest `shortenedPath` gives a path: its first two segments, `…` and its last.
    package static func shortestPathWidth(_ path: String) -> Int {
        // `ops` asks this of every path of a description (771 of GitHub's) on its first load.
        if let width = path.utf8.withContiguousStorageIfAvailable(shortestPrintableASCIIPathWidth), let width {
            return width
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard segments.count > 3, let last = segments.last else { return DisplayWidth.of(path) }
        return DisplayWidth.of("/" + segments.prefix(2).joined(separator: "/") + "/…/" + last)
    }

    /// `shortestPathWidth` of printable ASCII, a column a byte, from where its slashes are, with no string
    /// made; nil for any other text.
    private static func shortestPrintableASCIIPathWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var slashes = 0, first = 0, third = 0, last = 0
        for (index, byte) in bytes.enumerated() {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            guard byte == UInt8(ascii: "/") else { continue }
            slashes += 1
            if slashes == 1 { first = index } else if slashes == 3 { third = index }
            last = index
        }
        // A segment follows each slash: with more than three, the cut is the first two (from the first slash
        // to the third), `/…/`, then what follows the last slash.
        guard slashes > 3 else { return bytes.count }
        return third - first + DisplayWidth.of("/…/") + bytes.count - last - 1
    }
}
