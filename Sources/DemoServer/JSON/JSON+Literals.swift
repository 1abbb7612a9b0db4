/// Literals for `JSON`, so long fixture documents (schemas, OpenAPI specs) read like the JSON they
/// become. A dictionary literal keeps its members in the order written, which is the order served.
extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    init(stringLiteral value: String) {
        self = .string(value)
    }

    init(integerLiteral value: Int) {
        self = .int(value)
    }

    init(floatLiteral value: Double) {
        self = .double(value)
    }

    init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    init(arrayLiteral elements: JSON...) {
        self = .array(elements)
    }

    init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(elements)
    }
}
