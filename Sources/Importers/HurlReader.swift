import FoundationFree
import JSON

/// Reads a `.hurl` file: entries (a request line, headers, sections, a body), each with its response
/// (`HTTP 200`, headers, `[Captures]`, `[Asserts]`, a body). What apish cannot do stays as `Untranslated`.
struct HurlReader {
    let source: ImportSource
    private let lines: [Substring]
    private var index = 0
    private var document = ImportedDocument(format: .hurl)

    init(source: ImportSource) {
        self.source = source
        lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    static let requestSections: Set<String> = ["QueryStringParams", "Query", "FormParams", "Form", "MultipartFormData", "Multipart", "Cookies", "BasicAuth", "Options"]
    static let responseSections: Set<String> = ["Captures", "Asserts"]

    mutating func read() throws(ImportError) -> ImportedDocument {
        guard lines.count <= source.limits.lines else {
            throw ImportError(file: source.path, "more than \(source.limits.lines) lines")
        }
        while index < lines.count {
            let line = trimmed(lines[index])
            if line.isEmpty || line.hasPrefix("#") { index += 1; continue }
            guard let (method, url) = Self.requestLine(line) else {
                throw error("expected a request line (METHOD URL), found \(line.prefix(60))")
            }
            guard document.requests.count < source.limits.requests else {
                throw ImportError(file: source.path, "more than \(source.limits.requests) requests")
            }
            index += 1
            var request = ImportedRequest(method: method, url: url)
            var variables: [ImportedVariable] = []
            try readRequestPart(&request, variables: &variables)
            try readResponsePart(&request)
            document.steps += variables.map(ImportedDocument.Step.variable)
            document.steps.append(.request(request))
        }
        return document
    }

    // MARK: the request

    private mutating func readRequestPart(_ request: inout ImportedRequest, variables: inout [ImportedVariable]) throws(ImportError) {
        var section: String?
        var form: [NameValue] = []
        var multipart: [MultipartField] = []
        var cookies: [String] = []
        while index < lines.count {
            let line = trimmed(lines[index])
            if line.isEmpty || line.hasPrefix("#") { index += 1; continue }
            if Self.isStatusLine(line) || Self.requestLine(line) != nil { break }
            if let name = Self.sectionName(line), Self.requestSections.contains(name) {
                section = name
                index += 1
                continue
            }
            if Self.startsBody(line) {
                request.body = try readBody()
                continue
            }
            // A JSON string, number or boolean alone on its line is a body (`"Hello"`, `100`, `true`).
            if let scalar = try? JSONValue.parse(line), scalar.objectValue == nil, scalar.arrayValue == nil {
                request.body = .text(line)
                index += 1
                continue
            }
            guard let (key, value) = Self.keyValue(line) else { throw error("expected NAME: VALUE, found \(line.prefix(60))") }
            switch section {
            case nil: request.headers.append(NameValue(key, value))
            case "QueryStringParams", "Query": request.query.append(NameValue(key, value))
            case "FormParams", "Form": form.append(NameValue(key, value))
            case "MultipartFormData", "Multipart": multipart.append(try multipartField(key, value))
            case "Cookies": cookies.append("\(key)=\(value)")
            case "BasicAuth":
                let encoded = Base64Text.encode(Array("\(key):\(value)".utf8))
                request.headers.append(NameValue("Authorization", "Basic " + encoded))
            default:
                if key == "variable", let equals = value.firstIndex(of: "=") {
                    variables.append(ImportedVariable(name: String(value[..<equals]).trimmingBlanks(),
                                                      value: String(value[value.index(after: equals)...]).trimmingBlanks()))
                } else {
                    request.untranslated.append(Untranslated(kind: "hurl option \(key)", text: "\(key): \(value)"))
                }
            }
            index += 1
        }
        if !cookies.isEmpty { request.headers.append(NameValue("Cookie", cookies.joined(separator: "; "))) }
        if !form.isEmpty { request.body = .form(form) }
        if !multipart.isEmpty { request.body = .multipart(multipart) }
    }

    private func multipartField(_ name: String, _ value: String) throws(ImportError) -> MultipartField {
        guard value.hasPrefix("file,") else { return MultipartField(name: name, value: value) }
        let spec = value.dropFirst(5)
        guard let end = spec.firstIndex(of: ";") else { throw error("file, without its closing ;") }
        let path = String(spec[..<end]).trimmingBlanks()
        let type = String(spec[spec.index(after: end)...]).trimmingBlanks()
        return MultipartField(name: name, file: try source.resolve(path, line: index + 1), contentType: type.isEmpty ? nil : type)
    }

    // MARK: the response

    private mutating func readResponsePart(_ request: inout ImportedRequest) throws(ImportError) {
        guard index < lines.count, Self.isStatusLine(trimmed(lines[index])) else { return }
        let words = trimmed(lines[index]).split(separator: " ")
        if words.count >= 2, let status = Int(words[1]) { request.status = status }
        // `HTTP/2 200` also checks the version, which apish cannot; `HTTP` and `HTTP/*` check none.
        if let version = words.first, version != "HTTP", version != "HTTP/*" {
            request.untranslated.append(Untranslated(kind: "HTTP version check", text: String(version)))
        }
        index += 1
        var section: String?
        while index < lines.count {
            let line = trimmed(lines[index])
            if line.isEmpty || line.hasPrefix("#") { index += 1; continue }
            if Self.requestLine(line) != nil { break }
            if let name = Self.sectionName(line), Self.responseSections.contains(name) {
                section = name
                index += 1
                continue
            }
            if Self.startsBody(line) {
                let lineNumber = index + 1
                let body = try readBody()
                let value: ImportedValue = switch body {
                case .text(let text): .string(text)
                case .bytes(let bytes): .bytes(bytes)
                default: .string("")
                }
                request.assertions.append(ImportedAssertion(query: .body, predicate: "==", value: value))
                _ = lineNumber
                continue
            }
            do throws(HurlSyntaxError) {
                switch section {
                case "Captures":
                    let capture = try Self.capture(line)
                    request.captures.append(capture.capture)
                    if capture.redacted {
                        // apish masks a variable by its name (token, key, secret…), not by a mark on the capture.
                        request.untranslated.append(Untranslated(kind: "hurl redact", text: line))
                    }
                case "Asserts":
                    guard let fence = line.firstRange(of: "```") else {
                        request.assertions.append(try Self.assertion(Substring(line), file: readPredicateFile))
                        break
                    }
                    // A multiline string value: the lines up to the closing ```.
                    var assertion = try Self.assertion(line[..<fence.lowerBound] + "\"\"", file: readPredicateFile)
                    let escaped = line[fence.upperBound...].split(separator: ",").contains("escape")
                    var text: [String] = []
                    index += 1
                    while index < lines.count, trimmed(lines[index]) != "```" {
                        text.append(escaped ? HurlEscape.decodeAll(lines[index]) : String(lines[index]))
                        index += 1
                    }
                    guard index < lines.count else { throw HurlSyntaxError("a ``` value without its closing ```") }
                    assertion.value = .string(text.joined(separator: "\n") + (text.isEmpty ? "" : "\n"))
                    request.assertions.append(assertion)
                default:
                    guard let (name, value) = Self.keyValue(line) else { throw HurlSyntaxError("expected NAME: VALUE") }
                    request.assertions.append(ImportedAssertion(query: .header(name), predicate: "includes", value: .string(value)))
                }
            } catch {
                throw self.error(error.message)
            }
            index += 1
        }
    }

    /// A predicate's `file,name;` value: the bytes of the file, read below the imported file's folder.
    private func readPredicateFile(_ reference: String) throws(HurlSyntaxError) -> [UInt8] {
        do {
            return try source.readReferenced(reference, line: index + 1)
        } catch {
            throw HurlSyntaxError(error.message)
        }
    }

    /// A `[Captures]` line, and whether it ends with `redact` (hurl hides such a value in its logs).
    static func capture(_ line: String) throws(HurlSyntaxError) -> (capture: ImportedCapture, redacted: Bool) {
        guard let colon = line.firstIndex(of: ":") else { throw HurlSyntaxError("expected NAME: QUERY") }
        let name = HurlEscape.unquoted(line[..<colon])
        var tokens = try HurlToken.split(line[line.index(after: colon)...])
        let redacted = tokens.last == .word("redact")
        if redacted { tokens.removeLast() }
        var position = 0
        let query = try Self.query(tokens, at: &position)
        var filters: [ImportedFilter] = []
        while position < tokens.count { filters.append(try filter(tokens, at: &position)) }
        return (ImportedCapture(name: name, query: query, filters: filters), redacted)
    }

    static func assertion(_ line: Substring, file: (String) throws(HurlSyntaxError) -> [UInt8]) throws(HurlSyntaxError) -> ImportedAssertion {
        let tokens = try HurlToken.split(line)
        var position = 0
        let query = try Self.query(tokens, at: &position)
        var filters: [ImportedFilter] = []
        while position < tokens.count, !isPredicateStart(tokens[position]) { filters.append(try filter(tokens, at: &position)) }
        var negated = false
        if position < tokens.count, tokens[position] == .word("not") { negated = true; position += 1 }
        guard position < tokens.count, case .word(let predicate) = tokens[position] else { throw HurlSyntaxError("an assert without its predicate") }
        position += 1
        var value: ImportedValue?
        if position < tokens.count {
            if case .file(let reference) = tokens[position] { value = .bytes(try file(reference)) } else { value = Self.value(tokens[position]) }
        }
        return ImportedAssertion(query: query, filters: filters, predicate: canonical(predicate), negated: negated, value: value)
    }

    private static let predicateWords: Set<String> = [
        "==", "!=", ">", ">=", "<", "<=", "contains", "includes", "startsWith", "endsWith", "matches", "exists",
        "equals", "notEquals", "greaterThan", "greaterThanOrEquals", "lessThan", "lessThanOrEquals", "not",
    ]

    private static func isPredicateStart(_ token: HurlToken) -> Bool {
        guard case .word(let word) = token else { return false }
        return predicateWords.contains(word) || (word.hasPrefix("is") && word.count > 2 && word.dropFirst(2).first?.isUppercase == true)
    }

    /// hurl's older spellings (`equals`, `greaterThan`) as the operators they are now.
    private static func canonical(_ predicate: String) -> String {
        switch predicate {
        case "equals": "=="
        case "notEquals": "!="
        case "greaterThan": ">"
        case "greaterThanOrEquals": ">="
        case "lessThan": "<"
        case "lessThanOrEquals": "<="
        default: predicate
        }
    }

    private static let queriesWithArgument: Set<String> = ["header", "cookie", "certificate", "xpath", "jsonpath", "regex", "variable"]

    static func query(_ tokens: [HurlToken], at position: inout Int) throws(HurlSyntaxError) -> ImportedQuery {
        guard position < tokens.count, case .word(let kind) = tokens[position] else { throw HurlSyntaxError("expected a query (status, header, jsonpath…)") }
        position += 1
        var argument: String?
        if queriesWithArgument.contains(kind) {
            guard position < tokens.count else { throw HurlSyntaxError("\(kind) needs its argument") }
            argument = tokens[position].text
            position += 1
        }
        switch kind {
        case "status": return .status
        case "body": return .body
        case "header": return .header(argument ?? "")
        case "jsonpath": return .jsonPath(argument ?? "")
        default: return .other(kind, argument: argument)
        }
    }

    private static let filterArguments: [String: Int] = [
        "nth": 1, "regex": 1, "replace": 2, "replaceRegex": 2, "split": 1, "toDate": 1, "format": 1, "dateFormat": 1, "decode": 1,
        "jsonpath": 1, "xpath": 1, "charsetDecode": 1,
    ]

    static func filter(_ tokens: [HurlToken], at position: inout Int) throws(HurlSyntaxError) -> ImportedFilter {
        guard case .word(let name) = tokens[position] else { throw HurlSyntaxError("expected a filter or a predicate") }
        position += 1
        var arguments: [String] = []
        for _ in 0..<(filterArguments[name] ?? 0) {
            guard position < tokens.count else { throw HurlSyntaxError("\(name) needs an argument") }
            arguments.append(tokens[position].text)
            position += 1
        }
        return ImportedFilter(name, arguments)
    }

    static func value(_ token: HurlToken) -> ImportedValue {
        switch token {
        case .string(let text): return .string(text)
        case .regex(let text): return .regex(text)
        case .variable(let name): return .variable(name)
        case .bytes(let bytes): return .bytes(bytes)
        case .file(let reference): return .string(reference)
        case .word(let word):
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default: return .number(word)
            }
        }
    }

