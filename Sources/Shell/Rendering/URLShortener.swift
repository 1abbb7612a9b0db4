/// URLs fitted to a width by cutting their middle, as `gh` and browsers' status bars do: the scheme and
/// host stay readable at the front, and the end of the path — the part that tells `/weather/v1` from
/// `/weather/v2` — stays at the back: `http://127.0.0.1:4…/weather/v2`.
enum URLShortener {
    /// Whether a table cell or a word of a label is a URL worth cutting in the middle.
    static func looksLikeURL(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
            && !text.contains(" ")
    }

    /// `http://127.0.0.1:45678` of `http://127.0.0.1:45678/weather/v2`: the scheme and authority, when a
    /// path (`/…`) follows them.
    static func origin(of url: String) -> String? {
        guard let separator = url.range(of: "://"),
              let slash = url[separator.upperBound...].firstIndex(of: "/") else { return nil }
        return String(url[..<slash])
    }

    /// `url` in at most `width` columns. A query string goes first (`?…`), then the middle of what is
    /// left; the tail kept starts at a `/` when one fits in two thirds of the room.
    static func shortened(_ url: String, toWidth width: Int) -> String {
        guard DisplayWidth.of(url) > width else { return url }
        guard width >= 8 else { return TerminalText.truncated(url, toWidth: width) }
        var text = url
        if let query = url.firstIndex(of: "?") {
            text = String(url[..<query]) + "?…"
            if DisplayWidth.of(text) <= width { return text }
        }
        let characters = Array(text)
        let budget = width - 1
        let pathStart = text.range(of: "://").map { text.distance(from: text.startIndex, to: $0.upperBound) } ?? 0
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
}
