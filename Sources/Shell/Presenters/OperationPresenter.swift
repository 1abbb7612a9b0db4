import HTTPClient
import HTTPTypes
import Facade
import JSON
import Schemas
import APIDescriptions
import Rendering

/// How the shell shows the operations of an OpenAPI document: the `ops` table and `help OPERATION`
/// (usage, parameters, request body, responses). The facade hands over the document; every display
/// decision is made here.
package enum OperationPresenter {
    /// Enum values listed in a type before the rest are cut to `…`.
    private static let shownEnumValues = 6

    // MARK: ops

    /// METHOD, PATH, OPERATION (the operationId), SUMMARY (else the first sentence of the description), and
    /// NOTES (`deprecated`) when any operation is. Too wide for the terminal, OPERATION and SUMMARY give way
    /// first, widest first; then PATH, which loses middle segments but keeps its first two and its last
    /// (`/repos/{owner}/…/{comment_id}`), since a path is what tells operations apart at a glance.
    package static func table(_ operations: [some ListedOperation]) -> Table {
        let marked = operations.contains(where: \.deprecated)
        let pathFloor = operations.map { URLShortener.shortestPathWidth($0.path) }.max() ?? 0
        var columns = [
            TableColumn("METHOD"), TableColumn("PATH", flexible: true, cutsMiddle: true, floor: pathFloor),
            TableColumn("OPERATION", sizing: .minor), TableColumn("SUMMARY", sizing: .minor),
        ]
        if marked { columns.append(TableColumn("NOTES", sizing: .minor)) }
        let rows = operations.map { operation in
            [operation.method.rawValue, operation.path, operation.operationId ?? "–", summary(of: operation) ?? ""]
                + (marked ? [operation.deprecated ? "deprecated" : ""] : [])
        }
        return Table(columns: columns, rows: rows)
    }

    /// The operation's `summary`, else the first sentence of its `description` (Stripe writes no summaries).
    package static func summary(of operation: some ListedOperation) -> String? {
        if let summary = operation.summary, !summary.isEmpty { return summary }
        return operation.description.flatMap(ProseText.firstSentence)
    }

    /// The operations every word matches, in any case, somewhere in the path, operationId, summary or tags.
    package static func filtered<Operation: ListedOperation>(_ operations: [Operation], words: [String]) -> [Operation] {
        guard !words.isEmpty else { return operations }
        let wanted = words.map { $0.lowercased() }
        return operations.filter { operation in
            let haystack = ([operation.path, operation.operationId ?? "", operation.summary ?? ""] + operation.tags)
                .map { $0.lowercased() }
            return wanted.allSatisfy { word in haystack.contains { $0.contains(word) } }
        }
    }

    /// `ops --tags`: each tag in the order operations first use it, with how many operations carry it;
    /// operations without a tag last, as `(untagged)`.
    package static func tags(_ operations: [some ListedOperation]) -> [(tag: String, count: Int)] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        var untagged = 0
        for operation in operations {
            if operation.tags.isEmpty { untagged += 1 }
            var seenHere = Set<String>()
            for tag in operation.tags where seenHere.insert(tag).inserted {
                if counts[tag] == nil { order.append(tag) }
                counts[tag, default: 0] += 1
            }
        }
        return order.map { ($0, counts[$0] ?? 0) } + (untagged > 0 ? [("(untagged)", untagged)] : [])
    }

    /// `ops --json`: `[{"method","path","operationId","summary","deprecated"}]`.
    package static func json(_ operations: [some ListedOperation]) -> JSONValue {
        .array(operations.map { operation in
            .object(JSONObject([
                ("method", .string(operation.method.rawValue)), ("path", .string(operation.path)),
                ("operationId", operation.operationId.map(JSONValue.string) ?? .null),
                ("summary", operation.summary.map(JSONValue.string) ?? .null),
                ("deprecated", .bool(operation.deprecated)),
            ]))
        })
    }

    // MARK: help OPERATION

    /// ```
    /// listPets: GET /pets (petstore v2)
    /// List the pets of one species
    /// usage: call listPets species=VALUE [limit=VALUE]
    ///
    /// parameters:
    ///   NAME     IN     REQUIRED  TYPE
    ///   species  query  yes       string (dog | cat)
    /// ```
    /// then the request body's properties and the responses; tables fitted to `width` (≤ 0: no limit).
    /// The usage and parameters come first; the description's prose follows, re-flowed to `width`
    /// (paragraphs kept, a word or URL never broken), folded after `foldedProse` lines unless `full`.
    package static func help(_ operation: OpenAPIOperation, service: String, width: Int, style: TextStyle, full: Bool = false) -> String {
        var lines = ["\(style.bold(operation.displayName)): \(operation.signature) (\(service))"]
        var head: [String] = []
        if let summary = summary(of: operation) { head.append(summary) }
        if operation.deprecated { head.append("Deprecated.") }
        head.append("usage: " + usage(operation))
        lines += head.flatMap { TextWrapper.wrap($0, width: width) }

        if let security = operation.security {
            lines += [""] + securityLines(security, width: width)
        }
        let parameters = operation.parameters
        if !parameters.isEmpty {
            lines += ["", "parameters:"]
            lines += indented(Table(
                columns: [TableColumn("NAME"), TableColumn("IN"), TableColumn("REQUIRED"), TableColumn("TYPE", flexible: true)],
                rows: parameters.map { [$0.name, $0.location.rawValue, $0.required ? "yes" : "no", typeText($0.schema)] }),
                width: width, style: style)
            lines += descriptionLines(parameters.map { ($0.name, $0.description ?? $0.schema?.description) }, width: width)
        }
        if let body = operation.requestBody {
            let contentType = body.schemaContentType ?? body.contentTypes.first ?? "no media type"
            let named = body.schema.flatMap { $0.name ?? $0.title }.map { " (\($0))" } ?? ""
            lines += ["", "request body: \(contentType), \(body.required ? "required" : "optional")\(named)"]
            let properties = body.schema?.properties ?? []
            let required = Set(body.schema?.required ?? [])
            if !properties.isEmpty {
                lines += indented(Table(
                    columns: [TableColumn("PROPERTY"), TableColumn("REQUIRED"), TableColumn("TYPE", flexible: true)],
                    rows: properties.map { [$0.name, required.contains($0.name) ? "yes" : "no", typeText($0.schema)] }),
                    width: width, style: style)
                lines += descriptionLines(properties.map { ($0.name, $0.schema.description) }, width: width)
            } else if let schema = body.schema, !(schema.oneOf.isEmpty && schema.anyOf.isEmpty) {
                lines += alternativeLines(schema, width: width, style: style)
            } else if let schema = body.schema {
                lines.append("  " + typeText(schema))
            }
            if let reason = body.schema?.incompleteness {
                lines.append("  not all shown: \(reason)")
            }
        }
        if !operation.responses.isEmpty {
            let responses = operation.responses.map { response in
                response.status + (response.schema.map { " " + responseName($0) } ?? "")
            }
            lines += [""] + TextWrapper.wrap("responses: " + responses.joined(separator: " · "), width: width)
        }
        if let description = operation.description, description != operation.summary {
            let prose = proseLines(description, width: width)
            if !prose.isEmpty {
                lines.append("")
                if full || prose.count <= foldedProse + 1 {
                    lines += prose
                } else {
                    lines += prose.prefix(foldedProse)
                    let more = prose.count - foldedProse
                    lines.append(style.dim("(\(more) more line\(more == 1 ? "" : "s"): help \(operation.displayName) --full)"))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How many lines of an operation's description `help` shows before it folds the rest.
    static let foldedProse = 8

    /// A description as paragraphs re-flowed to `width`: the source's line breaks inside a paragraph are
    /// spaces, a blank line (or an HTML paragraph) starts a new one, markup is dropped.
    static func proseLines(_ description: String, width: Int) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in ProseText.plain(description, keepsLinks: true).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            // A list item starts a line of its own.
            let isItem = trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ")
            if trimmed.isEmpty || isItem {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = isItem ? [trimmed] : []
            } else {
                current.append(trimmed)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        var lines: [String] = []
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { lines.append("") }
            lines += TextWrapper.wrap(paragraph, width: width, hangingIndent: 0, breaksWords: false)
        }
        return lines
    }

    /// `security: bearerAuth (http bearer) — auth bearer TOKEN`; alternatives one per line after
    /// `security, any one of:`, combined schemes joined by `and`; `security: none` for a public operation.
    static func securityLines(_ security: OpenAPISecurity, width: Int) -> [String] {
        if security.isPublic { return ["security: none (public: no credential is sent)"] }
        let alternatives = security.alternatives.map { requirement in
            requirement.isAnonymous ? "none (anonymous)" : requirement.schemes.map(schemeText).joined(separator: " and ")
        }
        if alternatives.count == 1, let only = security.alternatives.first, only.schemes.count > 1 {
            return ["security, all of:"] + only.schemes.flatMap { TextWrapper.wrap(schemeText($0), width: width > 0 ? width - 2 : width).map { "  " + $0 } }
        }
        guard alternatives.count > 1 else { return TextWrapper.wrap("security: " + (alternatives.first ?? ""), width: width) }
        return ["security, any one of (the first satisfied is sent):"]
            + alternatives.flatMap { TextWrapper.wrap($0, width: width > 0 ? width - 2 : width).map { "  " + $0 } }
    }

    /// `oauth (oauth2 clientCredentials, scopes secrets:read) — auth bearer TOKEN`.
    private static func schemeText(_ entry: (scheme: OpenAPISecurityScheme, scopes: [String])) -> String {
        let scheme = entry.scheme
        let shown: String = if case let .apiKey(name, _) = scheme.kind { name } else { scheme.name }
        let scopes = entry.scopes.isEmpty ? "" : ", scopes " + entry.scopes.joined(separator: " ")
        return "\(shown) (\(scheme.summary)\(scopes))" + (AuthSchemes.authCommand(for: scheme).map { " — \($0)" } ?? "")
    }

    /// `  name — what the document says of it`, wrapped and indented, for the rows that have a description.
    private static func descriptionLines(_ rows: [(name: String, description: String?)], width: Int) -> [String] {
        var lines: [String] = []
        for (name, description) in rows {
            guard let description = description.map(TerminalText.singleLine), !description.isEmpty else { continue }
            let wrapped = TextWrapper.wrap("\(name) — \(description)", width: width > 0 ? width - 4 : width)
            lines += wrapped.enumerated().map { ($0.offset == 0 ? "  " : "    ") + $0.element }
        }
        return lines.isEmpty ? [] : [""] + lines
    }

    /// `help OPERATION --json`: the operation, its parameters, body properties and responses.
    static func helpJSON(_ operation: OpenAPIOperation, service: String) -> JSONValue {
        var body: JSONValue = .null
        if let requestBody = operation.requestBody {
            let required = Set(requestBody.schema?.required ?? [])
            body = .object(JSONObject([
                ("contentType", (requestBody.schemaContentType ?? requestBody.contentTypes.first).map(JSONValue.string) ?? .null),
                ("required", .bool(requestBody.required)),
                ("schema", requestBody.schema.map { .string(typeText($0)) } ?? .null),
                ("properties", .array((requestBody.schema?.properties ?? []).map { property in
                    .object(JSONObject([
                        ("name", .string(property.name)), ("required", .bool(required.contains(property.name))),
                        ("type", .string(typeText(property.schema))),
                    ]))
                })),
            ] + (requestBody.schema?.incompleteness.map { [("incomplete", JSONValue.string($0))] } ?? [])))
        }
        return .object(JSONObject([
            ("service", .string(service)),
            ("operationId", operation.operationId.map(JSONValue.string) ?? .null),
            ("method", .string(operation.method.rawValue)), ("path", .string(operation.path)),
            ("summary", operation.summary.map(JSONValue.string) ?? .null),
            ("deprecated", .bool(operation.deprecated)),
            ("usage", .string(usage(operation))),
            ("security", operation.security.map(securityJSON) ?? .null),
            ("parameters", .array(operation.parameters.map { parameter in
                .object(JSONObject([
                    ("name", .string(parameter.name)), ("in", .string(parameter.location.rawValue)),
                    ("required", .bool(parameter.required)), ("type", .string(typeText(parameter.schema))),
                    ("description", (parameter.description ?? parameter.schema?.description).map(JSONValue.string) ?? .null),
                    ("enum", parameter.schema?.enumValues.map(JSONValue.array) ?? .null),
                ]))
            })),
            ("requestBody", body),
            ("responses", .array(operation.responses.map { response in
                .object(JSONObject([
                    ("status", .string(response.status)),
                    ("schema", response.schema.map { .string(responseName($0)) } ?? .null),
                ]))
            })),
        ]))
    }

    /// `[[{"scheme","type","name","in","scopes"}]]`: the alternatives, each the schemes it needs; `[]` public.
    private static func securityJSON(_ security: OpenAPISecurity) -> JSONValue {
        .array(security.alternatives.map { requirement in
            .array(requirement.schemes.map { scheme, scopes in
                var fields: [(String, JSONValue)] = [("scheme", .string(scheme.name)), ("type", .string(scheme.summary))]
                if case let .apiKey(name, location) = scheme.kind {
                    fields += [("name", .string(name)), ("in", .string(location.rawValue))]
                }
                fields.append(("scopes", .array(scopes.map(JSONValue.string))))
                return .object(JSONObject(fields))
            })
        })
    }

    /// `call getPet ID`, `call listPets species=VALUE [limit=VALUE]`, `call createPet name=VALUE [tag=VALUE]`:
    /// path parameters positional, then required and `[optional]` query and header parameters, then the
    /// body's properties.
    package static func usage(_ operation: OpenAPIOperation) -> String {
        let name = operation.operationId.map(quotedIfNeeded) ?? operation.signature
        var words = ["call", name]
        words += operation.pathParameterNames.map { $0.uppercased() }
        for parameter in operation.parameters where parameter.location != .path {
            let item = parameter.location == .header ? "\(parameter.name):VALUE" : "\(parameter.name)=VALUE"
            words.append(parameter.required ? item : "[\(item)]")
        }
        if let body = operation.requestBody {
            let required = Set(body.schema?.required ?? [])
            let properties = body.schema?.properties ?? []
            if properties.isEmpty {
                words.append(body.required ? "name=VALUE…" : "[name=VALUE…]")
            } else {
                for property in properties {
                    let item = "\(property.name)=VALUE"
                    words.append(required.contains(property.name) ? item : "[\(item)]")
                }
            }
        }
        return words.joined(separator: " ")
    }

    /// A schema's type with its enum values: `integer (int64)`, `string (dog | cat)`, `array of Pet`; `any`
    /// without a schema. An enum declared under a name shows its values, not the name
    /// (`retain | discard`, not `message_enum_content_retention`); a long one shows how many more there are.
    static func typeText(_ schema: JSONSchema?) -> String {
        guard let schema else { return "any" }
        let base = schema.typeDescription
        if schema.types == ["array"], let items = schema.items, items.enumValues?.isEmpty == false {
            return "array of " + typeText(items)
        }
        guard let values = schema.enumValues, !values.isEmpty else { return base }
        var shown = values.prefix(shownEnumValues).map(\.displayText)
        if values.count > shownEnumValues { shown.append("… (\(values.count - shownEnumValues) more)") }
        let list = shown.joined(separator: " | ")
        if schema.name != nil || base == list { return list }
        return "\(base) (\(list))"
    }

    /// What a response body is called in listings: its component name (`Pets`), else its title, else its type.
    private static func responseName(_ schema: JSONSchema) -> String {
        schema.name ?? schema.title ?? schema.typeDescription
    }

    private static func quotedIfNeeded(_ name: String) -> String {
        name.contains(where: \.isWhitespace) ? "\"\(name)\"" : name
    }

    /// How many alternatives of a body `help` shows before it counts the rest.
    static let shownAlternatives = 10

    /// A body that is `oneOf`/`anyOf` alternatives: each one's name and its fields (or its type).
    private static func alternativeLines(_ schema: JSONSchema, width: Int, style: TextStyle) -> [String] {
        let exactlyOne = !schema.oneOf.isEmpty
        let alternatives = exactlyOne ? schema.oneOf : schema.anyOf
        var lines = ["  " + (exactlyOne ? "one of:" : "any of:")]
        for alternative in alternatives.prefix(shownAlternatives) {
            let properties = alternative.properties
            guard !properties.isEmpty else {
                lines.append("  - " + typeText(alternative))
                continue
            }
            lines.append("  - " + alternative.displayName + ":")
            let required = Set(alternative.required)
            lines += indented(Table(
                columns: [TableColumn("PROPERTY"), TableColumn("REQUIRED"), TableColumn("TYPE", flexible: true)],
                rows: properties.map { [$0.name, required.contains($0.name) ? "yes" : "no", typeText($0.schema)] }),
                width: width > 0 ? max(width - 2, 20) : width, style: style).map { "  " + $0 }
        }
        if alternatives.count > shownAlternatives { lines.append("  … and \(alternatives.count - shownAlternatives) more") }
        return lines
    }

    private static func indented(_ table: Table, width: Int, style: TextStyle) -> [String] {
        let text = TableRenderer.render(table, width: width > 0 ? max(width - 2, 20) : width, style: style)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }
    }
}
