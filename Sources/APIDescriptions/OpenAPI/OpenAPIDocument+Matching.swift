import HTTPTypes

extension OpenAPIDocument {
    /// The operation of `method` whose path template matches `path` (query and fragment aside) best: the
    /// one with most literal segments equal, where a `{name}` segment matches any one segment (and
    /// `{base}...{head}` one that holds its `...`), and so does
    /// a segment `isWildcard` says stands for anything (a value `impact` knows only at run time). The raw
    /// requests' answer checks and `impact` both pick operations by this one rule.
    public func operation(_ method: HTTPMethod, matchingPath path: String,
                          isWildcard: (Substring) -> Bool = { _ in false }) -> OpenAPIOperation? {
        let end = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        let segments = path[..<end].split(separator: "/")
        var best: (operation: OpenAPIOperation, literals: Int)?
        for operation in operations where operation.method == method {
            guard let match = operation.template.match(segments, isWildcard: isWildcard) else { continue }
            if match.literals > best?.literals ?? -1 { best = (operation, match.literals) }
        }
        return best?.operation
    }
}
