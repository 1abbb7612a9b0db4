import APIDescriptions
import JSON
import Schemas

/// The keywords of a schema that `JSONSchema`'s public face does not show yet (bounds, lengths, pattern,
/// `example`, `default`, `readOnly`/`writeOnly`), read where the schema is written: its own, then those of
/// its `$ref` and `allOf` branches, the tightest bound winning. Structure (types, properties, required,
/// items, enum, const, composition) always comes from `JSONSchema`.
struct SchemaKeywords {
    var minimum: Double?
    var maximum: Double?
    var exclusiveMinimum = false
    var exclusiveMaximum = false
    var multipleOf: Double?
    /// The bounds and step as written, for what a `Double` cannot hold exactly (integers beyond 2^53, a
    /// step of 1e-10).
    var exactMinimum: JSONNumber?
    var exactMaximum: JSONNumber?
    var exactMultipleOf: JSONNumber?
    var minLength: Int?
    var maxLength: Int?
    var pattern: String?
    var minItems: Int?
    var maxItems: Int?
    var uniqueItems = false
    var minProperties: Int?
    /// `example`, else the first of `examples` (an array in 3.1 schemas).
    var example: JSONValue?
    var defaultValue: JSONValue?
    var readOnly = false
    var writeOnly = false

    /// Levels of `allOf` and `$ref` looked into, and schemas read in all, at most.
    private static let depthLimit = 16
    private static let readLimit = 256
    private var reads = 0

    init(_ schema: JSONSchema, in document: RawDocument) {
        guard let written = document.value(at: schema.pointer) else { return }
        if let example = written["example"] {
            self.example = example
        } else if case .array(let examples)? = written["examples"], let first = examples.first {
            example = first
        }
        defaultValue = written["default"]
        read(written, in: document, depth: 0)
    }

    private mutating func read(_ schema: JSONValue, in document: RawDocument, depth: Int) {
        guard case .object(let keywords) = schema, depth < Self.depthLimit, reads < Self.readLimit else { return }
        reads += 1
        if let value = keywords["minimum"]?.numberValue {
            raiseMinimum(value, exclusive: keywords["exclusiveMinimum"]?.boolValue == true)
        }
        if let value = keywords["exclusiveMinimum"]?.numberValue { raiseMinimum(value, exclusive: true) }
        if let value = keywords["maximum"]?.numberValue {
            lowerMaximum(value, exclusive: keywords["exclusiveMaximum"]?.boolValue == true)
        }
        if let value = keywords["exclusiveMaximum"]?.numberValue { lowerMaximum(value, exclusive: true) }
        if let written = keywords["multipleOf"]?.numberValue, let value = written.double, value > 0, multipleOf == nil {
            multipleOf = value
            exactMultipleOf = written
        }
        Self.tighten(&minLength, keywords["minLength"]?.intValue, by: max)
        Self.tighten(&maxLength, keywords["maxLength"]?.intValue, by: min)
        Self.tighten(&minItems, keywords["minItems"]?.intValue, by: max)
        Self.tighten(&maxItems, keywords["maxItems"]?.intValue, by: min)
        Self.tighten(&minProperties, keywords["minProperties"]?.intValue, by: max)
        if pattern == nil, case .string(let text)? = keywords["pattern"] { pattern = text }
        if keywords["uniqueItems"]?.boolValue == true { uniqueItems = true }
        if keywords["readOnly"]?.boolValue == true { readOnly = true }
        if keywords["writeOnly"]?.boolValue == true { writeOnly = true }
        if case .string(let reference)? = keywords["$ref"], let target = document.value(at: reference) {
            read(target, in: document, depth: depth + 1)
        }
        if case .array(let branches)? = keywords["allOf"] {
            for branch in branches { read(branch, in: document, depth: depth + 1) }
        }
    }

    private mutating func raiseMinimum(_ written: JSONNumber, exclusive: Bool) {
        guard let value = written.double, minimum.map({ value > $0 || (value == $0 && exclusive) }) ?? true else { return }
        minimum = value
        exactMinimum = written
        exclusiveMinimum = exclusive
    }

    private mutating func lowerMaximum(_ written: JSONNumber, exclusive: Bool) {
        guard let value = written.double, maximum.map({ value < $0 || (value == $0 && exclusive) }) ?? true else { return }
        maximum = value
        exactMaximum = written
        exclusiveMaximum = exclusive
    }

    private static func tighten(_ current: inout Int?, _ value: Int?, by pick: (Int, Int) -> Int) {
        guard let value, value >= 0 else { return }
        current = current.map { pick($0, value) } ?? value
    }

    /// Whether a string keyword says the value is text.
    var suggestsString: Bool { minLength != nil || maxLength != nil || pattern != nil }

    /// Whether a numeric keyword says the value is a number.
    var suggestsNumber: Bool { minimum != nil || maximum != nil || multipleOf != nil }
}
