import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree

/// A service version such as `v2`, `v2.1` or a calendar version `2022-11-28`, ordered numerically part by
/// part (`v2` < `v2.1` < `v10`; `2022-11-28` < `2024-06-20`). A version that is neither (`beta`,
/// `preview`, `2010-old`) is a label: labels order after every numeric version, by their text, and
/// `latest` passes them over unless a service has nothing else.
public struct ServiceVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How the version is written: dotted (`v2.1`), as a date (`2022-11-28`) or as a label (`beta`).
    public enum Style: Sendable, Hashable {
        case dotted, calendar, label
    }

    /// Labels are at most this long.
    static let labelLengthLimit = 64

    /// The numeric parts: `[2, 1]` for `v2.1`, `[2022, 11, 28]` for `2022-11-28`; `[0]` for a label.
    public let parts: [Int]
    public let style: Style
    /// The text of a label, as written; nil for a numeric version.
    public let label: String?

    public init(parts: [Int], style: Style = .dotted) {
        self.parts = parts.isEmpty ? [0] : parts
        self.style = style == .label ? .dotted : style
        self.label = nil
    }

    /// A label version (`beta`, `2010-old`).
    public init(label: String) {
        self.parts = [0]
        self.style = .label
        self.label = label
    }

    /// A numeric version when the text is one, else a label: a letter or digit, then letters, digits,
    /// `-`, `_` and `.`, at most `labelLengthLimit` of them; nil for anything else (blanks, quotes,
    /// nothing at all).
    public static func parse(_ text: String) -> ServiceVersion? {
        if let version = ServiceVersion(text) { return version }
        let trimmed = text.trimmingWhitespace()
        guard let first = trimmed.first, first.isASCII, first.isLetter || first.isNumber, trimmed.count <= labelLengthLimit,
              trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") })
        else { return nil }
        return ServiceVersion(label: trimmed)
    }

    /// Whether this is a label rather than a number or a date.
    var isLabel: Bool { label != nil }

    /// Parses `v2`, `V2`, `2`, `2.1`, `v2.1` and calendar versions `2022-11-28`; nil for anything else.
    public init?(_ text: String) {
        let trimmed = Substring(text.trimmingWhitespace())
        if let calendar = Self.calendarParts(trimmed) {
            self.init(parts: calendar, style: .calendar)
            return
        }
        var body = trimmed
        if let first = body.first, first == "v" || first == "V" { body = body.dropFirst() }
        guard !body.isEmpty, body.count <= 64 else { return nil }
        var parts: [Int] = []
        for piece in body.split(separator: ".", omittingEmptySubsequences: false) {
            guard let number = Self.number(piece) else { return nil }
            parts.append(number)
        }
        self.init(parts: parts)
    }

    /// `YYYY-MM-DD` (also `YYYY-MM`), the calendar versions of GitHub, Stripe and Azure.
    private static func calendarParts(_ text: Substring) -> [Int]? {
        let pieces = text.split(separator: "-", omittingEmptySubsequences: false)
        guard pieces.count == 2 || pieces.count == 3, pieces[0].count == 4,
              pieces.dropFirst().allSatisfy({ $0.count == 2 })
        else { return nil }
        let numbers = pieces.compactMap(number)
        guard numbers.count == pieces.count, (1...12).contains(numbers[1]) else { return nil }
        if numbers.count == 3, !(1...31).contains(numbers[2]) { return nil }
        return numbers
    }

    private static func number(_ piece: Substring) -> Int? {
        guard !piece.isEmpty, piece.count <= 9, piece.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(piece)
    }

    /// The first part: the version a built-in model is registered under.
    public var major: Int { parts[0] }

    /// `v2.1`, or `2022-11-28` for a calendar version.
    public var description: String {
        if let label { return label }
        guard style == .calendar else {
            return (style == .dotted ? "v" : "") + parts.map(String.init).joined(separator: ".")
        }
        // The month and the day with two digits.
        return parts.enumerated().map { index, part in index > 0 && part < 10 ? "0\(part)" : String(part) }.joined(separator: "-")
    }

    /// The version without its `v`, as a media type or a header carries it: `2.1`, `2022-11-28`.
    var bare: String {
        if let label { return label }
        return style == .dotted ? String(description.dropFirst()) : description
    }

    public static func < (lhs: ServiceVersion, rhs: ServiceVersion) -> Bool {
        switch (lhs.label, rhs.label) {
        case let (left?, right?): return left.lowercased() < right.lowercased()
        case (nil, _?): return true
        case (_?, nil): return false
        case (nil, nil): break
        }
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : -1
            let right = index < rhs.parts.count ? rhs.parts[index] : -1
            if left != right { return left < right }
        }
        return false
    }

    /// Trailing zero parts do not make a different version: `v2` == `v2.0`.
    /// Labels are equal in any case (`Beta` is `beta`).
    /// Compared and hashed on every request (the last exchange of each service is kept by key): the parts
    /// are read in place, up to the last that counts, with no trimmed copy made.
    public static func == (lhs: ServiceVersion, rhs: ServiceVersion) -> Bool {
        let count = lhs.significantCount
        guard count == rhs.significantCount, lhs.parts.prefix(count).elementsEqual(rhs.parts.prefix(count)) else {
            return false
        }
        return lhs.label?.lowercased() == rhs.label?.lowercased()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(label?.lowercased())
        let count = significantCount
        hasher.combine(count)
        for part in parts.prefix(count) { hasher.combine(part) }
    }

    /// How many parts count: trailing zeros after the first do not (`v2.0` is `v2`).
    private var significantCount: Int {
        var count = parts.count
        while count > 1, parts[count - 1] == 0 { count -= 1 }
        return count
    }
}
