import APIDescriptions
import Facade
import HTTPClient
import HTTPTypes
import JSON
import Schemas
import ScriptLanguage

extension ImpactScanner {
    /// A document's word (an operationId, a path, a version) as the script types it, quoted by the
    /// shell's one quoting function; nil when no line can hold it (a line break), and a comment says
    /// what to change instead.
    package static func written(_ value: String) -> String? {
        try? Tokenizer.quote(value)
    }

    /// A parameter or property name as the start of an item (`NAME=…`), or nil when no item can name it:
    /// an `=` or `:` in it would end the name early, a leading `@` would make the item a file to send.
    static func itemName(_ name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("@"), !name.contains("="), !name.contains(":") else { return nil }
        return written(name)
    }

    /// A value after an item's separator: after `=`, a leading `@` would name a file to send, so it is
    /// written `\@`, which the item reads as a plain `@`.
    static func itemValue(_ value: String, after separator: String) -> String? {
        written(separator == "=" && value.hasPrefix("@") ? "\\" + value : value)
    }

    /// `text` when the tokenizer reads it as exactly one word (operators on, as a request's line has
    /// them): a rebuilt target mixes typed text with the document's, and must not become two words.
    static func oneWord(_ text: String) -> String? {
        guard let commands = try? Tokenizer.parse(text, takesOperators: { _ in true }), commands.count == 1,
              commands[0].words.count == 1, commands[0].input == nil, commands[0].output == nil else { return nil }
        return text
    }

    // MARK: Matching parameters and properties

    package static func same(_ parameter: OpenAPIParameter, location: OpenAPIParameter.Location, name: String, in operation: OpenAPIOperation) -> Bool {
        guard parameter.location == location else { return false }
        return location == .header ? parameter.name.lowercased() == name.lowercased() : parameter.name == name
    }

    /// B's parameter for one of A's: path parameters as `diff --spec` pairs them (`PathParameterPairing`:
    /// by name, then by the segment they fill), others by location and name.
    static func counterpart(of parameter: OpenAPIParameter, from a: OpenAPIOperation, in b: OpenAPIOperation) -> OpenAPIParameter? {
        if parameter.location == .path {
            guard let name = PathParameterPairing(a, b).partner[parameter.name] else { return nil }
            return b.parameters.first { $0.location == .path && $0.name == name }
        }
        return b.parameters.first { same($0, location: parameter.location, name: parameter.name, in: b) }
    }

    /// Parameters of A gone from B that one parameter B added in the same place replaces: the only one
    /// added there, or the only one of the same type.
    static func parameterRenames(_ pair: OperationPairing.Pair) -> [String: OpenAPIParameter] {
        let goneA = pair.a.parameters.filter { counterpart(of: $0, from: pair.a, in: pair.b) == nil }
        let newB = pair.b.parameters.filter { parameterB in
            !pair.a.parameters.contains { counterpart(of: $0, from: pair.a, in: pair.b)?.name == parameterB.name && $0.location == parameterB.location }
        }
        var renames: [String: OpenAPIParameter] = [:]
        for location in OpenAPIParameter.Location.allCases where location != .path {
            let gone = goneA.filter { $0.location == location }
            let added = newB.filter { $0.location == location }
            for parameter in gone {
                let sameType = added.filter { $0.typeDescription == parameter.typeDescription }
                if sameType.count == 1 {
                    renames[parameter.name] = sameType[0]
                } else if gone.count == 1, added.count == 1 {
                    renames[parameter.name] = added[0]
                }
            }
        }
        return renames
    }

    /// Body properties of A gone from B that one added property of the same type replaces.
    static func propertyRenames(_ a: JSONSchema?, _ b: JSONSchema?) -> [String: String] {
        guard let a, let b else { return [:] }
        let namesA = Set(a.properties.map(\.name)), namesB = Set(b.properties.map(\.name))
        let gone = a.properties.filter { !namesB.contains($0.name) }
        let added = b.properties.filter { !namesA.contains($0.name) }
        var renames: [String: String] = [:]
        for property in gone {
            let sameType = added.filter { Self.types($0.schema) == Self.types(property.schema)
                && $0.schema.enumValues.map { Set($0) } == property.schema.enumValues.map { Set($0) } }
            if sameType.count == 1 { renames[property.name] = sameType[0].name }
        }
        return renames
    }

    // MARK: Types

    package static func types(_ schema: JSONSchema) -> Set<String>? {
        guard !schema.types.isEmpty else { return nil }
        var types = Set(schema.types)
        if schema.isNullable { types.insert("null") }
        return types
    }

    static func accepts(_ outer: Set<String>?, everythingIn inner: Set<String>?) -> Bool {
        guard let outer else { return true }
        guard let inner else { return false }
        return inner.allSatisfy { outer.contains($0) || ($0 == "integer" && outer.contains("number")) }
    }

    /// Whether a value as typed (`3`, `true`, `Rex`) is one of these JSON types.
    static func fits(_ value: String, _ types: Set<String>) -> Bool {
        if types.contains("string") { return true }
        if types.contains("integer"), Int(value) != nil { return true }
        if types.contains("number"), Double(value) != nil { return true }
        if types.contains("boolean"), value == "true" || value == "false" { return true }
        return false
    }

    private static let typeOrder = ["object", "array", "string", "number", "integer", "boolean", "null"]

    package static func text(_ types: Set<String>?) -> String {
        guard let types else { return "any" }
        return typeOrder.filter(types.contains).joined(separator: " | ")
    }
}
