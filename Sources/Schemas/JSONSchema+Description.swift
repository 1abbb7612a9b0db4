import JSON
extension JSONSchema {
    /// How deep a description names nested schemas before it settles for their bare type.
    private static let descriptionDepthLimit = 6

    /// The type in a few words, for `help OPERATION` and spec diffs: `string`, `integer`, `array of Pet`,
    /// `object`, `string (date-time)`, `Pet | null`, `Cat | Dog`. A schema declared under a name shows it.
    public var typeDescription: String {
        describe(index, depth: 0)
    }

    /// What a list of alternatives calls this schema: its declared name, else its title, else its type.
    public var displayName: String {
        displayName(index, depth: 0)
    }

    /// How many enum values a description names before it says how many more there are.
    public static let shownEnumValues = 10

    /// `a | b | c`, or the first `limit` and `… and N more`: a 100,000-value enum is one short line.
    public static func listed(_ values: [JSONValue], limit: Int = shownEnumValues, as text: (JSONValue) -> String) -> String {
        let shown = values.prefix(limit).map(text).joined(separator: " | ")
        return values.count > limit ? shown + " | … and \(values.count - limit) more" : shown
    }

    private func displayName(_ index: Int, depth: Int) -> String {
        let view = graph.view(index)
        if view.name == nil, let title = view.title { return title }
        return describe(index, depth: depth)
    }

    private func describe(_ index: Int, depth: Int) -> String {
        let view = graph.view(index)
        let base: String
        if let name = view.name {
            base = name
        } else if depth >= Self.descriptionDepthLimit {
            base = view.types.first { $0 != "null" } ?? "any"
        } else {
            base = structure(of: view, depth: depth)
        }
        if view.isNullable, base != "null", !base.hasSuffix("| null") { return base + " | null" }
        return base
    }

    private func structure(of view: SchemaView, depth: Int) -> String {
        if let standsFor = view.standsFor { return describe(standsFor, depth: depth + 1) }
        let types = view.types.filter { $0 != "null" }
        if !types.isEmpty {
            return types.map { type in
                if type == "array", let items = view.items { return "array of " + displayName(items, depth: depth + 1) }
                if let format = view.format, type != "array", type != "object" { return "\(type) (\(format))" }
                return type
            }.joined(separator: " | ")
        }
        let alternatives = view.anyOf.isEmpty ? view.oneOf : view.anyOf
        if !alternatives.isEmpty {
            return alternatives.map { displayName($0, depth: depth + 1) }.joined(separator: " | ")
        }
        if let values = view.enumValues, !values.isEmpty { return Self.listed(values, as: { $0.encoded() }) }
        if let value = view.constValue { return value.encoded() }
        if !view.properties.isEmpty { return "object" }
        if let items = view.items { return "array of " + displayName(items, depth: depth + 1) }
        if view.types == ["null"] { return "null" }
        return "any"
    }
}
