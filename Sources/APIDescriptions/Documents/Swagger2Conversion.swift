import JSON
import HTTPTypes

/// A Swagger 2.0 document rewritten as the OpenAPI 3.0 document that says the same, so one reader serves
/// both. Pure: a `JSONValue` in, a `JSONValue` out.
///
/// - `host` + `basePath` + `schemes` become `servers` (one per scheme; without `schemes`, the scheme the
///   document was fetched with, else https); a document without `host` gets `basePath` as a relative
///   server, resolved against where it came from.
/// - `in: body` becomes `requestBody` in each media type of `consumes`; `in: formData` parameters become
///   the properties of a form body, `multipart/form-data` when `consumes` names it or a parameter is a
///   file, else `application/x-www-form-urlencoded`.
/// - Other parameters get a `schema` from their `type`, `format`, `items`, `enum` and bounds.
/// - Responses get their `schema` in each media type of `produces`.
/// - `definitions`, `parameters`, `responses` and `securityDefinitions` become `components.schemas`,
///   `.parameters`, `.responses` and `.securitySchemes` (basic → http basic; apiKey as is; oauth2's
///   flow names become OpenAPI 3's), and every `$ref` into them is rewritten to match.
public enum Swagger2Conversion {
    public static func convert(_ document: JSONValue, source: String) -> JSONValue {
        guard case .object(let root) = document else { return document }
        let converter = Converter(root: root, source: source)
        return .object(converter.convert())
    }

    private static let jsonMedia: JSONValue = .array([.string("application/json")])

    private struct Converter {
        let root: JSONObject
        let source: String

        func convert() -> JSONObject {
            var out = JSONObject()
            out["openapi"] = "3.0.3"
            if let info = root["info"] { out["info"] = info }
            if let servers = servers() { out["servers"] = .array(servers) }
            let consumes = mediaTypes(root["consumes"])
            let produces = mediaTypes(root["produces"])
            var paths = JSONObject()
            if case .object(let items)? = root["paths"] {
                for (path, item) in items {
                    paths[path] = path.hasPrefix("x-") ? item : pathItem(item, consumes: consumes, produces: produces)
                }
            }
            out["paths"] = .object(paths)
            var components = JSONObject()
            if case .object(let definitions)? = root["definitions"] {
                components["schemas"] = .object(JSONObject(definitions.map { ($0.key, schema($0.value)) }))
            }
            if case .object(let parameters)? = root["parameters"] {
                var converted = JSONObject()
                for (name, parameter) in parameters {
                    guard case .object(let fields) = parameter, !Self.isBody(fields) else { continue }
                    converted[name] = .object(self.parameter(fields))
                }
                if !converted.isEmpty { components["parameters"] = .object(converted) }
            }
            if case .object(let responses)? = root["responses"] {
                components["responses"] = .object(JSONObject(responses.map { ($0.key, response($0.value, produces: produces)) }))
            }
            if case .object(let schemes)? = root["securityDefinitions"] {
                components["securitySchemes"] = .object(JSONObject(schemes.map { ($0.key, securityScheme($0.value)) }))
            }
            if !components.isEmpty { out["components"] = .object(components) }
            for key in ["security", "tags", "externalDocs"] {
                if let value = root[key] { out[key] = value }
            }
            for (key, value) in root where key.hasPrefix("x-") { out[key] = value }
            return out
        }

        private func servers() -> [JSONValue]? {
            let basePath = root["basePath"]?.stringValue ?? ""
            guard case .string(let host)? = root["host"], !host.isEmpty else {
                return basePath.isEmpty ? nil : [.object(["url": .string(basePath)])]
            }
            var schemes: [String] = root["schemes"]?.arrayValue?.compactMap(\.stringValue) ?? []
            schemes = schemes.filter { $0 == "http" || $0 == "https" }
            if schemes.isEmpty {
                schemes = [source.lowercased().hasPrefix("http://") ? "http" : "https"]
            }
            return schemes.map { .object(["url": .string("\($0)://\(host)\(basePath)")]) }
        }

        private func mediaTypes(_ value: JSONValue?) -> [String]? {
            guard let types = value?.arrayValue?.compactMap(\.stringValue), !types.isEmpty else { return nil }
            return types
        }

        private func pathItem(_ value: JSONValue, consumes: [String]?, produces: [String]?) -> JSONValue {
            guard case .object(let item) = value else { return value }
            if let reference = item["$ref"] { return .object(["$ref": rewritten(reference)]) }
            var out = JSONObject()
            let shared = item["parameters"]?.arrayValue ?? []
            // Body and form parameters shared by a path's operations go into each operation's body.
            let sharedPlain = shared.filter { !isBodyOrForm($0) }
            let sharedBody = shared.filter(isBodyOrForm)
            if !sharedPlain.isEmpty { out["parameters"] = .array(sharedPlain.map(parameterOrReference)) }
            for (key, member) in item {
                if key == "parameters" { continue }
                guard OpenAPIReader.methods.contains(key), case .object(let operation) = member else {
                    out[key] = member
                    continue
                }
                out[key] = .object(self.operation(operation, extraBody: sharedBody,
                                                  consumes: mediaTypes(operation["consumes"]) ?? consumes,
                                                  produces: mediaTypes(operation["produces"]) ?? produces))
            }
            return .object(out)
        }

