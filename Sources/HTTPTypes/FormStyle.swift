import JSON

/// How a value is written as form fields or query parameters, as OpenAPI's `style` and `explode` say (an
/// Encoding Object's for a property of a form body, a Parameter Object's for a query parameter): `form`
/// with `explode` (OpenAPI's default: `tags=a&tags=b`, an object's members as fields of their own) or
/// without (`tags=a,b`), `spaceDelimited` and `pipeDelimited` arrays (`tags=a%20b`, `tags=a|b`), and
/// `deepObject` (`metadata[order_id]=6735`, `items[0][price]=p1`, as Stripe reads them).
public struct FormStyle: Sendable, Equatable {
    public enum Style: String, Sendable, CaseIterable {
        case form, spaceDelimited, pipeDelimited, deepObject
    }

    public var style: Style
    public var explode: Bool

    /// `explode` defaults as OpenAPI says: true for `form`, false for the others.
    public init(style: Style = .form, explode: Bool? = nil) {
        self.style = style
        self.explode = explode ?? (style == .form)
    }

    /// OpenAPI's default for a form body's property and a query parameter.
    public static let `default` = FormStyle()

    /// The fields `value` is written as under `name`.
    public func fields(_ name: String, _ value: JSONValue) -> [FormField] {
        switch value {
        case .array(let elements):
            if style == .deepObject || elements.contains(where: Self.isStructured) { return Self.deepFields(name, value) }
            let texts = elements.map(Self.text)
            if explode { return texts.map { FormField(name, $0) } }
            return [joined(name, texts)]
        case .object(let object):
            if style == .deepObject { return Self.deepFields(name, value) }
            if explode { return object.flatMap { member in Self.deepFields(member.key, member.value) } }
            if object.values.contains(where: Self.isStructured) { return Self.deepFields(name, value) }
            return [joined(name, object.flatMap { [$0.key, Self.text($0.value)] })]
        case .string, .number, .bool, .null:
            return [FormField(name, Self.text(value))]
        }
    }

    /// One field holding `texts` joined by the delimiter; a comma-joined list keeps its commas on the wire
    /// (`tags=a,b`), an item's own comma is encoded.
    private func joined(_ name: String, _ texts: [String]) -> FormField {
        guard delimiter == "," else { return FormField(name, texts.joined(separator: delimiter)) }
        var field = FormField(name, texts.joined(separator: ","))
        field.commaList = texts
        return field
    }

    /// The items of one field's text as this style joins them: the text itself when exploded.
    public func items(of text: String) -> [String] {
        guard !explode, !text.isEmpty else { return [text] }
        return text.split(separator: delimiter, omittingEmptySubsequences: false).map(String.init)
    }

    /// What separates the values of one field when it is not exploded.
    public var delimiter: String {
        switch style {
        case .spaceDelimited: " "
        case .pipeDelimited: "|"
        case .form, .deepObject: ","
        }
    }

    /// `name[key]…=value` for every scalar inside `value`, arrays by index (`name[0]`), as Stripe's own
    /// clients write nested parameters; an empty array or object is one empty field.
    static func deepFields(_ name: String, _ value: JSONValue) -> [FormField] {
        switch value {
        case .array(let elements):
            if elements.isEmpty { return [FormField(name, "")] }
            return elements.enumerated().flatMap { deepFields("\(name)[\($0.offset)]", $0.element) }
        case .object(let object):
            if object.isEmpty { return [FormField(name, "")] }
            return object.flatMap { deepFields("\(name)[\($0.key)]", $0.value) }
        case .string, .number, .bool, .null:
            return [FormField(name, text(value))]
        }
    }

    private static func isStructured(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: true
        case .string, .number, .bool, .null: false
        }
    }

    /// A scalar as a field's text: a string as it is, a number or boolean as JSON writes it, null empty.
    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .null: ""
        default: value.encoded()
        }
    }
}
