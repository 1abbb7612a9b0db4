import FoundationFree
import ScriptLanguage

/// A document as a `.http` file (JetBrains HTTP Client, VS Code REST Client; what `export --format http`
/// writes): variables as `@name = value`, requests between `###`, a capture as a `# @name` on its request
/// and the response reference (`{{login.response.body.$.token}}`) where a later request reads it. The format
/// has no assertions but in JavaScript handlers, so each is a `# expect …` comment. A secret is only named
/// (it belongs in `http-client.private.env.json`), never written.
public enum HTTPFileWriter {
    public static func write(_ document: ImportedDocument, source: String) -> String {
        var lines = ["# exported from \(Tokenizer.commentText(source)) by apish export"]
        var references: [String: String] = [:]
        var number = 0
        // After a request, a comment or a variable would read as its body: they open the next block.
        var inRequest = false
        var blockOpen = false
        for step in document.steps {
            if inRequest, !step.isRequest {
                lines += ["", "###"]
                inRequest = false
                blockOpen = true
            }
            switch step {
            case .comment(let text):
                lines.append("# " + Tokenizer.commentText(text))
            case .variable(let variable):
                if let value = variable.value {
                    lines.append("@\(variable.name) = \(oneLine(replaced(value, references)))")
                } else {
                    lines.append("# {{\(variable.name)}} is a secret: set it in http-client.private.env.json (apish read it from the environment)")
                }
            case .request(let request):
                number += 1
                let name = request.name.map(ScriptWords.variableName) ?? (request.captures.isEmpty ? nil : "request\(number)")
                if !blockOpen { lines += ["", "###"] }
                blockOpen = false
                inRequest = true
                lines += self.request(request, name: name, references: references)
                if let name {
                    for capture in request.captures {
                        switch capture.query {
                        case .jsonPath(let expression): references[capture.name] = "\(name).response.body.\(expression)"
                        case .header(let header): references[capture.name] = "\(name).response.headers.\(header)"
                        default: lines.append("# not exported (capture of \(capture.query.kind)): \(Tokenizer.commentText(capture.name))")
                        }
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func request(_ request: ImportedRequest, name: String?, references: [String: String]) -> [String] {
        var lines: [String] = []
        if let name { lines.append("# @name \(name)") }
        for note in request.untranslated {
            lines.append("# not exported (\(Tokenizer.commentText(note.kind))): \(Tokenizer.commentText(note.text))")
        }
        // .http has no assertions but in JavaScript handlers: they go before the request, as comments (after
        // it they would read as its body).
        if let status = request.status { lines.append("# expect status \(status)") }
        for assertion in request.assertions {
            lines.append("# expect \(Tokenizer.commentText(AssertionTranslation.describe(assertion)))")
        }
        lines.append("\(request.method) \(oneLine(replaced(request.url, references)))")
        for (index, parameter) in request.query.enumerated() {
            let pair = encoded(replaced(parameter.name, references)) + "=" + encoded(replaced(parameter.value, references))
            lines.append("    " + (index == 0 ? "?" : "&") + pair)
        }
        var headers = request.headers
        var body: [String] = []
        switch request.body {
        case nil: break
        case .text(let text):
            body = replaced(text, references).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if body.last == "" { body.removeLast() }
        case .bytes(let bytes):
            lines.insert("# not exported (binary body): \(bytes.count) bytes", at: lines.count - 1 - request.query.count)
        case .form(let fields):
            if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.append(NameValue("Content-Type", "application/x-www-form-urlencoded"))
            }
            body = [fields.map { encoded(replaced($0.name, references)) + "=" + encoded(replaced($0.value, references)) }.joined(separator: "&")]
        case .multipart(let fields):
            let boundary = "apish-export-boundary"
            headers.removeAll { $0.name.lowercased() == "content-type" }
            headers.append(NameValue("Content-Type", "multipart/form-data; boundary=\(boundary)"))
            for field in fields {
                body.append("--\(boundary)")
                if let file = field.file {
                    let fileName = file.split(separator: "/").last.map(String.init) ?? file
                    body.append("Content-Disposition: form-data; name=\"\(field.name)\"; filename=\"\(fileName)\"")
                    if let type = field.contentType { body.append("Content-Type: \(type)") }
                    body += ["", "< \(file)"]
                } else {
                    body += ["Content-Disposition: form-data; name=\"\(field.name)\"", "", replaced(field.value ?? "", references)]
                }
            }
            body.append("--\(boundary)--")
        }
        for header in headers { lines.append("\(header.name): \(oneLine(replaced(header.value, references)))") }
        if !body.isEmpty { lines += [""] + body }
        return lines
    }

    /// Each `{{capture}}` of an earlier request as the response reference it stands for.
    private static func replaced(_ text: String, _ references: [String: String]) -> String {
        guard !references.isEmpty, text.contains("{{") else { return text }
        return Template.parts(text).map { part in
            switch part {
            case .text(let text): text
            case .variable(let name): "{{" + (references[name] ?? name) + "}}"
            }
        }.joined()
    }

    /// A query parameter's text percent-encoded, its `{{variables}}` kept.
    private static func encoded(_ text: String) -> String {
        Template.parts(text).map { part in
            switch part {
            case .text(let text): PercentEncoding.encode(text)
            case .variable(let name): "{{" + name + "}}"
            }
        }.joined()
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}

extension ImportedDocument.Step {
    fileprivate var isRequest: Bool { if case .request = self { true } else { false } }
}