        private func operation(_ operation: JSONObject, extraBody: [JSONValue], consumes: [String]?, produces: [String]?) -> JSONObject {
            var out = JSONObject()
            var plain: [JSONValue] = []
            var body: JSONObject?
            var form: [JSONObject] = []
            for parameter in (operation["parameters"]?.arrayValue ?? []) + extraBody {
                guard let fields = resolvedParameter(parameter) else { continue }
                switch fields["in"]?.stringValue {
                case "body": body = fields
                case "formData": form.append(fields)
                default: plain.append(parameterOrReference(parameter))
                }
            }
            for (key, value) in operation {
                switch key {
                case "parameters":
                    if !plain.isEmpty { out["parameters"] = .array(plain) }
                case "consumes", "produces", "schemes":
                    continue
                case "responses":
                    guard case .object(let responses) = value else { continue }
                    out["responses"] = .object(JSONObject(responses.map {
                        ($0.key, $0.key.hasPrefix("x-") ? $0.value : response($0.value, produces: produces))
                    }))
                default:
                    out[key] = value
                }
            }
            if plain.isEmpty { out["parameters"] = nil }
            if let body {
                out["requestBody"] = .object(requestBody(body, consumes: consumes))
            } else if !form.isEmpty {
                out["requestBody"] = .object(formBody(form, consumes: consumes))
            }
            return out
        }

        /// A parameter as written, or the one a `$ref` names; nil when neither is an object.
        private func resolvedParameter(_ value: JSONValue) -> JSONObject? {
            guard case .object(let fields) = value else { return nil }
            guard case .string(let reference)? = fields["$ref"] else { return fields }
            guard reference.hasPrefix("#/parameters/"), let pointer = JSONPointer(reference),
                  case .object(let target)? = pointer.resolve(in: .object(root))
            else { return fields }
            return target
        }

        private func isBodyOrForm(_ value: JSONValue) -> Bool {
            guard let fields = resolvedParameter(value) else { return false }
            return Self.isBody(fields) || fields["in"]?.stringValue == "formData"
        }

        private static func isBody(_ fields: JSONObject) -> Bool {
            fields["in"]?.stringValue == "body"
        }

        private func parameterOrReference(_ value: JSONValue) -> JSONValue {
            guard case .object(let fields) = value else { return value }
            if let reference = fields["$ref"] { return .object(["$ref": rewritten(reference)]) }
            return .object(parameter(fields))
        }

        private func parameter(_ fields: JSONObject) -> JSONObject {
            var out = JSONObject()
            for key in ["name", "in", "description", "required", "deprecated", "allowEmptyValue"] {
                if let value = fields[key] { out[key] = value }
            }
            if fields["in"]?.stringValue == "path" { out["required"] = true }
            out["schema"] = .object(simpleSchema(fields))
            for (key, value) in fields where key.hasPrefix("x-") { out[key] = value }
            return out
        }

        /// The schema of a non-body parameter, an `items` or a header, from the keywords it shares with
        /// JSON Schema.
        private func simpleSchema(_ fields: JSONObject) -> JSONObject {
            var out = JSONObject()
            for key in Self.schemaKeywords {
                guard let value = fields[key] else { continue }
                switch key {
                case "type" where value.stringValue == "file":
                    out["type"] = "string"
                    out["format"] = "binary"
                case "items":
                    if case .object(let items) = value { out["items"] = .object(simpleSchema(items)) }
                default:
                    if out[key] == nil { out[key] = value }
                }
            }
            return out
        }

        private static let schemaKeywords = [
            "type", "format", "items", "enum", "default", "maximum", "exclusiveMaximum", "minimum",
            "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "multipleOf",
        ]

        private func requestBody(_ body: JSONObject, consumes: [String]?) -> JSONObject {
            var out = JSONObject()
            if let description = body["description"] { out["description"] = description }
            if let required = body["required"] { out["required"] = required }
            let bodySchema = body["schema"].map(schema) ?? .object([:])
            let types = consumes?.filter { !Self.isForm($0) } ?? []
            let chosen = types.isEmpty ? ["application/json"] : types
            out["content"] = .object(JSONObject(chosen.map { ($0, .object(["schema": bodySchema])) }))
            return out
        }

        private static func isForm(_ mediaType: String) -> Bool {
            let lowered = mediaType.lowercased()
            return lowered.hasPrefix("application/x-www-form-urlencoded") || lowered.hasPrefix("multipart/form-data")
        }

