import JSON
/// One difference between two versions of an OpenAPI document, as `diff SERVICE A B --spec` shows it.
public struct SpecChange: Sendable, Equatable, CustomStringConvertible {
    /// The operation in the older document (`GET /pets/{petId}`), or in the newer one when added; for a
    /// change inside a component the operations share, the component (`components.schemas.Pet`).
    public let operation: String
    /// What changed inside it: `operation`, `path`, `parameter limit`, `request body`, `request body.name`,
    /// `response 200 body[].tag`, `status 201`.
    public let location: String
    /// `removed`, `added`, `renamed`, `type changed`, `now required`, `no longer required`,
    /// `enum value removed`, `enum value added`, `path parameter renamed`, `deprecated`.
    public let change: String
    /// Whether a client written against the older document can break.
    public let breaking: Bool
    /// The value before (a type, an enum value, a path), when there is one.
    public let a: String?
    /// The value after, when there is one.
    public let b: String?
    /// For a change inside a shared component (`operation` is then `components.schemas.Pet`): the
    /// operations that reach it, in the order of the diff, each once.
    public let usedBy: [String]

    public init(operation: String, location: String, change: String, breaking: Bool, a: String? = nil, b: String? = nil,
                usedBy: [String] = []) {
        self.operation = operation
        self.location = location
        self.change = change
        self.breaking = breaking
        self.a = a
        self.b = b
        self.usedBy = usedBy
    }

    /// Whether the change is reported at a shared component rather than at an operation.
    public var isComponent: Bool { !usedBy.isEmpty }

    /// `GET /pets/{petId}: parameter petId: type changed (string → integer), breaking`.
    public var description: String {
        let values: String = switch (a, b) {
        case let (a?, b?): " (\(a) → \(b))"
        case let (a?, nil): " (\(a))"
        case let (nil, b?): " (\(b))"
        case (nil, nil): ""
        }
        let users = usedBy.isEmpty ? "" : " (used by: \(usedBy.joined(separator: ", ")))"
        return "\(operation): \(location): \(change)\(values), " + (breaking ? "breaking" : "non-breaking") + users
    }
}
