import FoundationFree

/// A path template read once into segments, each a run of literal text and `{name}` expressions, as RFC
/// 6570 level 1 allows: several parameters may share a segment (`/compare/{base}...{head}`,
/// `/files/{name}.{ext}`). `call`, the mock, the raw requests' answer checks and `impact` match paths by it;
/// `scan` is the one reading of a template's text.
public struct PathTemplate: Sendable, Equatable {
    /// One piece of a segment.
    public enum Piece: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The segments between slashes, each its pieces in order.
    public let segments: [[Piece]]

    public init(_ template: String) {
        segments = Self.segmentTexts(of: template[...]).filter { !$0.isEmpty }.map { segment in
            var pieces: [Piece] = []
            Self.scan(segment, literal: { pieces.append(.literal(String($0))) },
                      parameter: { pieces.append(.parameter(String($0))) })
            return pieces
        }
    }

    /// The texts between a template's slashes, empty ones kept (`/a//b` has four), cut at each `/` as `scan`
    /// reads it: by code point, so a `/` followed by a combining mark still ends a segment. Every reader that
    /// counts a template's segments (matching, coverage, pairing a diff's parameters) cuts them here.
    static func segmentTexts(of template: Substring) -> [Substring] {
        template.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The one reading of a template's text, which every reader of `{name}` goes through (the segments
    /// here, the names `call` fills in order, the text a filled URL is made of, the shape a diff pairs
    /// paths by): a `{`, a name that is not empty and holds no `{`, `}` or `/`, then `}` is a parameter
    /// (RFC 6570 level 1); every other character is literal text, a `{` that no such name closes and a
    /// lone `}` among them. Read by code point: the braces and the slash are ASCII, so the text's bytes are
    /// walked, and no run of combining marks joins a brace into another character.
    ///
    /// `literal` is called with each longest run of literal text, `parameter` with each name, in order.
    static func scan(_ text: Substring, literal: (Substring) -> Void, parameter: (Substring) -> Void) {
        let bytes = text.utf8
        var literalStart = bytes.startIndex
        var open: Substring.Index?
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                open = index
            case UInt8(ascii: "}"):
                if let start = open, case let nameStart = bytes.index(after: start), nameStart < index {
                    if literalStart < start { literal(text[literalStart..<start]) }
                    parameter(text[nameStart..<index])
                    literalStart = bytes.index(after: index)
                }
                open = nil
            case UInt8(ascii: "/"):
                open = nil
            default:
                break
            }
            index = bytes.index(after: index)
        }
        if literalStart < bytes.endIndex { literal(text[literalStart...]) }
    }

    /// The names of `template`'s parameters in order, each once: a name written twice (`/z/{a}/{a}`) is one
    /// parameter with one value. The order positional `call` arguments fill them.
    static func names(in template: String) -> [String] {
        var names: [String] = []
        scan(template[...], literal: { _ in }, parameter: { name in
            let name = String(name)
            if !names.contains(name) { names.append(name) }
        })
        return names
    }

    /// The parameters' values when `path` (its segments, decoded) fits the template, and how many segments
    /// matched literally (the better match of two has more). `isWildcard` marks a segment that stands for
    /// any value (one `impact` knows only at run time): it fits any template segment.
    public func match<Segments: Collection>(
        _ path: Segments, isWildcard: (Segments.Element) -> Bool = { _ in false }
    ) -> (values: [String: String], literals: Int)? where Segments.Element: StringProtocol {
        guard path.count == segments.count else { return nil }
        var values: [String: String] = [:]
        var literals = 0
        for (pieces, text) in zip(segments, path) {
            if isWildcard(text) { continue }
            guard Self.match(pieces[...], Substring(text), into: &values) else { return nil }
            if pieces.count == 1, case .literal = pieces[0] { literals += 1 }
        }
        return (values, literals)
    }

    /// A segment's pieces against its text: literals exactly, each parameter at least one character and up
    /// to the first place the literal after it appears (the last parameter takes the rest). One pass, no
    /// backtracking, so a long hostile segment costs its length.
    private static func match(_ pieces: ArraySlice<Piece>, _ text: Substring, into values: inout [String: String]) -> Bool {
        var rest = text
        var index = pieces.startIndex
        while index < pieces.endIndex {
            switch pieces[index] {
            case .literal(let literal):
                guard rest.hasPrefix(literal) else { return false }
                rest = rest.dropFirst(literal.count)
            case .parameter(let name):
                let value: Substring
                let next = pieces.index(after: index)
                if next == pieces.endIndex {
                    value = rest
                } else if case .literal(let literal) = pieces[next] {
                    guard !rest.isEmpty, let found = rest.dropFirst().literalRange(of: literal) else { return false }
                    value = rest[..<found.lowerBound]
                } else {
                    // Two parameters side by side: the first takes one character.
                    value = rest.prefix(1)
                }
                guard !value.isEmpty else { return false }
                values[name] = String(value)
                rest = rest[value.endIndex...]
            }
            index += 1
        }
        return rest.isEmpty
    }
}
