import FoundationFree

/// Description prose as a terminal shows it: HTML tags and Markdown link targets dropped (Stripe writes
/// `<p>…</p>`, GitHub `[text](https://…)`), and the first sentence when a line has room for only one.
package enum ProseText {
    /// `text` without HTML tags, with Markdown links as their text (`text (url)` when `keepsLinks`) and
    /// entities `&amp;` `&lt;` `&gt;` `&quot;` `&#39;` read.
    package static func plain(_ text: String, keepsLinks: Bool = false) -> String {
        plain(text, keepsLinks: keepsLinks, throughFirstSentence: false)
    }

    /// `plain`, or with `throughFirstSentence` only as far as it takes to know the first sentence (the first
    /// line with words ended, or `. ` in it): `ops` shows one per operation, and Stripe's descriptions run
    /// to pages (the benchmark row `firstops-stripe`). Entities are read after, and neither add nor remove
    /// a line break or a `. `, so the first sentence is the same either way.
    private static func plain(_ text: String, keepsLinks: Bool, throughFirstSentence: Bool) -> String {
        var result = ""
        result.reserveCapacity(throughFirstSentence ? 256 : text.utf8.count)
        // Whether the line being written has words, whether the last character written is a `.`, and
        // whether the first sentence is complete.
        var lineHasWords = false
        var previousIsStop = false
        var complete = false
        func note(_ character: Character) {
            // ASCII told apart without the Unicode tables or comparing text (each measured in firstops-stripe).
            let ascii = character.asciiValue
            let isNewline = ascii.map { (0x0A...0x0D).contains($0) } ?? character.isNewline
            if isNewline {
                if lineHasWords { complete = true }
            } else if ascii == 0x20, previousIsStop, lineHasWords {
                complete = true
            } else if !(ascii.map { $0 == 0x20 || $0 == 0x09 } ?? character.isWhitespace) {
                lineHasWords = true
            }
            previousIsStop = ascii == UInt8(ascii: ".")
        }
        func emit(_ piece: some StringProtocol) {
            result += piece
            if throughFirstSentence { piece.forEach(note) }
        }
        var characters = text[...]
        // Takes the printable ASCII bytes up to the next one the loop must look at (`<`, `[`, a control or a
        // line break) as one piece, noting them a byte at a time (a character at a time, the first
        // sentences of Stripe's descriptions were a sixth of its first `ops`, `firstops-stripe`); false
        // when there are none. A byte before one beyond ASCII is left to the loop: the two may be one
        // character (`e` and a combining accent). Everywhere else an ASCII byte is a character of its own.
        func takePlainBytes() -> Bool {
            let taken = characters.utf8.withContiguousStorageIfAvailable { bytes -> Int in
                var plain = 0
                while plain < bytes.count, (0x20..<0x7F).contains(bytes[plain]), bytes[plain] != UInt8(ascii: "<"),
                      bytes[plain] != UInt8(ascii: "[") {
                    plain += 1
                }
                if plain < bytes.count, bytes[plain] >= 0x80, plain > 0 { plain -= 1 }
                var noted = 0
                while noted < plain, !complete {
                    let byte = bytes[noted]
                    if byte == 0x20, previousIsStop, lineHasWords {
                        complete = true
                    } else if byte != 0x20 {
                        lineHasWords = true
                    }
                    previousIsStop = byte == UInt8(ascii: ".")
                    noted += 1
                }
                return noted
            } ?? 0
            guard taken > 0 else { return false }
            let end = characters.utf8.index(characters.startIndex, offsetBy: taken)
            result += characters[..<end]
            characters = characters[end...]
            return true
        }
        while !complete, let first = characters.first {
            if throughFirstSentence, takePlainBytes() { continue }
            if first == "<", let close = characters.firstIndex(of: ">"),
               characters[characters.index(after: characters.startIndex)..<close].allSatisfy({ $0 != "<" && $0 != "\n" }) {
                // A paragraph or line break tag keeps the words apart.
                let tag = characters[characters.startIndex..<close].lowercased()
                if tag.hasPrefix("<p") || tag.hasPrefix("</p") || tag.hasPrefix("<br") || tag.hasPrefix("<li") { emit("\n") }
                characters = characters[characters.index(after: close)...]
                continue
            }
            if first == "[", let close = characters.firstIndex(of: "]"),
               characters[characters.index(after: close)...].first == "(",
               let end = characters[close...].firstIndex(of: ")") {
                emit(characters[characters.index(after: characters.startIndex)..<close])
                if keepsLinks {
                    let target = characters[characters.index(close, offsetBy: 2)..<end]
                    if !target.hasPrefix("#") { emit(" (" + target + ")") }
                }
                characters = characters[characters.index(after: end)...]
                continue
            }
            result.append(first)
            if throughFirstSentence { note(first) }
            characters = characters[characters.index(after: characters.startIndex)...]
        }
        guard result.utf8.contains(UInt8(ascii: "&")) else { return result }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            result = result.replacingAll(entity, with: character)
        }
        return result
    }

    /// The first sentence of `text` as plain prose: up to the first `. ` (or the end of its first
    /// paragraph), on one line; nil when there are no words.
    package static func firstSentence(of text: String) -> String? {
        let plain = plain(text, keepsLinks: false, throughFirstSentence: true)
        let paragraph = plain.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        var sentence = paragraph
        if let stop = paragraph.literalRange(of: ". ") {
            sentence = paragraph[..<paragraph.index(after: stop.lowerBound)]
        }
        let trimmed = String(sentence).trimmingBlanks()
        return trimmed.isEmpty ? nil : trimmed
    }
}
