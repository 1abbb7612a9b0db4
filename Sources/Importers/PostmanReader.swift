import JSON
import Secrets

/// Reads a Postman Collection v2.0/v2.1: folders (as comments), variables at the collection's and each
/// folder's level, requests with their URL, headers, body (raw, urlencoded, formdata, file) and auth
/// (bearer, basic, apikey; inherited from the folder or the collection). Pre-request and test scripts are
/// not translated. An environment file's values become variables, secret ones read from the environment.
struct PostmanReader {
    let source: ImportSource
    let root: JSONValue

    func read() throws(ImportError) -> ImportedDocument {
        var document = ImportedDocument(format: .postman)
        if root["_postman_variable_scope"] != nil || (root["values"] != nil && root["item"] == nil) {
            document.steps = Self.environment(root)
            return document
        }
        guard root["item"] != nil else { throw ImportError(file: source.path, "a Postman collection has item[]") }
        try walk(root, depth: 0, inheritedAuth: nil, into: &document)
        return document
    }

    /// A Postman environment file's `values` as variables (`type: secret` and credential names as secrets).
    static func environment(_ root: JSONValue) -> [ImportedDocument.Step] {
        (root["values"]?.arrayValue ?? []).compactMap { value in
            guard let key = value["key"]?.stringValue, value["enabled"]?.boolValue != false else { return nil }
            if value["type"]?.stringValue == "secret" || Redactor.isCredentialName(key) { return .variable(.secret(key)) }
            return .variable(ImportedVariable(name: key, value: value["value"]?.displayText ?? ""))
        }
    }

    private func walk(_ node: JSONValue, depth: Int, inheritedAuth: JSONValue?, into document: inout ImportedDocument) throws(ImportError) {
        guard depth <= source.limits.depth else { throw ImportError(file: source.path, "folders nested more than \(source.limits.depth) deep") }
        let auth = node["auth"] ?? inheritedAuth
        document.steps += Self.variables(of: node)
        if node["event"]?.arrayValue?.isEmpty == false {
            document.untranslated.append(Untranslated(kind: "Postman script", text: "scripts of \(node["name"]?.stringValue ?? node["info"]?["name"]?.stringValue ?? "the collection")"))
        }
        for item in node["item"]?.arrayValue ?? [] {
            if item["item"] != nil {
                document.steps.append(.comment(item["name"]?.stringValue ?? "folder"))
                try walk(item, depth: depth + 1, inheritedAuth: auth, into: &document)
                continue
            }
            guard document.requests.count < source.limits.requests else {
                throw ImportError(file: source.path, "more than \(source.limits.requests) requests")
            }
            // A request's own variables are set just before it (Postman's narrowest scope).
            document.steps += Self.variables(of: item)
            document.steps.append(.request(request(item, inheritedAuth: auth)))
        }
    }

    /// The `variable` array of a collection, a folder or a request (`type: secret` and credential names as secrets).
    private static func variables(of node: JSONValue) -> [ImportedDocument.Step] {
        (node["variable"]?.arrayValue ?? []).compactMap { variable in
            guard let key = variable["key"]?.stringValue, variable["disabled"]?.boolValue != true else { return nil }
            if variable["type"]?.stringValue == "secret" || Redactor.isCredentialName(key) { return .variable(.secret(key)) }
            return .variable(ImportedVariable(name: key, value: variable["value"]?.displayText ?? ""))
        }
    }

    private func request(_ item: JSONValue, inheritedAuth: JSONValue?) -> ImportedRequest {
        let definition = item["request"] ?? .null
        var request = ImportedRequest(name: item["name"]?.stringValue, method: "GET", url: "")
        if let url = definition.stringValue {
            request.url = url
        } else {
            request.method = definition["method"]?.stringValue?.uppercased() ?? "GET"
            request.url = definition["url"]?.stringValue ?? definition["url"]?["raw"]?.stringValue ?? ""
        }
        for header in definition["header"]?.arrayValue ?? [] where header["disabled"]?.boolValue != true {
            if let key = header["key"]?.stringValue { request.headers.append(NameValue(key, header["value"]?.displayText ?? "")) }
        }
        if item["event"]?.arrayValue?.isEmpty == false {
            request.untranslated.append(Untranslated(kind: "Postman script", text: "scripts of \(request.name ?? request.url)"))
        }
        body(definition["body"], into: &request)
        let auth = definition["auth"] ?? inheritedAuth
        self.auth(auth, into: &request)
        return request
    }

