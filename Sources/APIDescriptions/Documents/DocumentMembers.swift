import FoundationFree
import JSON

/// How a walk over a description reads an object's members: which hold data (never references, never
/// keywords), which hold maps of names, and which hold OpenAPI Example Objects.
///
/// A `$ref` is a reference only where OpenAPI and JSON Schema make it one. Inside `example`, `default`,
/// `const`, `enum`, an `x-` extension, a JSON Schema `examples` array or an Example Object's `value`, a
/// member named `$ref` is part of a value (GitHub's SCIM examples hold `"$ref": "https://api.github.com/…"`),
/// and following it would fetch a URL from an example.
enum DocumentMembers {
    /// Members whose value is data.
    static let data: Set<String> = ["example", "default", "enum", "const"]
    /// Members whose value is a map of names (a property called `default` is no default value).
    static let nameMaps: Set<String> = [
        "properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "schemas", "paths",
        "responses", "parameters", "requestBodies", "headers", "securitySchemes", "variables", "callbacks",
        "links", "pathItems", "webhooks", DocumentBundle.member,
    ]
    /// The member that holds Example Objects by name in OpenAPI, and data in JSON Schema (an array).
    static let examples = "examples"

    /// What a member of an object read as keywords holds.
    enum Kind {
        /// Keywords: walk it.
        case keywords
        /// A map of names, each member read as keywords.
        case names
        /// A map of Example Objects: only a member's own `$ref` is a reference.
        case exampleObjects
        /// A value: never walk into it.
        case data
    }

    /// What `member`, under `key` of an object read as keywords, holds. One lookup tells a key of `data`,
    /// `nameMaps` and `examples` apart (the walks ask it of every member that holds an object or a list).
    static func kind(of key: String, member: JSONValue) -> Kind {
        let isObject = if case .object = member { true } else { false }
        switch known.index.position(of: key).map({ known.kinds[$0] }) {
        case .data?: return .data
        case .exampleObjects?: return isObject ? .exampleObjects : .data
        case .names?: return isObject ? .names : .keywords
        case .keywords?, nil: return key.hasPrefix("x-") && key != DocumentBundle.member ? .data : .keywords
        }
    }

    /// The keys of `data`, `nameMaps` and `examples`, and what each holds (when its value is an object, for the
    /// last two), at the same positions; a `WordIndex`, which compares a key only with those of its length
    /// where a dictionary hashed every member of a document.
    private static let known: (index: WordIndex, kinds: [Kind]) = {
        let pairs = data.map { ($0, Kind.data) } + nameMaps.map { ($0, Kind.names) } + [(examples, Kind.exampleObjects)]
        return (WordIndex(pairs.map(\.0)), pairs.map(\.1))
    }()
}
