/// One difference (or, on request, one sameness) found by `JSONDiff`.
///
/// `path` is a `JSONPath` in canonical form (`.` for the root; array elements matched by identity as
/// `data[_id=t01]`), or, for `JSONDiff.compareShapes`, a shape path where `[]` means every element.
/// Value comparisons fill `a`/`b` with the values on each side (nil where absent) and `aType`/`bType`
/// with their `typeName`s; shape comparisons leave `a`/`b` nil and put the inferred types (`number|string`,
/// `string (optional)`) in `aType`/`bType`.
public struct JSONChange: Sendable, Hashable, CustomStringConvertible {
    /// What happened at `path`; the raw values are the short words used in `--json` output.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case added
        case removed
        case typeChanged = "type"
        case valueChanged = "value"
        case unchanged = "same"
    }

    public var path: String
    public var kind: Kind
    public var a: JSONValue?
    public var b: JSONValue?
    public var aType: String?
    public var bType: String?

    /// A change between values; the types are taken from the values.
    public init(path: String, kind: Kind, a: JSONValue?, b: JSONValue?) {
        self.path = path
        self.kind = kind
        self.a = a
        self.b = b
        aType = a?.typeName
        bType = b?.typeName
    }

    /// A change between shapes, known only by type.
    public init(path: String, kind: Kind, aType: String?, bType: String?) {
        self.path = path
        self.kind = kind
        self.aType = aType
        self.bType = bType
    }

    /// One line, e.g. `currentTemperature: type string → number ("63" → 63)`,
    /// `currentConditions: added "Sunny"`, `likeCount: changed 3 → 4`, `city: same "Richmond"`.
    public var description: String {
        let detail: String
        switch kind {
        case .added:
            detail = "added " + (b.map(Self.excerpt) ?? bType ?? "")
        case .removed:
            detail = "removed " + (a.map(Self.excerpt) ?? aType ?? "")
        case .typeChanged:
            detail = "type \(aType ?? "?") → \(bType ?? "?")"
                + (a != nil && b != nil ? " (\(a.map(Self.excerpt) ?? "") → \(b.map(Self.excerpt) ?? ""))" : "")
        case .valueChanged:
            detail = "changed \(a.map(Self.excerpt) ?? "?") → \(b.map(Self.excerpt) ?? "?")"
        case .unchanged:
            detail = "same " + (a.map(Self.excerpt) ?? aType ?? "")
        }
        return "\(path): \(detail)"
    }

    /// Compact JSON, cut at 60 characters so a description stays one readable line.
    static func excerpt(_ value: JSONValue) -> String {
        let text = value.encoded()
        guard text.count > 60 else { return text }
        return String(text.prefix(59)) + "…"
    }
}
