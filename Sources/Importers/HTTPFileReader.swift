import FoundationFree
import JSON
import Secrets

/// Reads a `.http`/`.rest` file (JetBrains HTTP Client, VS Code REST Client): requests between `###` lines,
/// `@name = value` file variables, `# @name login` and `{{login.response.body.$.id}}` (a capture after
/// `login`), `< ./body.json` bodies, and `> {% … %}` handlers (not translated). Environment values come
/// from `http-client.env.json` beside the file (and its `.private` twin: secrets, never copied).
struct HTTPFileReader {
    let source: ImportSource
    /// The environment to take from `http-client.env.json` (else its first).
    let environment: String?

    private static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT"]

    func read() throws(ImportError) -> ImportedDocument {
        var document = ImportedDocument(format: .http)
        document.steps += try environmentVariables(&document)
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard lines.count <= source.limits.lines else { throw ImportError(file: source.path, "more than \(source.limits.lines) lines") }
        var block: [(Int, Substring)] = []
        var title: String?
        var pendingTitle: String?
        func flush() throws(ImportError) {
            defer { block = [] }
            // httpyac reads a second request line in one block as the next request.
            var rest = block[...]
            var name = title
            while !rest.isEmpty {
                let (request, next) = try readRequest(rest, title: name, document: &document)
                rest = next
                name = nil
                guard let request else { continue }
                guard document.requests.count < source.limits.requests else {
                    throw ImportError(file: source.path, "more than \(source.limits.requests) requests")
                }
                document.steps.append(.request(request))
            }
        }
        for (number, line) in lines.enumerated() {
            if line.hasPrefix("###") {
                try flush()
                title = pendingTitle
                let name = String(line.dropFirst(3)).trimmingBlanks()
                title = name.isEmpty ? nil : name
                pendingTitle = nil
                continue
            }
            block.append((number + 1, line))
        }
        try flush()
        try resolveResponseReferences(&document)
        return document
    }

