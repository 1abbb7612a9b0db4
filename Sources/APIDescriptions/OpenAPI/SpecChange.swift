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
    /// The rule's stable id, as oasdiff spells it (`request-parameter-removed`); see `SpecChangeRules`.
    public let id: String
    /// Breaking, warning or info, from `SpecChangeRules`.
    public let level: SpecChangeLevel
    /// The value before (a type, an enum value, a path), when there is one.
    public let a: String?
    /// The value after, when there is one.
    public let b: String?
    /// For a change inside a shared component (`operation` is then `components.schemas.Pet`): the
    /// operations that reach it, in the order of the diff, each once.
    public let usedBy: [String]

    public init(id: String, operation: String, location: String, change: String, a: String? = nil, b: String? = nil,
                usedBy: [String] = []) {
        self.id = id
        self.level = SpecChangeRules.level(of: id)
        self.operation = operation
        self.location = location
        self.change = change
        self.a = a
        self.b = b
        self.usedBy = usedBy
    }

    /// Whether a client written against the older document can break.
    public var breaking: Bool { level == .breaking }

    /// Whether the change is reported at a shared component rather than at an operation.
    public var isComponent: Bool { !usedBy.isEmpty }

    /// `type changed (string → integer)`, `added (required string)`, `removed`: the change with its values.
    public var what: String {
        let values: String = switch (a, b) {
        case let (a?, b?): " (\(a) → \(b))"
        case let (a?, nil): " (\(a))"
        case let (nil, b?): " (\(b))"
        case (nil, nil): ""
        }
        return change + values
    }

    /// `GET /pets/{petId}: parameter petId: type changed (string → integer), breaking [request-parameter-type-changed]`.
    public var description: String {
        let users = usedBy.isEmpty ? "" : " (used by: \(usedBy.joined(separator: ", ")))"
        return "\(operation): \(location): \(what), \(level.rawValue) [\(id)]" + users
    }
}
