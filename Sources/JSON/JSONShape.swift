/// The inferred schema of a JSON value: which types appear at each place, which fields objects have, and
/// what the elements of arrays look like, merged across all elements.
///
/// Merging is what makes it useful on real responses: the elements of `forecast` collapse to one element
/// shape; a field that holds numbers in some elements and strings in others becomes `number|string`; a
/// field missing from some elements is optional. `flattened` lists it for display:
/// ```
/// forecast          array
/// forecast[]        object
/// forecast[].high   number
/// forecast[].note   string (optional)
/// ```
public struct JSONShape: Sendable, Hashable, CustomStringConvertible {
    /// The set of JSON types seen at one place.
    public struct Kinds: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8

        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        public static let object = Kinds(rawValue: 1 << 0)
        public static let array = Kinds(rawValue: 1 << 1)
        public static let number = Kinds(rawValue: 1 << 2)
        public static let string = Kinds(rawValue: 1 << 3)
        public static let boolean = Kinds(rawValue: 1 << 4)
        public static let null = Kinds(rawValue: 1 << 5)

        /// Display order: containers first, null last (`number|string`, `string|null`).
        static let ordered: [(Kinds, String)] = [
            (.object, "object"), (.array, "array"), (.number, "number"),
            (.string, "string"), (.boolean, "boolean"), (.null, "null"),
        ]
    }

    /// A member of the object part of a shape.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var shape: JSONShape
        /// Missing from some of the objects merged into this shape.
        public var isOptional: Bool

        public init(name: String, shape: JSONShape, isOptional: Bool = false) {
            self.name = name
            self.shape = shape
            self.isOptional = isOptional
        }
    }

    public private(set) var kinds: Kinds
    /// The members seen in objects at this place, in first-seen order (empty unless `kinds` has `.object`).
    public private(set) var fields: [Field]
    /// Zero or one element shape; an array is the indirection a struct needs to contain its own type.
    private var elementStorage: [JSONShape]

    /// The merged shape of all elements of the arrays seen here; `nil` when those arrays were all empty
    /// (or no array was seen).
    public var element: JSONShape? { elementStorage.first }

    /// The shape of one value.
    public init(of value: JSONValue) {
        fields = []
        elementStorage = []
        switch value {
        case .null:
            kinds = .null
        case .bool:
            kinds = .boolean
        case .number:
            kinds = .number
        case .string:
            kinds = .string
        case .array(let elements):
            kinds = .array
            var merged: JSONShape?
            for element in elements {
                let shape = JSONShape(of: element)
                merged = merged.map { $0.merged(with: shape) } ?? shape
            }
            elementStorage = merged.map { [$0] } ?? []
        case .object(let object):
            kinds = .object
            fields = object.map { Field(name: $0.key, shape: JSONShape(of: $0.value)) }
        }
    }

    /// The shape of a place that has held values of both shapes.
    public func merged(with other: JSONShape) -> JSONShape {
        var result = self
        result.kinds.formUnion(other.kinds)
        switch (element, other.element) {
        case let (mine?, theirs?): result.elementStorage = [mine.merged(with: theirs)]
        case let (nil, theirs?): result.elementStorage = [theirs]
        default: break
        }
        if kinds.contains(.object), other.kinds.contains(.object) {
            result.fields = Self.mergeFields(fields, other.fields)
        } else if other.kinds.contains(.object) {
            result.fields = other.fields
        }
        return result
    }

    private static func mergeFields(_ first: [Field], _ second: [Field]) -> [Field] {
        var positions: [String: Int] = [:]
        for (position, field) in second.enumerated() { positions[field.name] = position }
        var merged: [Field] = []
        var used = Set<Int>()
        for field in first {
            if let position = positions[field.name] {
                used.insert(position)
                let other = second[position]
                merged.append(Field(
                    name: field.name,
                    shape: field.shape.merged(with: other.shape),
                    isOptional: field.isOptional || other.isOptional
                ))
            } else {
                merged.append(Field(name: field.name, shape: field.shape, isOptional: true))
            }
        }
        for (position, field) in second.enumerated() where !used.contains(position) {
            merged.append(Field(name: field.name, shape: field.shape, isOptional: true))
        }
        return merged
    }

    /// The types at this place joined by `|`, e.g. `number`, `number|string`, `string|null`.
    public var typeName: String {
        Kinds.ordered.filter { kinds.contains($0.0) }.map(\.1).joined(separator: "|")
    }

    /// One row per place below (and excluding) the root, depth first in field order: the path
    /// (`forecast[].high`, with `[]` standing for every element) and its type, suffixed
    /// ` (optional)` for fields missing from some objects. The root gets a row (path `.`) only when it
    /// is not a plain object, since a listing of an object's fields already says that.
    public var flattened: [(path: String, type: String)] {
        flattened(includingRoot: kinds != .object)
    }

    func flattened(includingRoot: Bool) -> [(path: String, type: String)] {
        var rows: [(path: String, type: String)] = []
        if includingRoot { rows.append((".", typeName)) }
        appendRows(below: "", to: &rows)
        return rows
    }

    private func appendRows(below path: String, to rows: inout [(path: String, type: String)]) {
        for field in fields {
            let fieldPath = JSONPath.appending(key: field.name, to: path)
            rows.append((fieldPath, field.shape.typeName + (field.isOptional ? " (optional)" : "")))
            field.shape.appendRows(below: fieldPath, to: &rows)
        }
        if let element {
            let elementPath = path + "[]"
            rows.append((elementPath, element.typeName))
            element.appendRows(below: elementPath, to: &rows)
        }
    }

    /// A compact TypeScript-like rendering: `{city: string, forecast: [{day: string, high: number}], note?: string}`.
    public var description: String {
        var parts: [String] = []
        for (kind, name) in Kinds.ordered where kinds.contains(kind) {
            switch kind {
            case .object:
                let members = fields.map { field in
                    let name = JSONPath.isPlainName(field.name) ? field.name : JSONValue.string(field.name).encoded()
                    return name + (field.isOptional ? "?" : "") + ": " + field.shape.description
                }
                parts.append("{" + members.joined(separator: ", ") + "}")
            case .array:
                parts.append("[" + (element?.description ?? "") + "]")
            default:
                parts.append(name)
            }
        }
        return parts.joined(separator: "|")
    }
}

extension JSONValue {
    /// The inferred schema of this value; see `JSONShape`.
    public var shape: JSONShape { JSONShape(of: self) }
}