    // MARK: bodies

    private mutating func readBody() throws(ImportError) -> ImportedBody {
        let line = trimmed(lines[index])
        let start = index + 1
        if line.hasPrefix("```") {
            // ```escape (and ```escape,novariable) decodes hurl's escapes; a language name changes nothing.
            let escaped = line.dropFirst(3).split(separator: ",").contains("escape")
            index += 1
            var text: [String] = []
            while index < lines.count, trimmed(lines[index]) != "```" {
                text.append(escaped ? HurlEscape.decodeAll(lines[index]) : String(lines[index]))
                index += 1
            }
            guard index < lines.count else { throw ImportError(file: source.path, line: start, "a ``` body without its closing ```") }
            index += 1
            return .text(text.joined(separator: "\n") + (text.isEmpty ? "" : "\n"))
        }
        index += 1
        if line.hasPrefix("`") {
            do throws(HurlSyntaxError) {
                guard case .string(let text) = try HurlToken.split(Substring(line)).first else { throw HurlSyntaxError("a ` body") }
                return .text(text)
            } catch {
                throw ImportError(file: source.path, line: start, error.message)
            }
        }
        if line.hasPrefix("hex,") || line.hasPrefix("base64,") {
            do throws(HurlSyntaxError) {
                guard case .bytes(let bytes) = try HurlToken.split(Substring(line)).first else { throw HurlSyntaxError("bytes") }
                return .bytes(bytes)
            } catch {
                throw ImportError(file: source.path, line: start, error.message)
            }
        }
        if line.hasPrefix("file,") {
            guard let end = line.firstIndex(of: ";") else { throw ImportError(file: source.path, line: start, "file, without its closing ;") }
            let reference = String(line[line.index(line.startIndex, offsetBy: 5)..<end]).trimmingBlanks()
            let bytes = try source.readReferenced(reference, line: start)
            if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
            return .bytes(bytes)
        }
        // JSON or XML: to the line where the brackets balance (JSON), or to a blank line (XML).
        var text = [lines[start - 1]]
        if line.hasPrefix("<") {
            while index < lines.count, !trimmed(lines[index]).isEmpty, !Self.isStatusLine(trimmed(lines[index])) {
                text.append(lines[index]); index += 1
            }
            return .text(text.joined(separator: "\n"))
        }
        var depth = JSONDepth()
        depth.scan(lines[start - 1])
        while !depth.balanced, index < lines.count {
            depth.scan(lines[index])
            text.append(lines[index])
            index += 1
        }
        guard depth.balanced else { throw ImportError(file: source.path, line: start, "a JSON body that does not close") }
        return .text(text.joined(separator: "\n"))
    }

