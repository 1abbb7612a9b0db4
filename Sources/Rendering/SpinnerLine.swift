/// The one line a spinner draws: `⠋ get http://127.0.0.1:4…/delay/3000 (Ctrl-C cancels)`, never wider
/// than the terminal, so that each frame overwrites the last instead of wrapping into a new line.
package enum SpinnerLine {
    package static let hint = "(Ctrl-C cancels)"

    /// The frame, the label and the hint in at most `width - 1` columns (the last column is left free:
    /// writing there makes some terminals wrap). A URL in the label is cut in the middle first, then the
    /// hint goes, then the end of the line. `width` ≤ 0 means no limit.
    package static func text(frame: String, label: String, width: Int) -> String {
        let label = TerminalText.singleLine(label)
        let full = "\(frame) \(label) \(hint)"
        guard width > 0 else { return full }
        let available = width - 1
        if DisplayWidth.of(full) <= available { return full }

        var words = label.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let urlIndex = words.indices.filter { URLShortener.looksLikeURL(words[$0]) || words[$0].hasPrefix("/") }
            .max { DisplayWidth.of(words[$0]) < DisplayWidth.of(words[$1]) }
        if let urlIndex {
            let url = words[urlIndex]
            for (suffix, minimum) in [(" " + hint, 20), ("", 8)] {
                words[urlIndex] = ""
                let fixed = DisplayWidth.of("\(frame) \(words.joined(separator: " "))\(suffix)")
                let room = available - fixed
                if room >= minimum {
                    words[urlIndex] = URLShortener.shortened(url, toWidth: room)
                    return "\(frame) \(words.joined(separator: " "))\(suffix)"
                }
            }
        }
        let withoutHint = "\(frame) \(label)"
        return TerminalText.truncated(withoutHint, toWidth: available)
    }
}
