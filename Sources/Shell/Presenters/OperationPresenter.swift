import HTTPClient
import Facade
import JSON
import APIDescriptions

/// How the shell shows the operations of an OpenAPI document: the `ops` table and `help OPERATION`
/// (usage, parameters, request body, responses). The facade hands over the document; every display
/// decision is made here.
enum OperationPresenter {
    /// Enum values listed in a type before the rest are cut to `…`.
    private static let shownEnumValues = 6

    // MARK: ops

    /// METHOD, PATH, OPERATION (the operationId), SUMMARY, and NOTES (`deprecated`) when any operation is.
    static func table(_ operations: [OpenAPIOperation]) -> Table {
        let marked = operations.contains(where: \.deprecated)
        var columns = [TableColumn("METHOD"), TableColumn("PATH"), TableColumn("OPERATION"), TableColumn("SUMMARY", flexible: true)]
        if marked { columns.append(TableColumn("NOTES", sizing: .minor)) }
        let rows = operations.map { operation in
            [operation.method.rawValue, operation.path, operation.operationId ?? "–", operation.summary ?? ""]
                + (marked ? [operation.deprecated ? "deprecated" : ""] : [])
        }
        return Table(columns: columns, rows: rows)
    }

    /// `ops --json`: `[{"method","path","operationId","summary","deprecated"}]`.
    static func json(_ operations: [OpenAPIOperation]) -> JSONValue {
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
    static func help(_ operation: OpenAPIOperation, service: String, width: Int, style: TextStyle) -> String {
        var lines = ["\(style.bold(operation.displayName)): \(operation.signature) (\(service))"]
        var prose: [String] = []
        if let summary = operation.summary { prose.append(summary) }
        if let description = operation.description, description != operation.summary { prose.append(description) }
        if operation.deprecated { prose.append("Deprecated.") }
        prose.append("usage: " + usage(operation))
        lines += prose.flatMap { TextWrapper.wrap($0, width: width) }

        let parameters = operation.parameters
        if !parameters.isEmpty {
            lines += ["", "parameters:"]
            lines += indented(Table(
                columns: [TableColumn("NAME"), TableColumn("IN"), TableColumn("REQUIRED"), TableColumn("TYPE", flexible: true)],
                rows: parameters.map { [$0.name, $0.location.rawValue, $0.required ? "yes" : "no", typeText($0.schema)] }),
                width: width, style: style)
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
            } else if let schema = body.schema {
                lines.append("  " + typeText(schema))
            }
        }
        if !operation.responses.isEmpty {
            let responses = operation.responses.map { response in
                response.status + (response.schema.map { " " + responseName($0) } ?? "")
            }
            lines += [""] + TextWrapper.wrap("responses: " + responses.joined(separator: " · "), width: width)
        }
        return lines.joined(separator: "\n")
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
            ]))
        }
        return .object(JSONObject([
            ("service", .string(service)),
            ("operationId", operation.operationId.map(JSONValue.string) ?? .null),
            ("method", .string(operation.method.rawValue)), ("path", .string(operation.path)),
            ("summary", operation.summary.map(JSONValue.string) ?? .null),
            ("deprecated", .bool(operation.deprecated)),
            ("usage", .string(usage(operation))),
            ("parameters", .array(operation.parameters.map { parameter in
                .object(JSONObject([
                    ("name", .string(parameter.name)), ("in", .string(parameter.location.rawValue)),
                    ("required", .bool(parameter.required)), ("type", .string(typeText(parameter.schema))),
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

    /// `call getPet ID`, `call listPets species=VALUE [limit=VALUE]`, `call createPet name=VALUE [tag=VALUE]`:
    /// path parameters positional, then required and `[optional]` query and header parameters, then the
    /// body's properties.
    static func usage(_ operation: OpenAPIOperation) -> String {
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
                    words.append(body.required && required.contains(property.name) ? item : "[\(item)]")
                }
            }
        }
        return words.joined(separator: " ")
    }

    /// A schema's type with its enum values: `integer (int64)`, `string (dog | cat)`, `array of Pet`; `any`
    /// without a schema.
    static func typeText(_ schema: JSONSchema?) -> String {
        guard let schema else { return "any" }
        let base = schema.typeDescription
        guard let values = schema.enumValues, !values.isEmpty, schema.name == nil else { return base }
        let list = JSONSchema.listed(values, limit: shownEnumValues, as: \.displayText)
        return base == list ? base : "\(base) (\(list))"
    }

    /// What a response body is called in listings: its component name (`Pets`), else its title, else its type.
    private static func responseName(_ schema: JSONSchema) -> String {
        schema.name ?? schema.title ?? schema.typeDescription
    }

    private static func quotedIfNeeded(_ name: String) -> String {
        name.contains(where: \.isWhitespace) ? "\"\(name)\"" : name
    }

    private static func indented(_ table: Table, width: Int, style: TextStyle) -> [String] {
        let text = TableRenderer.render(table, width: width > 0 ? max(width - 2, 20) : width, style: style)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }
    }
}
