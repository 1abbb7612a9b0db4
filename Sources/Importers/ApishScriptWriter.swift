import ScriptLanguage
import Secrets

/// An imported document as an apish script: variables as `set`, requests as `get`/`post`/… lines with
/// items, captures as `let`, assertions as `expect`, and what has no equivalent as a `#` comment naming it.
/// A secret (a credential header's value, a secret variable) is never written: the script reads it from
/// an environment variable (`${env.APISH_TOKEN:-redacted}`).
public struct ApishScriptWriter {
    /// The script, and what was left untranslated (each kind once, in order, with how often).
    public struct Output: Sendable, Equatable {
        public var script: String
        public var untranslated: [(kind: String, count: Int)]

        public static func == (lhs: Output, rhs: Output) -> Bool {
            lhs.script == rhs.script && lhs.untranslated.elementsEqual(rhs.untranslated) { $0 == $1 }
        }
    }

    private var words = ScriptWords()
    private var lines: [String] = []
    private var notes: [Untranslated] = []
    private var secretsSet: Set<String> = []

    public init() {}

    /// A service of the locator whose URL an imported request's may start with: such a request is written
    /// relative to it (`get SERVICE/path`), so switching versions re-targets it.
    public struct ServiceBase: Sendable, Equatable {
        public var name: String
        public var url: String
        /// Set by hand (`--service NAME --version V`): the script starts with `use NAME V`.
        public var version: String?

        public init(name: String, url: String, version: String? = nil) {
            self.name = name
            self.url = url
            self.version = version
        }
    }

    /// The `call` an imported request becomes when a loaded description of its service has its operation.
    public struct CallTarget: Sendable, Equatable {
        public var operation: String
        /// The path's parameters in the template's order: `call`'s positional arguments.
        public var pathValues: [String]

        public init(operation: String, pathValues: [String]) {
            self.operation = operation
            self.pathValues = pathValues
        }
    }

    /// The operation of `service` that `method` and `path` (below the service's URL) reach, if any.
    public typealias OperationMatcher = (_ service: String, _ method: String, _ path: String) -> CallTarget?

    private var services: [ServiceBase] = []
    private var operations: OperationMatcher?

    public static func write(
        _ document: ImportedDocument, source: String, services: [ServiceBase] = [], operations: OperationMatcher? = nil
    ) -> Output {
        var writer = ApishScriptWriter()
        writer.services = services.filter { !$0.url.isEmpty }.sorted { $0.url.count > $1.url.count }
        writer.operations = operations
        writer.lines.append("# imported from \(Tokenizer.commentText(source)) (\(document.format.rawValue)) by apish import")
        for service in services {
            if let version = service.version, let name = try? Tokenizer.quote(service.name), let word = try? Tokenizer.quote(version) {
                writer.lines.append("use \(name) \(word)")
            }
        }
        for note in document.untranslated { writer.comment(note) }
        for step in document.steps {
            switch step {
            case .comment(let text): writer.lines.append("# " + Tokenizer.commentText(text))
            case .variable(let variable): writer.set(variable)
            case .request(let request): writer.request(request)
            }
        }
        var counts: [(kind: String, count: Int)] = []
        for note in writer.notes + writer.words.untranslated {
            if let index = counts.firstIndex(where: { $0.kind == note.kind }) { counts[index].count += 1 } else { counts.append((note.kind, 1)) }
        }
        return Output(script: writer.lines.joined(separator: "\n") + "\n", untranslated: counts)
    }

    private mutating func comment(_ note: Untranslated) {
        notes.append(note)
        lines.append("# not translated (\(Tokenizer.commentText(note.kind))): \(Tokenizer.commentText(note.text))")
    }

    private mutating func set(_ variable: ImportedVariable) {
        let name = ScriptWords.variableName(variable.name)
        guard let value = variable.value, !Redactor.isCredentialName(variable.name) else {
            setSecret(name)
            return
        }
        guard let word = words.word(value) else {
            comment(Untranslated(kind: "multi-line variable", text: "\(variable.name) = \(value)"))
            return
        }
        lines.append("set \(name) \(word)")
    }

