import Foundation

/// Turns the parts of apish's output that change from run to run into placeholders. The same rules run on
/// the actual output before it is compared and before it is recorded, so golden files never hold a port,
/// a duration or a clock time. Every rule is here; Tests/Transcripts/README.md lists them for readers.
///
/// 1. The demo server's origin: `127.0.0.1:PORT` (also `localhost:PORT` and the percent-encoded
///    `127.0.0.1%3APORT`) → `127.0.0.1:{PORT}`. Only the demo's own port is replaced when it is known, so a
///    port that is part of the text (`help get` shows `127.0.0.1:8080`) stays; when it is not known (the
///    "embedded demo API at …" line is gone) every loopback port is replaced.
/// 2. Timing in `--json`: every number inside `"timing":{…}` → `{MS}`.
/// 3. Measured durations: a number with a decimal point before `ms` → `{MS}`, before `s` → `{S}`
///    (`0.3 ms`, `1.25 s`). Whole numbers are settings or limits (`timed out after 500 ms`) and stay.
/// 4. Clock readings: a date `YYYY-MM-DD` within two days of today → `{DATE}` (with its time, if any:
///    `{DATE}T{TIME}`, `{DATE} {TIME}`); any other time of day `HH:MM:SS` → `{TIME}`. Dates far from
///    today are data (a fixture's `updated` or sunset date) and stay.
/// 5. Paths of the run: the temporary home directory → `{HOME}`, the transcripts directory →
///    `{TRANSCRIPTS}` (it differs between checkouts).
/// 6. The transcript's own `# mask:` patterns → `{MASKED}`.
struct TranscriptNormalizer {
    /// The demo server's port, when known.
    var demoPort: Int?
    var masks: [String] = []
    /// Dates near this instant are clock readings.
    var now = Date()
    /// Directories that differ from run to run or checkout to checkout, and their placeholders.
    var paths: [(path: String, placeholder: String)] = []

    /// Finds the embedded demo's port in apish's stderr ("embedded demo API at http://127.0.0.1:PORT").
    static func embeddedDemoPort(inStandardError text: String) -> Int? {
        firstCapture(of: #"embedded demo API at https?://(?:127\.0\.0\.1|localhost):([0-9]+)"#, in: text).flatMap { Int($0) }
    }

    func normalize(_ text: String) -> String {
        var text = text
        let port = demoPort.map(String.init) ?? "[0-9]{1,5}"
        text = Self.replace(#"\b(127\.0\.0\.1|localhost)(:|%3[Aa])"# + port + #"\b"#, in: text, with: "$1$2{PORT}")
        text = Self.replace(#"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?"#, in: text, with: "{MS}",
                            within: #""timing":\{[^{}]*\}"#)
        text = Self.replace(#"\b[0-9]+\.[0-9]+ ?ms\b"#, in: text, with: "{MS}")
        text = Self.replace(#"\b[0-9]+\.[0-9]+ ?s\b"#, in: text, with: "{S}")
        text = Self.replace(#"\b([0-9]{4}-[0-9]{2}-[0-9]{2})(?:([T ])[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:Z|[-+][0-9]{2}:?[0-9]{2})?)?\b"#,
                            in: text) { groups in
            guard let date = groups[1], isNearNow(date) else { return nil }
            return groups[2].map { "{DATE}\($0){TIME}" } ?? "{DATE}"
        }
        text = Self.replace(#"(?<![0-9]{4}-[0-9]{2}-[0-9]{2}[T ])\b[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?\b"#,
                            in: text, with: "{TIME}")
        // Longest first, so a path inside another is not cut in half.
        for (path, placeholder) in paths.sorted(by: { $0.path.count > $1.path.count }) where !path.isEmpty {
            text = text.replacingOccurrences(of: path, with: placeholder)
        }
        for mask in masks {
            text = Self.mask(mask, in: text)
        }
        return text
    }

    private static func regex(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern)
    }

    /// A `YYYY-MM-DD` within two days of `now`, either way (UTC), so a run across midnight still counts.
    private func isNearNow(_ date: String) -> Bool {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        guard let day = formatter.date(from: date) else { return false }
        return abs(day.timeIntervalSince(now)) <= 2 * 86_400
    }

    /// Replaces each match with what `replacement` makes of its capture groups (index 0: the whole match;
    /// nil for a group that took no part); a nil result leaves the match as it was.
    private static func replace(_ pattern: String, in text: String, replacement: ([String?]) -> String?) -> String {
        guard let regex = regex(pattern) else { return text }
        var result = text
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let groups = (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) }
            }
            // Matches are replaced from the last, so the text before this one is still as it was.
            guard let range = Range(match.range, in: result), let replaced = replacement(groups) else { continue }
            result.replaceSubrange(range, with: replaced)
        }
        return result
    }

    private static func replace(_ pattern: String, in text: String, with template: String) -> String {
        guard let regex = regex(pattern) else { return text }
        return regex.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }

    /// Replaces `pattern` only inside the matches of `scope`.
    private static func replace(_ pattern: String, in text: String, with template: String, within scope: String) -> String {
        guard let scopeRegex = regex(scope) else { return text }
        var result = text
        let matches = scopeRegex.matches(in: text, range: NSRange(text.startIndex..., in: text))
        for match in matches.reversed() {
            guard let range = Range(match.range, in: result) else { continue }
            result.replaceSubrange(range, with: replace(pattern, in: String(result[range]), with: template))
        }
        return result
    }

    /// Each capture group of every match, or the whole match when the pattern has no groups, → `{MASKED}`.
    private static func mask(_ pattern: String, in text: String) -> String {
        guard let regex = regex(pattern) else { return text }
        var ranges: [NSRange] = []
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let groups = match.numberOfRanges > 1 ? Array(1..<match.numberOfRanges) : [0]
            ranges += groups.map { match.range(at: $0) }.filter { $0.location != NSNotFound }
        }
        // From the last, so the text before each range is still as it was; of overlapping ranges only the
        // later-starting one is masked.
        var result = text
        var maskedFrom = Int.max
        for range in ranges.sorted(by: { $0.location > $1.location }) where NSMaxRange(range) <= maskedFrom {
            guard let bounds = Range(range, in: result) else { continue }
            result.replaceSubrange(bounds, with: "{MASKED}")
            maskedFrom = range.location
        }
        return result
    }

    private static func firstCapture(of pattern: String, in text: String) -> String? {
        guard let regex = regex(pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              match.numberOfRanges > 1, let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }
}
