import JSON
/// One `name=value` pair of a form body or a query string. Order matters and names may repeat,
/// so fields travel as arrays rather than dictionaries.
public struct FormField: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var value: String
    /// When the value is a list joined by commas (a `form` list not exploded, `tags=a,b`), its items: the
    /// commas between them go on the wire as they are, as OpenAPI's examples show, an item's own encoded.
    public var commaList: [String]?

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public init(_ name: String, _ value: String) {
        self.init(name: name, value: value)
    }

    public var description: String { "\(name)=\(value)" }
}