    /// `set token ${env.APISH_TOKEN:-redacted}`, once per name.
    private mutating func setSecret(_ name: String) {
        guard secretsSet.insert(name).inserted else { return }
        lines.append("set \(name) ${env.\(ScriptWords.environmentName(name)):-redacted}")
    }

    private static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    private mutating func request(_ request: ImportedRequest) {
        lines.append("")
        if let name = request.name { lines.append("# " + Tokenizer.commentText(name)) }
        for note in request.untranslated { comment(note) }
        guard Self.methods.contains(request.method.uppercased()) else {
            comment(Untranslated(kind: "method \(request.method)", text: "\(request.method) \(request.url)"))
            return
        }
        var items: [String] = []
        var unsaid: [Untranslated] = []
        func add(_ template: String, _ what: String) {
            if let word = words.word(template) { items.append(word) } else { unsaid.append(Untranslated(kind: "line break in a \(what)", text: template)) }
        }
        let target = callTarget(request)
        if let target {
            items.append("--service")
            add(target.service, "service name")
            add(target.call.operation, "operation")
            for value in target.call.pathValues { add(value, "path parameter") }
        } else {
            add(relativeURL(request.url), "URL")
        }
        for header in request.headers { add(headerItem(header), "header") }
        for parameter in request.query { add(queryItem(parameter), "query parameter") }
        var heredoc: String?
        switch request.body {
        case nil: break
        case .form(let fields):
            for field in fields { add(field.name + "=" + field.value, "form field") }
        case .multipart(let fields):
            items.append("--form")
            for field in fields {
                if let file = field.file {
                    add(field.name + "@" + file + (field.contentType.map { ";type=" + $0 } ?? ""), "file part")
                } else {
                    add(field.name + "=" + (field.value ?? ""), "form field")
                }
            }
        case .bytes(let bytes):
            unsaid.append(Untranslated(kind: "binary body", text: "\(bytes.count) bytes"))
        case .text(let text):
            if Template.hasVariables(text) {
                if let members = JSONMembers.split(text) {
                    for member in members { add(member.key + ":=" + member.value.replacingLineBreaks(), "JSON field") }
                } else {
                    unsaid.append(Untranslated(kind: "variables in a body that is not a JSON object", text: text))
                    heredoc = text
                }
            } else {
                heredoc = text
            }
        }
        for note in unsaid { comment(note) }
        var line = (target == nil ? request.method.lowercased() : "call") + " " + items.joined(separator: " ")
        if let heredoc {
            let delimiter = Self.delimiter(for: heredoc)
            line += " <<" + delimiter
            lines.append(line)
            lines.append(contentsOf: heredoc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLastIfEmpty())
            lines.append(delimiter)
        } else {
            lines.append(line)
        }
        if let status = request.status { lines.append("expect status \(status)") }
        for capture in request.captures { self.capture(capture) }
        for assertion in request.assertions { self.assertion(assertion) }
    }

    /// `SERVICE/rest` when the URL starts with a service's URL (at a `/`, `?` or its end).
    private func relativeURL(_ url: String) -> String {
        guard let (service, rest) = serviceAndRest(of: url) else { return url }
        return service + rest
    }

    /// The service whose URL `url` starts with (at a `/`, `?` or its end), and the rest of it.
    private func serviceAndRest(of url: String) -> (service: String, rest: Substring)? {
        for service in services {
            let base = service.url.hasSuffix("/") ? String(service.url.dropLast()) : service.url
            guard url.hasPrefix(base) else { continue }
            let rest = url.dropFirst(base.count)
            if rest.isEmpty || rest.first == "/" || rest.first == "?" { return (service.name, rest) }
        }
        return nil
    }