    // MARK: lines

    private func trimmed(_ line: Substring) -> String { String(line).trimmingBlanks() }

    private func error(_ message: String) -> ImportError { ImportError(file: source.path, line: index + 1, message) }

    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT", "LINK", "UNLINK", "PURGE", "LOCK", "UNLOCK", "PROPFIND", "VIEW"]

    /// `GET http://…` → the method and the URL (a trailing comment off).
    static func requestLine(_ line: String) -> (String, String)? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        let method = String(line[..<space])
        guard !method.isEmpty, method.allSatisfy({ $0.isUppercase && $0.isASCII }) else { return nil }
        guard methods.contains(method) || method.count >= 3 else { return nil }
        let url = HurlEscape.unquoted(line[line.index(after: space)...])
        guard !url.isEmpty, !method.hasPrefix("HTTP") else { return nil }
        return (method, url)
    }

    static func isStatusLine(_ line: String) -> Bool {
        line.hasPrefix("HTTP ") || line.hasPrefix("HTTP/")
    }

    static func sectionName(_ line: String) -> String? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let name = String(line[line.index(after: line.startIndex)..<close])
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter }) else { return nil }
        return name
    }

    static func startsBody(_ line: String) -> Bool {
        line.hasPrefix("{") && !line.hasPrefix("{{") || line.hasPrefix("[") || line.hasPrefix("`") || line.hasPrefix("<")
            || line.hasPrefix("hex,") || line.hasPrefix("base64,") || line.hasPrefix("file,")
    }

    /// `name: value`, the name unquoted (hurl's escapes, or a quoted string) and the value's comment off.
    static func keyValue(_ line: String) -> (String, String)? {
        var nameEnd = line.startIndex
        var escaped = false
        while nameEnd < line.endIndex {
            let character = line[nameEnd]
            if character == ":" && !escaped { break }
            escaped = character == "\\" && !escaped
            nameEnd = line.index(after: nameEnd)
        }
        guard nameEnd < line.endIndex else { return nil }
        var name = HurlEscape.unquoted(line[..<nameEnd])
        if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 { name = String(name.dropFirst().dropLast()) }
        let value = HurlEscape.unquoted(line[line.index(after: nameEnd)...])
        return (name, value)
    }
}

/// Where a JSON body's brackets balance, read line by line (strings skipped).
struct JSONDepth {
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var started = false

    var balanced: Bool { started && depth == 0 && !inString }

    mutating func scan(_ line: Substring) {
        for byte in line.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; started = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
    }
}
