import ScriptLanguage

/// A document as a `.hurl` file (what `export --format hurl` writes): each request an entry with its
/// headers, `[QueryStringParams]`, `[FormParams]` or `[MultipartFormData]` and body, then `HTTP N` (or
/// `HTTP *`), `[Captures]` and `[Asserts]`. Variables go to the next entry's `[Options] variable:`; a secret
/// is only named (hurl reads it from `--variable NAME=…`), never written. What hurl cannot say is a `#`
/// comment naming it.
public enum HurlWriter {
    public static func write(_ document: ImportedDocument, source: String) -> String {
        var lines = ["# exported from \(Tokenizer.commentText(source)) by apish export"]
        var pending: [ImportedVariable] = []
        for step in document.steps {
            switch step {
            case .comment(let text):
                lines.append("# " + Tokenizer.commentText(text))
            case .variable(let variable):
                if variable.isSecret {
                    lines.append("# {{\(variable.name)}} is a secret: give it with --variable \(variable.name)=… (apish read it from the environment)")
                } else {
                    pending.append(variable)
                }
            case .request(let request):
                lines.append("")
                lines += entry(request, variables: pending)
                pending = []
            }
        }
        for variable in pending {
            lines.append("# not exported (variable after the last request): \(Tokenizer.commentText(variable.name))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func entry(_ request: ImportedRequest, variables: [ImportedVariable]) -> [String] {
        var lines: [String] = []
        if let name = request.name { lines.append("# " + Tokenizer.commentText(name)) }
        for note in request.untranslated { lines.append("# not exported (\(Tokenizer.commentText(note.kind))): \(Tokenizer.commentText(note.text))") }
        lines.append("\(request.method) \(template(request.url))")
        for header in request.headers { lines.append("\(key(header.name)): \(value(header.value))") }
        if !request.query.isEmpty {
            lines.append("[QueryStringParams]")
            for parameter in request.query { lines.append("\(key(parameter.name)): \(value(parameter.value))") }
        }
        if !variables.isEmpty {
            lines.append("[Options]")
            for variable in variables { lines.append("variable: \(key(variable.name))=\(value(variable.value ?? ""))") }
        }
        switch request.body {
        case nil: break
        case .form(let fields):
            lines.append("[FormParams]")
            for field in fields { lines.append("\(key(field.name)): \(value(field.value))") }
        case .multipart(let fields):
            lines.append("[MultipartFormData]")
            for field in fields {
                if let file = field.file {
                    lines.append("\(key(field.name)): file,\(value(file));" + (field.contentType.map { " " + $0 } ?? ""))
                } else {
                    lines.append("\(key(field.name)): \(value(field.value ?? ""))")
                }
            }
        case .bytes(let bytes):
            lines.append("base64,\(Base64Text.encode(bytes));")
        case .text(let text):
            lines += body(text)
        }
        let checks = !request.captures.isEmpty || !request.assertions.isEmpty
        guard request.status != nil || checks else { return lines }
        lines.append("HTTP " + (request.status.map(String.init) ?? "*"))
        if !request.captures.isEmpty {
            lines.append("[Captures]")
            for capture in request.captures { lines.append("\(key(capture.name)): \(query(capture.query))") }
        }
        if !request.assertions.isEmpty {
            lines.append("[Asserts]")
            for assertion in request.assertions { lines.append(self.assertion(assertion)) }
        }
        return lines
    }

    /// A JSON body as it is (hurl reads JSON bodies, variables and all); anything else in a ``` block.
    private static func body(_ text: String) -> [String] {
        let text = template(text)
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let body = lines.last == "" ? Array(lines.dropLast()) : lines
        if (trimmed.hasPrefix("{") && !trimmed.hasPrefix("{{")) || trimmed.hasPrefix("[") { return body }
        // A line of three backquotes would close the block early: such a body goes as a one-line string.
        if body.contains(where: { $0.hasPrefix("```") }) { return ["`" + escaped(text, quote: "`") + "`"] }
        return ["```"] + body + ["```"]
    }

    private static func query(_ query: ImportedQuery) -> String {
        switch query {
        case .status: "status"
        case .header(let name): "header \(string(name))"
        case .jsonPath(let expression): "jsonpath \(string(expression))"
        case .body: "body"
        case .other(let kind, let argument): kind + (argument.map { " " + string($0) } ?? "")
        }
    }

    private static func assertion(_ assertion: ImportedAssertion) -> String {
        var words = [query(assertion.query)]
        for filter in assertion.filters { words.append(([filter.name] + filter.arguments.map(string)).joined(separator: " ")) }
        if assertion.negated { words.append("not") }
        words.append(assertion.predicate)
        switch assertion.value {
        case nil: break
        case .string(let text)?: words.append(string(text))
        case .number(let number)?: words.append(number)
        case .bool(let bool)?: words.append(bool ? "true" : "false")
        case .null?: words.append("null")
        case .variable(let name)?: words.append("{{\(name)}}")
        case .bytes(let bytes)?: words.append("base64,\(Base64Text.encode(bytes));")
        case .regex(let text)?: words.append(string(text))
        }
        return words.joined(separator: " ")
    }

    /// `"…"` with hurl's escapes.
    static func string(_ text: String) -> String { "\"" + escaped(template(text), quote: "\"") + "\"" }

    private static func escaped(_ text: String, quote: Character) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\", quote: result += "\\" + String(character)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result
    }

    /// An unquoted key: `:`, `#` and `\` escaped.
    private static func key(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == ":" || character == "#" || character == "\\" || character == " " { result += "\\" }
            result.append(character)
        }
        return result
    }

    /// An unquoted value: `#` (a comment) and `\` escaped, line breaks as `\n`.
    private static func value(_ text: String) -> String {
        var result = ""
        for character in template(text) {
            switch character {
            case "#", "\\": result += "\\" + String(character)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        return result
    }

    /// `{{$processEnv NAME}}` (an environment variable) as `{{NAME}}`: hurl has no environment reads but
    /// its `--variable`.
    static func template(_ text: String) -> String {
        guard text.contains("{{$processEnv ") else { return text }
        return text.split(separator: "{{$processEnv ", omittingEmptySubsequences: false).joined(separator: "{{")
    }
}