        private func formBody(_ fields: [JSONObject], consumes: [String]?) -> JSONObject {
            var properties = JSONObject()
            var required: [JSONValue] = []
            var hasFile = false
            for field in fields {
                guard let name = field["name"]?.stringValue else { continue }
                var property = simpleSchema(field)
                if let description = field["description"] { property["description"] = description }
                if field["type"]?.stringValue == "file" { hasFile = true }
                properties[name] = .object(property)
                if field["required"]?.boolValue == true { required.append(.string(name)) }
            }
            var schema: JSONObject = ["type": "object", "properties": .object(properties)]
            if !required.isEmpty { schema["required"] = .array(required) }
            let lowered = consumes?.map { $0.lowercased() } ?? []
            let multipart = hasFile || lowered.contains { $0.hasPrefix("multipart/form-data") }
            let urlencoded = lowered.contains { $0.hasPrefix("application/x-www-form-urlencoded") }
            var content = JSONObject()
            if urlencoded && !hasFile { content["application/x-www-form-urlencoded"] = .object(["schema": .object(schema)]) }
            if multipart { content["multipart/form-data"] = .object(["schema": .object(schema)]) }
            if content.isEmpty { content["application/x-www-form-urlencoded"] = .object(["schema": .object(schema)]) }
            var out: JSONObject = ["content": .object(content)]
            if !required.isEmpty { out["required"] = true }
            return out
        }

        private func response(_ value: JSONValue, produces: [String]?) -> JSONValue {
            guard case .object(let fields) = value else { return value }
            if let reference = fields["$ref"] { return .object(["$ref": rewritten(reference)]) }
            var out = JSONObject()
            out["description"] = fields["description"] ?? ""
            if let responseSchema = fields["schema"] {
                let converted = schema(responseSchema)
                let types = produces ?? ["application/json"]
                out["content"] = .object(JSONObject(types.map { ($0, .object(["schema": converted])) }))
            }
            if case .object(let headers)? = fields["headers"] {
                out["headers"] = .object(JSONObject(headers.map { name, header in
                    guard case .object(let fields) = header else { return (name, header) }
                    var converted: JSONObject = ["schema": .object(simpleSchema(fields))]
                    if let description = fields["description"] { converted["description"] = description }
                    return (name, .object(converted))
                }))
            }
            for (key, member) in fields where key.hasPrefix("x-") { out[key] = member }
            return .object(out)
        }

        private func securityScheme(_ value: JSONValue) -> JSONValue {
            guard case .object(let fields) = value else { return value }
            var out = JSONObject()
            switch fields["type"]?.stringValue {
            case "basic":
                out["type"] = "http"
                out["scheme"] = "basic"
            case "apiKey":
                out["type"] = "apiKey"
                if let name = fields["name"] { out["name"] = name }
                if let location = fields["in"] { out["in"] = location }
            case "oauth2":
                out["type"] = "oauth2"
                let flowName: String = switch fields["flow"]?.stringValue {
                case "password": "password"
                case "application": "clientCredentials"
                case "accessCode": "authorizationCode"
                default: "implicit"
                }
                var flow = JSONObject()
                for key in ["authorizationUrl", "tokenUrl"] {
                    if let url = fields[key] { flow[key] = url }
                }
                flow["scopes"] = fields["scopes"] ?? .object([:])
                out["flows"] = .object([flowName: .object(flow)])
            default:
                return value
            }
            if let description = fields["description"] { out["description"] = description }
            return .object(out)
        }

        /// A schema with its `$ref`s into `definitions` rewritten, `type: file` made binary and
        /// `x-nullable` made `nullable`, all the way down.
        private func schema(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let fields):
                var out = JSONObject()
                for (key, member) in fields {
                    switch key {
                    case "$ref": out[key] = rewritten(member)
                    case "type" where member.stringValue == "file":
                        out["type"] = "string"
                        out["format"] = "binary"
                    case "x-nullable": out["nullable"] = member
                    case "properties", "definitions", "patternProperties":
                        if case .object(let named) = member {
                            out[key] = .object(JSONObject(named.map { ($0.key, schema($0.value)) }))
                        } else {
                            out[key] = member
                        }
                    case "enum", "example", "default", "required", "x-example":
                        out[key] = member
                    default:
                        out[key] = schema(member)
                    }
                }
                return .object(out)
            case .array(let elements):
                return .array(elements.map(schema))
            default:
                return value
            }
        }

        private func rewritten(_ reference: JSONValue) -> JSONValue {
            guard case .string(let text) = reference else { return reference }
            for (old, new) in Self.referencePrefixes where text.hasPrefix(old) {
                return .string(new + text.dropFirst(old.count))
            }
            return reference
        }

        private static let referencePrefixes = [
            ("#/definitions/", "#/components/schemas/"),
            ("#/parameters/", "#/components/parameters/"),
            ("#/responses/", "#/components/responses/"),
        ]
    }
}
