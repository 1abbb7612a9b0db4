// TEMPORARY until the schema engine lands (branch `schema`).
public final class JSONSchema: Sendable { public let title: String? = nil }
public struct SchemaDocument: Sendable {
    public let root = JSONSchema()
    public init(document: JSONValue, pointer: String? = nil) throws(LocatorError) {}
    public func validate(_ value: JSONValue, limit: Int = 5) -> [DecodeFailure] { [] }
}
