/// What a capture or an assertion reads from the answer, in hurl's terms (the richest of the formats):
/// a query, then filters applied in order.
public enum ImportedQuery: Sendable, Equatable {
    case status
    case header(String)
    /// A JSONPath expression as written (`$.data[0].id`).
    case jsonPath(String)
    case body
    /// A query apish has no equivalent for (`xpath`, `certificate`, `cookie`, `duration`, `sha256`…), by its
    /// hurl name, with its argument when it has one.
    case other(String, argument: String?)

    /// hurl's name for the query (`status`, `header`, `jsonpath`, …).
    public var kind: String {
        switch self {
        case .status: "status"
        case .header: "header"
        case .jsonPath: "jsonpath"
        case .body: "body"
        case .other(let kind, _): kind
        }
    }
}

/// A filter between a query and its predicate (`count`, `nth 0`, `regex "…"`), by hurl's name and arguments.
public struct ImportedFilter: Sendable, Equatable {
    public var name: String
    public var arguments: [String]

    public init(_ name: String, _ arguments: [String] = []) {
        self.name = name
        self.arguments = arguments
    }
}

/// A value a predicate compares with.
public enum ImportedValue: Sendable, Equatable {
    case string(String)
    /// A number as written (`1.70` stays `1.70`).
    case number(String)
    case bool(Bool)
    case null
    /// An unquoted `{{name}}`.
    case variable(String)
    /// Bytes (`hex,…;`, `base64,…;`).
    case bytes([UInt8])
    /// A regular expression literal (`/\d{4}/`).
    case regex(String)
}

/// A capture: the value a query finds, kept under a name for later requests.
public struct ImportedCapture: Sendable, Equatable {
    public var name: String
    public var query: ImportedQuery
    public var filters: [ImportedFilter]

    public init(name: String, query: ImportedQuery, filters: [ImportedFilter] = []) {
        self.name = name
        self.query = query
        self.filters = filters
    }
}

/// An assertion: a query, filters, and a predicate that must hold.
public struct ImportedAssertion: Sendable, Equatable {
    public var query: ImportedQuery
    public var filters: [ImportedFilter]
    /// The predicate's name as hurl writes it (`==`, `!=`, `<`, `contains`, `startsWith`, `exists`, `isString`…).
    public var predicate: String
    public var negated: Bool
    public var value: ImportedValue?

    public init(query: ImportedQuery, filters: [ImportedFilter] = [], predicate: String, negated: Bool = false, value: ImportedValue? = nil) {
        self.query = query
        self.filters = filters
        self.predicate = predicate
        self.negated = negated
        self.value = value
    }

    /// `HTTP 200`, `status == 200`.
    public static func status(_ code: Int) -> ImportedAssertion {
        ImportedAssertion(query: .status, predicate: "==", value: .number(String(code)))
    }
}