    private func body(_ body: JSONValue?, into request: inout ImportedRequest) {
        guard let body, let mode = body["mode"]?.stringValue else { return }
        switch mode {
        case "raw":
            guard let raw = body["raw"]?.stringValue, !raw.isEmpty else { return }
            request.body = .text(raw)
            if body["options"]?["raw"]?["language"]?.stringValue == "json", !request.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                request.headers.append(NameValue("Content-Type", "application/json"))
            }
        case "urlencoded":
            request.body = .form((body["urlencoded"]?.arrayValue ?? []).compactMap { field in
                guard let key = field["key"]?.stringValue, field["disabled"]?.boolValue != true else { return nil }
                return NameValue(key, field["value"]?.displayText ?? "")
            })
        case "formdata":
            var fields: [MultipartField] = []
            for field in body["formdata"]?.arrayValue ?? [] where field["disabled"]?.boolValue != true {
                guard let key = field["key"]?.stringValue else { continue }
                if field["type"]?.stringValue == "file" {
                    let reference = field["src"]?.stringValue ?? field["src"]?[0]?.stringValue ?? ""
                    if let path = try? source.resolve(reference) {
                        fields.append(MultipartField(name: key, file: path))
                    } else {
                        request.untranslated.append(Untranslated(kind: "file outside the collection's folder", text: "\(key): \(reference)"))
                    }
                } else {
                    fields.append(MultipartField(name: key, value: field["value"]?.displayText ?? ""))
                }
            }
            request.body = .multipart(fields)
        case "graphql":
            let query = body["graphql"]?["query"]?.stringValue ?? ""
            let variables = body["graphql"]?["variables"]?.stringValue.flatMap { try? JSONValue.parse($0) } ?? .object(JSONObject())
            request.body = .text(JSONValue.object(JSONObject([("query", .string(query)), ("variables", variables)])).encoded())
        default:
            request.untranslated.append(Untranslated(kind: "Postman body mode \(mode)", text: mode))
        }
    }

    /// bearer, basic and apikey as headers or a query parameter; a literal credential becomes a secret
    /// header value (the writer reads it from the environment), a `{{variable}}` stays a reference.
    private func auth(_ auth: JSONValue?, into request: inout ImportedRequest) {
        guard let auth, let type = auth["type"]?.stringValue, type != "noauth" else { return }
        func parameter(_ key: String) -> String? {
            if case .array(let pairs)? = auth[type] {
                return pairs.first { $0["key"]?.stringValue == key }?["value"]?.displayText
            }
            return auth[type]?[key]?.displayText
        }
        switch type {
        case "bearer":
            request.headers.append(NameValue("Authorization", "Bearer " + (parameter("token") ?? "")))
        case "basic":
            let pair = (parameter("username") ?? "") + ":" + (parameter("password") ?? "")
            if Template.hasVariables(pair) {
                request.untranslated.append(Untranslated(kind: "basic auth with variables", text: "basic \(parameter("username") ?? "")"))
                request.headers.append(NameValue("Authorization", "Basic {{basic_credentials}}"))
            } else {
                request.headers.append(NameValue("Authorization", "Basic " + Base64Text.encode(Array(pair.utf8))))
            }
        case "apikey":
            let key = parameter("key") ?? "api_key"
            let value = parameter("value") ?? ""
            if parameter("in") == "query" {
                request.query.append(NameValue(key, value))
            } else {
                request.headers.append(NameValue(key, value))
            }
        default:
            request.untranslated.append(Untranslated(kind: "Postman auth \(type)", text: type))
        }
    }
}