    /// The `call` a request becomes: its URL below a service whose description has the operation its method
    /// and path reach, with no query in the URL itself (the request's query items stay items), and no
    /// variable in its path (a template's value is known only when the script runs).
    private func callTarget(_ request: ImportedRequest) -> (service: String, call: CallTarget)? {
        guard let operations, let (service, rest) = serviceAndRest(of: request.url), !rest.contains("?"),
              !Template.hasVariables(String(rest)),
              let call = operations(service, request.method.uppercased(), rest.isEmpty ? "/" : String(rest)) else { return nil }
        return (service, call)
    }

    /// `Name:value`; a credential header's value (without variables) is a secret read from the environment,
    /// its scheme (`Bearer`, `Basic`) kept.
    private mutating func headerItem(_ header: NameValue) -> String {
        guard Redactor.isCredentialHeader(header.name), !Template.hasVariables(header.value) else {
            return header.name + ":" + header.value
        }
        let name = ScriptWords.variableName(header.name.lowercased())
        setSecretBeforeRequest(name)
        let schemes = ["Bearer ", "Basic ", "Token ", "Digest "]
        let scheme = schemes.first { header.value.hasPrefix($0) } ?? ""
        return header.name + ":" + scheme + "{{\(name)}}"
    }

    /// `name==value`; a credential parameter's value (`api_key`) is a secret read from the environment.
    private mutating func queryItem(_ parameter: NameValue) -> String {
        guard Redactor.isCredentialName(parameter.name), !Template.hasVariables(parameter.value) else {
            return parameter.name + "==" + parameter.value
        }
        let name = ScriptWords.variableName(parameter.name.lowercased())
        setSecretBeforeRequest(name)
        return parameter.name + "=={{\(name)}}"
    }

    /// A secret set just before the request line being written (the blank line and comments stay first).
    private mutating func setSecretBeforeRequest(_ name: String) {
        guard !secretsSet.contains(name) else { return }
        setSecret(name)
    }

    private static func delimiter(for body: String) -> String {
        let bodyLines = Set(body.split(separator: "\n").map(String.init))
        var delimiter = "EOF"
        var number = 1
        while bodyLines.contains(delimiter) { number += 1; delimiter = "EOF\(number)" }
        return delimiter
    }

    // MARK: captures and assertions

    private mutating func capture(_ capture: ImportedCapture) {
        let name = ScriptWords.variableName(capture.name)
        guard capture.filters.isEmpty else {
            comment(Untranslated(kind: "capture filter \(capture.filters[0].name)", text: "\(capture.name): \(capture.query.kind) …"))
            return
        }
        switch capture.query {
        case .jsonPath(let expression):
            guard let path = PathConversion.apishPath(expression), let word = try? Tokenizer.quote(path) else {
                comment(Untranslated(kind: "JSONPath beyond apish paths", text: "\(capture.name): jsonpath \(expression)"))
                return
            }
            lines.append("let \(name) = \(word)")
        case .header(let header):
            guard let word = try? Tokenizer.quote(header) else { return }
            lines.append("let \(name) = header \(word)")
        default:
            comment(Untranslated(kind: "capture of \(capture.query.kind)", text: "\(capture.name): \(capture.query.kind)"))
        }
    }

    private mutating func assertion(_ assertion: ImportedAssertion) {
        if let line = AssertionTranslation.expect(assertion, words: &words) {
            lines.append(line)
        } else {
            comment(Untranslated(kind: AssertionTranslation.kind(of: assertion), text: AssertionTranslation.describe(assertion)))
        }
    }
}

extension String {
    /// A JSON value's text on one line (its line breaks are whitespace between tokens).
    fileprivate func replacingLineBreaks() -> String {
        String(map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}

extension Array where Element == String {
    /// A body's final newline is the heredoc's own line end, not an empty last line.
    fileprivate func dropLastIfEmpty() -> [String] {
        last == "" ? Array(dropLast()) : self
    }
}
