import Foundation

/// A service version such as `v2` or `v2.1`, ordered numerically part by part (`v2` < `v2.1` < `v10`).
public struct ServiceVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The dotted numeric parts: `[2, 1]` for `v2.1`.
    public let parts: [Int]

    public init(parts: [Int]) {
        self.parts = parts.isEmpty ? [0] : parts
    }

    /// Parses `v2`, `V2`, `2`, `2.1`, `v2.1`; nil for anything else.
    public init?(_ text: String) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if let first = body.first, first == "v" || first == "V" { body = body.dropFirst() }
        guard !body.isEmpty else { return nil }
        var parts: [Int] = []
        for piece in body.split(separator: ".", omittingEmptySubsequences: false) {
            guard !piece.isEmpty, piece.allSatisfy(\.isASCII), let number = Int(piece), number >= 0 else { return nil }
            parts.append(number)
        }
        self.init(parts: parts)
    }

    /// The first part: the version a typed model is registered under.
    public var major: Int { parts[0] }

    public var description: String { "v" + parts.map(String.init).joined(separator: ".") }

    public static func < (lhs: ServiceVersion, rhs: ServiceVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : -1
            let right = index < rhs.parts.count ? rhs.parts[index] : -1
            if left != right { return left < right }
        }
        return false
    }

    /// Trailing zero parts do not make a different version: `v2` == `v2.0`.
    public static func == (lhs: ServiceVersion, rhs: ServiceVersion) -> Bool {
        lhs.normalizedParts == rhs.normalizedParts
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(normalizedParts) }

    private var normalizedParts: [Int] {
        var trimmed = parts
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        return trimmed
    }
}
