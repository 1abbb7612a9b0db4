import FoundationFree
import HTTPTypes
import Importers
import JSON
import ScriptLanguage
import Scripts
import Secrets
import Shell

/// An apish script read into the neutral model `import` writes from, so `export` can write it as a `.hurl`
/// or `.http` file: requests (`get`…`delete` with their items and heredoc bodies), `set` as variables
/// (an `${env.…:-redacted}` value as a secret), `let` as captures and `expect` as assertions of the request
/// before them. Every other command stays as a comment naming it. Lines are read by the shell's own
/// tokenizer and `expect` by its own parser, so an export reads a line as a run does.
struct ScriptExport {
    /// The document, and what could not be said (each kind once, with how often).
    struct Result {
        var document: ImportedDocument
        var untranslated: [(kind: String, count: Int)]
    }

    /// The URL a service name stands for (its active version's), nil when the session does not know it.
    let serviceURL: (String) -> String?
    /// Masks what a line holds that looks secret (`auth bearer X`, a typed credential), for comments.
    let redact: (String) -> String
    private var secrets: Set<String> = []
    private var document = ImportedDocument(format: .hurl)
    private var notes: [String] = []
    private static let methods: Set<String> = ["get", "post", "put", "patch", "delete"]

    init(serviceURL: @escaping (String) -> String?, redact: @escaping (String) -> String) {
        self.serviceURL = serviceURL
        self.redact = redact
    }

