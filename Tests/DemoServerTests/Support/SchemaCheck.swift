import JSON
@testable import DemoServer

/// A small JSON Schema checker for the subset the demo documents use (`type`, `nullable`, `enum`,
/// `properties`, `required`, `items`, `$ref` within the document, `allOf`, length, range and size
/// limits), so tests can prove that the demo's bodies match the schemas and specs it serves. It is
/// independent of the client's schema engine on purpose: the server's documents are checked against
/// the standard, not against another part of apish.
struct SchemaCheck {
    /// The document `$ref`s point into.
    let document: JSONValue

    /// Violations as `path: expected …, found …`; empty when `value` matches.
    func violations(of value: JSONValue, against schema: JSONValue, at path: String = "") -> [String] {
        let here = path.isEmpty ? "(root)" : path
        if let reference = schema["$ref"]?.stringValue {
            guard let target = document.resolving(pointer: reference) else { return ["\(here): unresolvable $ref \(reference)"] }
            return violations(of: value, against: target, at: path)
        }
        var found: [String] = []
        for part in schema["allOf"]?.arrayValue ?? [] {
            found += violations(of: value, against: part, at: path)
        }
        if case .null = value, schema["nullable"]?.boolValue == true { return found }
        if let types = Self.types(of: schema), !types.contains(where: { Self.value(value, hasType: $0) }) {
            return found + ["\(here): expected \(types.joined(separator: " or ")), found \(Self.typeName(of: value))"]
        }
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(value) {
            found.append("\(here): \(value) is not one of the enum")
        }
        switch value {
        case .object(let members):
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where !members.contains(where: { $0.0 == name }) {
                found.append("\(Self.join(path, name)): required, missing")
            }
            for (name, member) in members {
                if let property = schema["properties"]?[name] {
                    found += violations(of: member, against: property, at: Self.join(path, name))
                }
            }
        case .array(let items):
            if let maximum = schema["maxItems"]?.intValue, items.count > maximum { found.append("\(here): more than \(maximum) items") }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    found += violations(of: item, against: itemSchema, at: "\(path)[\(index)]")
                }
            }
        case .string(let text):
            let length = text.unicodeScalars.count
            if let minimum = schema["minLength"]?.intValue, length < minimum { found.append("\(here): shorter than \(minimum)") }
            if let maximum = schema["maxLength"]?.intValue, length > maximum { found.append("\(here): longer than \(maximum)") }
        case .number:
            let number = value.doubleValue ?? .nan
            if let minimum = schema["minimum"]?.doubleValue, !(number >= minimum) { found.append("\(here): below \(minimum)") }
            if let maximum = schema["maximum"]?.doubleValue, !(number <= maximum) { found.append("\(here): above \(maximum)") }
        default:
            break
        }
        return found
    }

    private static func types(of schema: JSONValue) -> [String]? {
        switch schema["type"] {
        case .string(let type)?: return [type]
        case .array(let types)?: return types.compactMap(\.stringValue)
        default: return nil
        }
    }

    private static func value(_ value: JSONValue, hasType type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("integer", .number):
            return value.intValue != nil
        default:
            return false
        }
    }

    private static func typeName(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string(let text): return "string \"\(text)\""
        case .array: return "array"
        case .object: return "object"
        }
    }

    private static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }
}