    /// A request from the start of a block between `###` lines: file variables, comments and metadata, then
    /// the request; and the lines after it when another request line follows in the same block.
    private func readRequest(
        _ block: ArraySlice<(Int, Substring)>, title: String?, document: inout ImportedDocument
    ) throws(ImportError) -> (ImportedRequest?, ArraySlice<(Int, Substring)>) {
        var request: ImportedRequest?
        var name = title
        var notes: [Untranslated] = []
        var inHeaders = true
        var bodyLines: [Substring] = []
        var bodyFile: (Int, String)?
        var handler: [Substring]?
        var skipped: HTTPFileSkippedBlock?
        var rest = block[block.endIndex...]
        for position in block.indices {
            let (number, raw) = block[position]
            let line = String(raw).trimmingBlanks()
            if let block = skipped {
                if block.ends(at: line) {
                    skipped = nil
                    if let kind = block.kind { notes.append(Untranslated(kind: kind, text: "line \(block.line)")) }
                }
                continue
            }
            if handler == nil, let block = HTTPFileSkippedBlock(opening: line, line: number, beforeRequest: request == nil) {
                if block.isSingleLine, let kind = block.kind {
                    notes.append(Untranslated(kind: kind, text: line))
                } else {
                    skipped = block
                }
                continue
            }
            if handler == nil, request != nil, Self.methodLine(line) != nil, line.prefix(while: { $0 != " " }).allSatisfy(\.isUppercase) {
                rest = block[position...]
                break
            }
            if handler == nil, line.hasPrefix("?? ") || line.hasPrefix("<? ") {
                notes.append(Untranslated(kind: "httpyac assertion", text: line))
                continue
            }
            if var lines = handler {
                lines.append(raw)
                handler = lines
                if line.hasSuffix("%}") {
                    notes.append(Untranslated(kind: "JavaScript handler", text: lines.map(String.init).joined(separator: "\n")))
                    handler = nil
                }
                continue
            }
            if request == nil || inHeaders {
                if line.hasPrefix("#") || line.hasPrefix("//") {
                    let comment = String(line.drop { $0 == "#" || $0 == "/" }).trimmingBlanks()
                    if comment.hasPrefix("@name") {
                        name = String(comment.dropFirst(5)).trimmingBlanks().drop { $0 == "=" || $0 == " " }.description
                    } else if comment.hasPrefix("@") {
                        notes.append(Untranslated(kind: "request setting \(comment.split(separator: " ").first ?? "")", text: comment))
                    }
                    continue
                }
            }
            if request == nil {
                if line.isEmpty { continue }
                if line.hasPrefix("@"), let equals = line.firstIndex(of: "=") {
                    let variable = String(line[line.index(after: line.startIndex)..<equals]).trimmingBlanks()
                    let value = String(line[line.index(after: equals)...]).trimmingBlanks()
                    document.steps.append(.variable(ImportedVariable(name: variable, value: value)))
                    continue
                }
                // A response written after a request (`HTTP/1.1 200 OK`, tree-sitter-http) is no request.
                if Self.isResponseLine(line) {
                    notes.append(Untranslated(kind: "response example", text: line))
                    skipped = .rest
                    continue
                }
                request = requestLine(line)
                continue
            }
            if inHeaders {
                if line.isEmpty { inHeaders = false; continue }
                // httpyac continues a URL on the lines below it: `  /get`, `  ?q=1`, `  &page=2`.
                if line.hasPrefix("?") || line.hasPrefix("&") || (line.hasPrefix("/") && !line.hasPrefix("//") && !line.contains("*")) {
                    request?.url += line
                    continue
                }
                if let colon = line.firstIndex(of: ":"), !line.hasPrefix("{"), !line.hasPrefix("<") {
                    let header = String(line[..<colon]).trimmingBlanks()
                    let value = String(line[line.index(after: colon)...]).trimmingBlanks()
                    request?.headers.append(NameValue(header, value))
                    continue
                }
                inHeaders = false
            }
            if line.hasPrefix("> {%") || line == "> {%" {
                handler = [raw]
                if line.hasSuffix("%}") && line.count > 4 {
                    notes.append(Untranslated(kind: "JavaScript handler", text: line))
                    handler = nil
                }
                continue
            }
            if line.hasPrefix("> ") || line.hasPrefix("<> ") || line.hasPrefix(">> ") {
                notes.append(Untranslated(kind: line.hasPrefix("> ") ? "JavaScript handler" : "response reference", text: line))
                continue
            }
            if line.hasPrefix("< ") && bodyLines.allSatisfy({ String($0).trimmingBlanks().isEmpty }) {
                bodyFile = (number, String(line.dropFirst(2)).trimmingBlanks())
                continue
            }
            if (line.hasPrefix("#") || line.hasPrefix("//")) && bodyLines.allSatisfy({ String($0).trimmingBlanks().isEmpty }) { continue }
            bodyLines.append(raw)
        }
        guard var request else {
            document.untranslated += notes
            return (nil, rest)
        }
        request.name = name
        request.untranslated = notes
        if let (_, file) = bodyFile, Template.hasVariables(file) {
            request.untranslated.append(Untranslated(kind: "body file named by a variable", text: "< " + file))
        } else if let (number, file) = bodyFile {
            let bytes = try source.readReferenced(file, line: number)
            request.body = String(validating: bytes, as: UTF8.self).map(ImportedBody.text) ?? .bytes(bytes)
        } else {
            while let last = bodyLines.last, String(last).trimmingBlanks().isEmpty { bodyLines.removeLast() }
            if !bodyLines.isEmpty { request.body = .text(bodyLines.joined(separator: "\n")) }
        }
        splitQuery(&request)
        return (request, rest)
    }

    /// `GET https://…  HTTP/1.1`, or a bare URL (a GET).
    private func requestLine(_ line: String) -> ImportedRequest {
        if let request = Self.methodLine(line) { return request }
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if let last = words.last, last.hasPrefix("HTTP/"), words.count > 1 { words.removeLast() }
        return ImportedRequest(method: "GET", url: words.joined(separator: " "))
    }

