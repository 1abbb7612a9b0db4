import FoundationFree

/// A path template read once into segments, each a run of literal text and `{name}` expressions, as RFC
/// 6570 level 1 allows: several parameters may share a segment (`/compare/{base}...{head}`,
/// `/files/{name}.{ext}`). `call`, the mock, the raw requests' answer checks and `impact` match paths by it.
public struct PathTemplate: Sendable, Equatable {
    /// One piece of a segment.
    public enum Piece: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The segments between slashes, each its pieces in order.
    public let segments: [[Piece]]

    public init(_ template: String) {
        // An ASCII template (every one a description declares, near enough) is cut by its bytes, where
        // a character is a byte: walking characters cost a spec diff 1.7% of its instructions.
        if template.utf8.allSatisfy({ $0 < 0x80 }) {
            segments = template.utf8.split(separator: UInt8(ascii: "/")).map { Self.asciiPieces(Substring($0)) }
        } else {
            segments = template.split(separator: "/").map(Self.pieces)
        }
    }

    private static func pieces(_ segment: Substring) -> [Piece] {
        var pieces: [Piece] = []
        var rest = segment
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            pieces.append(.parameter(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty || pieces.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
    }

    /// `pieces` of an ASCII segment, found by its bytes.
    private static func asciiPieces(_ segment: Substring) -> [Piece] {
        var pieces: [Piece] = []
        var rest = segment
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")),
              let close = rest.utf8[open...].firstIndex(of: UInt8(ascii: "}")) {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            pieces.append(.parameter(String(rest[rest.utf8.index(after: open)..<close])))
            rest = rest[rest.utf8.index(after: close)...]
        }
        if !rest.isEmpty || pieces.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
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