    /// Reads `script`, bounded by `limits` (lines and requests, as an import is).
    static func read(
        _ script: String, limits: ImportLimits = ImportLimits(), serviceURL: @escaping (String) -> String?,
        redact: @escaping (String) -> String
    ) throws(ImportError) -> Result {
        var reader = ScriptExport(serviceURL: serviceURL, redact: redact)
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        guard lines.count <= limits.lines else { throw ImportError(file: "script", "more than \(limits.lines) lines") }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#") {
                reader.document.steps.append(.comment(redact(String(trimmed.dropFirst()).trimmingBlanks())))
                continue
            }
            let commands: [ParsedCommand]
            do {
                commands = try Tokenizer.parse(line) { name in CommandRegistry.standard.command(named: name)?.takesOperators ?? true }
            } catch {
                throw ImportError(file: "script", line: index, error.description)
            }
            for command in commands {
                var heredoc: String?
                if case .heredoc(let delimiter)? = command.input {
                    var body: [String] = []
                    while index < lines.count, lines[index].trimmingBlanks() != delimiter { body.append(lines[index]); index += 1 }
                    guard index < lines.count else { throw ImportError(file: "script", line: index, "<<\(delimiter) without its closing line") }
                    index += 1
                    heredoc = body.joined(separator: "\n")
                }
                reader.add(command, line: trimmed, heredoc: heredoc)
                guard reader.document.requests.count <= limits.requests else {
                    throw ImportError(file: "script", "more than \(limits.requests) requests")
                }
            }
        }
        var counts: [(kind: String, count: Int)] = []
        for kind in reader.notes {
            if let at = counts.firstIndex(where: { $0.kind == kind }) { counts[at].count += 1 } else { counts.append((kind, 1)) }
        }
        return Result(document: reader.document, untranslated: counts)
    }

    private mutating func add(_ command: ParsedCommand, line: String, heredoc: String?) {
        guard let name = command.words.first?.literal else { return unsaid("command with a variable name", line) }
        let arguments = Array(command.words.dropFirst())
        if command.output != nil { return unsaid("output redirection", line) }
        switch name {
        case _ where Self.methods.contains(name):
            request(name.uppercased(), arguments, command: command, line: line, heredoc: heredoc)
        case "set":
            guard arguments.count == 2, let variable = arguments[0].literal else { return unsaid("set", line) }
            if Redactor.isCredentialName(variable) || arguments[1].parts.contains(where: { if case .variableWithDefault(let name, _) = $0 { name.hasPrefix("env.") } else { false } }) {
                document.steps.append(.variable(.secret(variable)))
            } else {
                document.steps.append(.variable(ImportedVariable(name: variable, value: Self.template(arguments[1]))))
            }
        case "let":
            capture(arguments, line: line)
        case "expect":
            assertion(arguments, line: line)
        default:
            unsaid("command \(name)", line)
        }
    }

    private mutating func unsaid(_ kind: String, _ line: String) {
        notes.append(kind)
        document.steps.append(.comment("not exported (\(kind)): \(redact(line))"))
    }

    // MARK: requests

    private mutating func request(_ method: String, _ words: [Word], command: ParsedCommand, line: String, heredoc: String?) {
        var items = words.map(Self.template)
        let multipart = items.contains("--form")
        items.removeAll { $0 == "--form" }
        guard let target = items.first, !target.hasPrefix("-") else { return unsaid("request without a URL", line) }
        var request = ImportedRequest(method: method, url: url(target))
        if request.url.isEmpty { return unsaid("URL relative to the current service", line) }
        var fields: [(name: String, value: String, isJSON: Bool)] = []
        var files: [MultipartField] = []
        for item in items.dropFirst() {
            if item.hasPrefix("@") {
                request.untranslated.append(Untranslated(kind: "body from a file", text: item))
                continue
            }
            guard let (name, separator, value) = RequestItemSyntax.split(item) else {
                request.untranslated.append(Untranslated(kind: "option \(item)", text: item))
                continue
            }
            switch separator {
            case .query: request.query.append(NameValue(name, Redactor.isCredentialName(name) ? secret(value, named: name) : value))
            case .header: request.headers.append(NameValue(name, Redactor.isCredentialHeader(name) ? secret(value, named: name) : value))
            case .field: fields.append((name, value, false))
            case .json: fields.append((name, value, true))
            case .file:
                let (path, type) = Self.fileItem(value)
                files.append(MultipartField(name: name, file: path, contentType: type))
            }
        }
        if case .file(let word)? = command.input {
            request.untranslated.append(Untranslated(kind: "body from a file", text: "< " + word.text))
        }
        let declared = request.headers.last { $0.name.lowercased() == "content-type" }?.value.lowercased()
        if let heredoc {
            request.body = .text(heredoc)
        } else if multipart || !files.isEmpty || declared?.hasPrefix("multipart/") == true {
            request.body = .multipart(fields.map { MultipartField(name: $0.name, value: $0.value) } + files)
        } else if fields.contains(where: \.isJSON) || declared?.contains("json") == true {
            let text = fields.map { field in
                "  \(JSONValue.string(field.name).encoded()): " + (field.isJSON ? field.value : JSONValue.string(field.value).encoded())
            }.joined(separator: ",\n")
            request.body = .text("{\n" + text + "\n}\n")
            if declared == nil { request.headers.append(NameValue("Content-Type", "application/json")) }
        } else if !fields.isEmpty {
            request.body = .form(fields.map { NameValue($0.name, $0.value) })
        }
        document.steps.append(.request(request))
    }

    /// A credential typed in the clear as a variable of the same name, declared a secret before its request
    /// (`Bearer abc` → `Bearer {{authorization}}`): an export never writes it.
    private mutating func secret(_ value: String, named name: String) -> String {
        guard !value.contains("{{") else { return value }
        let variable = String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
        if secrets.insert(variable).inserted { document.steps.append(.variable(.secret(variable))) }
        let scheme = ["Bearer ", "Basic ", "Token ", "Digest "].first { value.hasPrefix($0) } ?? ""
        return scheme + "{{\(variable)}}"
    }

    /// `weather/v2?x` → the service's URL and the rest; a URL as it is; "" for `/path` (the current service).
    private func url(_ target: String) -> String {
        switch RawRequest.Target(target) {
        case .url(let url): return url
        case .relative: return ""
        case .service(let name, let path):
            if name.contains("{{") { return target }
            guard let base = serviceURL(name) else { return "{{\(name)}}" + path }
            return (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
        }
    }

    private static func fileItem(_ value: String) -> (String, String?) {
        guard let marker = value.firstRange(of: ";type=") else { return (value, nil) }
        return (String(value[..<marker.lowerBound]), String(value[marker.upperBound...]))
    }

    /// A word as a template: literal text as it is, `$name` as `{{name}}`, `${env.NAME}` as
    /// `{{$processEnv NAME}}` (the `.http` files' spelling, which `import` reads back as `${env.NAME}`).
    static func template(_ word: Word) -> String {
        word.parts.map { part in
            switch part {
            case .literal(let text): text
            case .variable(let name), .variableWithDefault(let name, _):
                name.hasPrefix("env.") ? "{{$processEnv \(name.dropFirst(4))}}" : "{{\(name)}}"
            }
        }.joined()
    }

    // MARK: captures and assertions

    private mutating func lastRequest(_ change: (inout ImportedRequest) -> Void) -> Bool {
        guard let index = document.steps.lastIndex(where: { if case .request = $0 { true } else { false } }),
              case .request(var request) = document.steps[index] else { return false }
        change(&request)
        document.steps[index] = .request(request)
        return true
    }

    private mutating func capture(_ words: [Word], line: String) {
        let text = words.map(Self.template).joined(separator: " ")
        guard let equals = text.firstIndex(of: "=") else { return unsaid("let", line) }
        let name = String(text[..<equals]).trimmingBlanks()
        let pathText = String(text[text.index(after: equals)...]).trimmingBlanks()
        let pathWords = pathText.split(separator: " ")
        let query: ImportedQuery
        if pathWords.count == 2, pathWords[0].lowercased() == "header" {
            query = .header(String(pathWords[1]))
        } else if let path = try? JSONPath.parse(pathText), let expression = Self.jsonPath(path) {
            query = .jsonPath(expression)
        } else {
            return unsaid("let of a path JSONPath cannot say", line)
        }
        guard lastRequest({ $0.captures.append(ImportedCapture(name: name, query: query)) }) else { return unsaid("let before any request", line) }
    }

    private mutating func assertion(_ words: [Word], line: String) {
        let arguments = words.map { Expectation.Argument(Self.template($0), quoted: $0.isQuoted) }
        guard let expectation = try? Expectation.parse(arguments), let assertion = Self.assertion(expectation) else {
            return unsaid("expect \(words.first?.literal ?? "")", line)
        }
        let added = lastRequest { request in
            if let code = Self.statusCode(assertion), request.status == nil {
                request.status = code
            } else {
                request.assertions.append(assertion)
            }
        }
        if !added { unsaid("expect before any request", line) }
    }

    private static func statusCode(_ assertion: ImportedAssertion) -> Int? {
        guard assertion.query == .status, assertion.predicate == "==", assertion.filters.isEmpty, case .number(let text)? = assertion.value else { return nil }
        return Int(text)
    }

    static func assertion(_ expectation: Expectation) -> ImportedAssertion? {
        switch expectation {
        case .status(let op, let code):
            return ImportedAssertion(query: .status, predicate: op.rawValue, value: .number(String(code)))
        case .count(let path, let op, let count):
            return jsonPath(path).map { ImportedAssertion(query: .jsonPath($0), filters: [ImportedFilter("count")], predicate: op.rawValue, value: .number(String(count))) }
        case .exists(let path):
            return jsonPath(path).map { ImportedAssertion(query: .jsonPath($0), predicate: "exists") }
        case .value(let path, let check):
            guard let expression = jsonPath(path) else { return nil }
            switch check {
            case .compare(let op, let expected):
                return value(expected.value).map { ImportedAssertion(query: .jsonPath(expression), predicate: op.rawValue, value: $0) }
            case .contains(let expected):
                let predicate = expected.value.stringValue == nil ? "includes" : "contains"
                return value(expected.value).map { ImportedAssertion(query: .jsonPath(expression), predicate: predicate, value: $0) }
            case .matches(let regex):
                return ImportedAssertion(query: .jsonPath(expression), predicate: "matches", value: .regex(regex))
            }
        case .header(let name, let check):
            switch check {
            case .equals(let text, let negated): return ImportedAssertion(query: .header(name), predicate: negated ? "!=" : "==", value: .string(text))
            case .contains(let text): return ImportedAssertion(query: .header(name), predicate: "contains", value: .string(text))
            case .matches(let regex): return ImportedAssertion(query: .header(name), predicate: "matches", value: .regex(regex))
            case .exists: return ImportedAssertion(query: .header(name), predicate: "exists")
            }
        case .result, .version, .schema:
            return nil
        }
    }

    private static func value(_ value: JSONValue) -> ImportedValue? {
        switch value {
        case .string(let text): .string(text)
        case .number(let number): .number(number.description)
        case .bool(let bool): .bool(bool)
        case .null: .null
        default: nil
        }
    }

    /// An apish path as a JSONPath expression (`data[0].id` → `$.data[0].id`); nil for a `[field=value]` match.
    static func jsonPath(_ path: JSONPath) -> String? {
        var expression = "$"
        for component in path.components {
            switch component {
            case .key(let key):
                if !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) {
                    expression += "." + key
                } else {
                    guard !key.contains("'") else { return nil }
                    expression += "['\(key)']"
                }
            case .index(let index): expression += "[\(index)]"
            case .match: return nil
            }
        }
        return expression
    }
}