    /// A request line that names its method (`GET https://…`, `POST /path HTTP/1.1`), nil for anything else.
    static func methodLine(_ line: String) -> ImportedRequest? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count >= 2, methods.contains(words[0].uppercased()) else { return nil }
        if let last = words.last, last.hasPrefix("HTTP/"), words.count > 2 { words.removeLast() }
        return ImportedRequest(method: words[0].uppercased(), url: words.dropFirst().joined(separator: " "))
    }

    /// `HTTP/1.1 200 OK`: a status line, the start of a response.
    static func isResponseLine(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        return words.count >= 2 && words[0].hasPrefix("HTTP/") && words[1].count == 3 && words[1].allSatisfy(\.isNumber)
    }

    /// The URL's query as parameters (so each becomes a `name==value` item), when it has no fragment.
    private func splitQuery(_ request: inout ImportedRequest) {
        guard let mark = request.url.firstIndex(of: "?"), !request.url.contains("#") else { return }
        let query = request.url[request.url.index(after: mark)...]
        request.url = String(request.url[..<mark])
        for pair in query.split(separator: "&") where !pair.isEmpty {
            if let equals = pair.firstIndex(of: "=") {
                request.query.append(NameValue(PercentEncoding.decode(pair[..<equals], plusAsSpace: true), PercentEncoding.decode(pair[pair.index(after: equals)...], plusAsSpace: true)))
            } else {
                request.query.append(NameValue(PercentEncoding.decode(pair, plusAsSpace: true), ""))
            }
        }
    }

    /// `{{login.response.body.$.id}}` and `{{login.response.headers.X-Token}}`: a capture after the request
    /// named `login`, and the reference a plain variable.
    private func resolveResponseReferences(_ document: inout ImportedDocument) throws(ImportError) {
        var captures: [String: [ImportedCapture]] = [:]
        var replacements: [String: String] = [:]
        func scan(_ text: String) {
            for case .variable(let name) in Template.parts(text) {
                let parts = name.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
                guard parts.count >= 4, parts[1] == "response" else { continue }
                let variable = ScriptWords.variableName(parts[0] + "_" + (parts[2] == "headers" ? parts[3] : parts[3].filter { $0.isLetter || $0.isNumber || $0 == "_" }))
                let query: ImportedQuery = parts[2] == "headers" ? .header(parts[3]) : .jsonPath(parts[3].hasPrefix("$") ? parts[3] : "$." + parts[3])
                if replacements[name] == nil {
                    replacements[name] = variable
                    captures[parts[0], default: []].append(ImportedCapture(name: variable, query: query))
                }
            }
        }
        for request in document.requests {
            scan(request.url)
            request.headers.forEach { scan($0.value) }
            request.query.forEach { scan($0.value) }
            if case .text(let text)? = request.body { scan(text) }
        }
        guard !replacements.isEmpty else { return }
        func replaced(_ text: String) -> String {
            var result = text
            for (reference, variable) in replacements {
                result = result.split(separator: "{{\(reference)}}", omittingEmptySubsequences: false).joined(separator: "{{\(variable)}}")
            }
            return result
        }
        for index in document.steps.indices {
            guard case .request(var request) = document.steps[index] else { continue }
            request.url = replaced(request.url)
            request.headers = request.headers.map { NameValue($0.name, replaced($0.value)) }
            request.query = request.query.map { NameValue($0.name, replaced($0.value)) }
            if case .text(let text)? = request.body { request.body = .text(replaced(text)) }
            if let name = request.name { request.captures += captures[name] ?? [] }
            document.steps[index] = .request(request)
        }
    }

    /// The chosen environment of `http-client.env.json` (values) and `http-client.private.env.json` (secrets).
    private func environmentVariables(_ document: inout ImportedDocument) throws(ImportError) -> [ImportedDocument.Step] {
        var steps: [ImportedDocument.Step] = []
        for (file, secret) in [("http-client.env.json", false), ("http-client.private.env.json", true)] {
            let path = source.folder + "/" + file
            guard SecureFile.read(existing: path) else { continue }
            let bytes = try source.readReferenced(path)
            let value: JSONValue
            do {
                value = try JSONValue.parse(String(decoding: bytes, as: UTF8.self))
            } catch {
                throw ImportError(file: path, "not JSON: \(error)")
            }
            guard case .object(let environments) = value else { continue }
            let chosen = environment.flatMap { environments[$0] } ?? environments.values.first
            guard case .object(let variables)? = chosen else { continue }
            for (name, value) in variables {
                if secret || Redactor.isCredentialName(name) {
                    steps.append(.variable(.secret(name)))
                } else if let text = value.stringValue ?? (value.numberValue.map { _ in value.encoded() }) ?? value.boolValue.map(String.init) {
                    steps.append(.variable(ImportedVariable(name: name, value: text)))
                } else {
                    document.untranslated.append(Untranslated(kind: "structured environment value", text: "\(name) in \(file)"))
                }
            }
        }
        return steps
    }
}
