import APIDescriptions
import Facade
import HTTPClient
import HTTPTypes
import JSON

/// Reads a script without running it, as the shell would run it against one service, and holds each
/// line that reaches the service against the change between two of its versions (`impact`).
///
/// It tokenizes every line with the shell's tokenizer, expands the variables it can know (`set`, the
/// environment; a `let` capture is only known at run time), follows `use` and `locate`, and finds the
/// operation of version A each request reaches: `call OP` by operationId or `METHOD /path`, a raw
/// request by method and path template, `refresh`/`diff`/`watch` as the service's main resource
/// (`GET /`). The `let` and `expect` lines after a request read its response.
struct ImpactScanner {
    let file: String
    let service: String
    let entryA: LocatorEntry
    let entryB: LocatorEntry
    let documentA: OpenAPIDocument
    let documentB: OpenAPIDocument
    let pairing: OperationPairing
    let serviceNames: [String]
    let environment: [String: String]
    /// The service `call` uses before the script names one.
    let defaultService: String?
    let redactLine: (String) -> String

    /// Known values; a name mapped to nil is set, but only at run time.
    private var variables: [String: String?] = [:]
    private var currentService: String?
    /// The request whose response the next `let`/`expect` lines read, when it reached the service.
    private var lastRequest: RequestUse?
    /// Whether the last request's target is not known: its `let`/`expect` lines are unknown too.
    private var lastRequestUnknown = false
    private(set) var lines: [ImpactLine] = []
    private(set) var fixes: [Int: ImpactLineFix] = [:]
    /// Only the `use SERVICE A` → `use SERVICE B` edits: the script as `--run` sends it to B.
    private(set) var versionFixes: [Int: ImpactLineFix] = [:]

    init(file: String, service: String, entryA: LocatorEntry, entryB: LocatorEntry, documentA: OpenAPIDocument,
         documentB: OpenAPIDocument, serviceNames: [String], environment: [String: String], defaultService: String?,
         redactLine: @escaping (String) -> String) {
        self.file = file
        self.service = service
        self.entryA = entryA
        self.entryB = entryB
        self.documentA = documentA
        self.documentB = documentB
        self.pairing = OperationPairing(documentA, documentB)
        self.serviceNames = serviceNames
        self.environment = environment
        self.defaultService = defaultService
        self.redactLine = redactLine
        self.currentService = defaultService
    }

    private var a: String { entryA.version.description }
    private var b: String { entryB.version.description }

    // MARK: Lines

    mutating func scan(_ scriptLines: [String]) {
        for (index, raw) in scriptLines.enumerated() {
            var line = raw
            if index == 0, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let number = index + 1
            let commands: [[Word]]
            do {
                commands = try Tokenizer.split(line)
            } catch {
                add(number, redactLine(trimmed), [finding("unreadable", "cannot be read: \(error.description)", .unknown, nil)])
                continue
            }
            for (commandIndex, words) in commands.enumerated() {
                var context = LineContext(number: number, command: commandIndex, words: words)
                scan(&context)
                if !context.findings.isEmpty {
                    add(number, redactLine(ShellEngine.typedLine(words)), context.findings)
                }
                if context.fix.changesText || !context.fix.comments.isEmpty {
                    var fix = fixes[number] ?? ImpactLineFix()
                    for (key, value) in context.fix.replacements { fix.replacements[key] = value }
                    for (key, value) in context.fix.appended { fix.appended[key] = value }
                    fix.comments += context.fix.comments
                    fixes[number] = fix
                    if value(of: words[0])?.lowercased() == "use" {
                        var versionFix = versionFixes[number] ?? ImpactLineFix()
                        for (key, value) in context.fix.replacements { versionFix.replacements[key] = value }
                        versionFixes[number] = versionFix
                    }
                }
            }
        }
    }

    private mutating func add(_ number: Int, _ text: String, _ findings: [ImpactFinding]) {
        if let last = lines.indices.last, lines[last].number == number, lines[last].text == text {
            lines[last].findings += findings
        } else {
            lines.append(ImpactLine(number: number, text: text, findings: findings))
        }
    }

    /// One command being looked at: its words, and what is found and fixed.
    struct LineContext {
        let number: Int
        let command: Int
        let words: [Word]
        var findings: [ImpactFinding] = []
        var fix = ImpactLineFix()

        mutating func replace(_ word: Int, with text: String) {
            fix.replacements[command, default: [:]][word] = text
        }

        mutating func append(_ text: String) {
            fix.appended[command, default: []].append(text)
        }
    }

    private mutating func scan(_ context: inout LineContext) {
        let words = context.words
        guard let name = value(of: words[0])?.lowercased() else {
            context.findings.append(finding("unresolved", "the command is built at run time (\(words[0].text))", .unknown, nil))
            return
        }
        switch name {
        case "set":
            if words.count >= 3, let variable = value(of: words[1]) {
                let values = words.dropFirst(2).map(value(of:))
                variables[variable] = values.contains { $0 == nil } ? String?.none : values.compactMap { $0 }.joined(separator: " ")
            }
        case "let":
            scanRead(&context, isLet: true)
            if words.count >= 2, let variable = value(of: words[1])?.split(separator: "=").first.map(String.init) {
                variables[variable.trimmingBlanks()] = String?.none
            }
        case "expect":
            scanExpect(&context)
        case "use":
            scanUse(&context)
        case "locate":
            if words.count >= 2 {
                context.findings.append(finding("locate", "loads another locator; the lines after it are checked against \(service) \(a) → \(b) as loaded now", .unknown, nil))
                lastRequest = nil
            }
        case "call":
            scanCall(&context)
        case "get", "post", "put", "patch", "delete":
            scanRaw(&context, method: HTTPMethod(rawValue: name.uppercased()))
        case "refresh", "watch", "show":
            guard name != "show" else { return }
            if let target = words.dropFirst().first(where: { !$0.text.hasPrefix("-") && !$0.text.contains("=") }) {
                scanMainResource(&context, named: value(of: target), what: name)
            } else if let currentService {
                scanMainResource(&context, named: currentService, what: name)
            }
        case "diff":
            let arguments = words.dropFirst().compactMap(value(of:))
            guard let named = arguments.first, reaches(named) else {
                if words.count >= 2, value(of: words[1]) == nil {
                    context.findings.append(finding("unresolved", "the service is known only at run time", .unknown, nil))
                }
                return
            }
            if arguments.contains("--spec") {
                lastRequest = nil
                lastRequestUnknown = false
                context.findings.append(finding("spec diff", "compares the documents; its result is what the lines after it read", .ok, nil))
                return
            }
            scanMainResource(&context, named: named, what: "diff")
        default:
            return
        }
    }

    // MARK: Variables and services

    /// The word's value when every variable in it is known.
    private func value(of word: Word) -> String? {
        try? word.expand { name in
            if name.hasPrefix("env.") { return environment[String(name.dropFirst(4))] }
            return variables[name] ?? nil
        }
    }

    /// The word as a pattern: known variables expanded, unknown ones as `unknownMark`.
    private func pattern(of word: Word) -> String {
        var text = ""
        for part in word.parts {
            switch part {
            case .literal(let literal): text += literal
            case .variable(let name):
                let known = name.hasPrefix("env.") ? environment[String(name.dropFirst(4))] : (variables[name] ?? nil)
                text += known ?? String(Self.unknownMark)
            case let .variableWithDefault(name, fallback):
                let known = name.hasPrefix("env.") ? environment[String(name.dropFirst(4))] : (variables[name] ?? nil)
                text += known ?? fallback
            }
        }
        return text
    }

    static let unknownMark: Character = "\u{1}"

    private func reaches(_ name: String?) -> Bool {
        name?.lowercased() == service.lowercased()
    }

    private func finding(_ kind: String, _ what: String, _ verdict: ImpactVerdict, _ operation: String?) -> ImpactFinding {
        ImpactFinding(kind: kind, what: what, verdict: verdict, operation: operation)
    }

    private mutating func scanUse(_ context: inout LineContext) {
        let words = context.words
        guard words.count >= 2 else { return }
        guard let named = value(of: words[1]) else {
            context.findings.append(finding("unresolved", "the service is known only at run time", .unknown, nil))
            return
        }
        currentService = serviceNames.first { $0.lowercased() == named.lowercased() } ?? named
        guard reaches(named), words.count >= 3 else { return }
        guard let version = value(of: words[2]) else {
            context.findings.append(finding("unresolved", "the version is known only at run time", .unknown, nil))
            return
        }
        if ServiceVersion(version) == entryA.version, entryA.version == entryB.version {
            context.findings.append(finding("version", "uses \(a)", .ok, nil))
        } else if ServiceVersion(version) == entryA.version {
            context.findings.append(finding("version", "uses \(a); --fix switches it to \(b)", .ok, nil))
            if let version = Self.written(b) { context.replace(2, with: version) }
        } else if version.lowercased() == "latest" {
            context.findings.append(finding("version", "follows the latest version", .ok, nil))
        } else {
            context.findings.append(finding("version", "uses \(version), not \(a): its lines are checked as \(a)'s", .review, nil))
        }
    }

    // MARK: Requests

    /// A request of the script to an operation of version A.
    struct RequestUse {
        enum Style {
            /// `call OP` (word 1).
            case callById
            /// `call METHOD /path` (words 1 and 2).
            case callBySignature
            /// `get TARGET`: word 1, its typed text before the path, and the path's typed segments.
            case raw(prefix: String, segments: [String], query: String)
            /// `refresh`, `watch`, `diff`.
            case mainResource
        }

        let operation: OpenAPIOperation
        let style: Style
        /// What the line sets: parameters (a location) and body fields (none), with their values when known.
        var values: [SetValue] = []
        /// The status an `expect status` after it pinned, if any.
        var expectedStatus: Int?
    }

    struct SetValue {
        let name: String
        /// nil for a body field.
        let location: OpenAPIParameter.Location?
        let value: String?
        /// The word that sets it, and the separator after the name (`=`, `==`, `:=`, `:`); nil for a path
        /// segment or a positional argument.
        let word: Int?
        let separator: String
    }

    private mutating func scanCall(_ context: inout LineContext) {
        let words = context.words
        lastRequest = nil
        lastRequestUnknown = false
        guard reaches(currentService) || currentService == nil else { return }
        guard words.count >= 2 else { return }
        let values = words.map(value(of:))
        var consumed = 1
        var name = values[1]
        let methods: Set<String> = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]
        var bySignature = false
        if words.count >= 3, let method = values[1], methods.contains(method.uppercased()), let path = values[2], path.hasPrefix("/") {
            name = "\(method.uppercased()) \(path)"
            consumed = 2
            bySignature = true
        }
        guard let name else {
            context.findings.append(finding("unresolved", "the operation is known only at run time (\(words[1].text))", .unknown, nil))
            lastRequestUnknown = true
            return
        }
        guard let operation = documentA.operation(named: name) else {
            context.findings.append(finding("unresolved", "\(name) is not an operation of \(service) \(a)", .unknown, nil))
            lastRequestUnknown = true
            return
        }
        var use = RequestUse(operation: operation, style: bySignature ? .callBySignature : .callById)
        var positional: [Int] = []
        for index in words.indices.dropFirst(1 + consumed) {
            let text = values[index] ?? pattern(of: words[index])
            guard let item = Self.item(text) else {
                positional.append(index)
                continue
            }
            let known = values[index] == nil ? nil : item.value
            switch item.separator {
            case "==":
                use.values.append(SetValue(name: item.name, location: .query, value: known, word: index, separator: "=="))
            case ":":
                use.values.append(SetValue(name: item.name, location: .header, value: known, word: index, separator: ":"))
            case ":=":
                use.values.append(SetValue(name: item.name, location: nil, value: known, word: index, separator: ":="))
            default:
                let parameter = operation.parameter(settingItem: item.name)
                use.values.append(SetValue(name: parameter?.name ?? item.name, location: parameter?.location, value: known,
                                           word: index, separator: "="))
            }
        }
        let named = Set(use.values.filter { $0.location == .path }.map(\.name))
        for (name, index) in zip(operation.pathParameterNames.filter { !named.contains($0) }, positional) {
            use.values.append(SetValue(name: name, location: .path, value: values[index], word: nil, separator: ""))
        }
        check(use, &context)
        dryRun(operation, arguments: Array(values.dropFirst(1 + consumed)), &context)
        lastRequest = use
    }

    /// Builds the line's request with `call`'s own builder against A and then B, when every word is known:
    /// a request A takes and B refuses breaks, named by B's own refusal, so impact cannot disagree with
    /// what `call` would do. Left out when another finding already says the line breaks, when a word
    /// is known only at run time, or when the line has options or files the dry run cannot read.
    private func dryRun(_ operationA: OpenAPIOperation, arguments: [String?], _ context: inout LineContext) {
        guard !context.findings.contains(where: { $0.verdict == .breaking }), let operationB = pair(of: operationA)?.b else { return }
        var known: [String] = []
        var checked = true
        for argument in arguments {
            guard let argument else { return }
            if argument == "--no-check" {
                checked = false
            } else if argument.hasPrefix("-") || argument.contains("@") {
                return
            } else {
                known.append(argument)
            }
        }
        let base = "http://impact.invalid"
        guard (try? OpenAPICall.build(operationA, baseURL: base, arguments: known, checked: checked)) != nil else { return }
        do {
            _ = try OpenAPICall.build(operationB, baseURL: base, arguments: known, checked: checked)
        } catch {
            context.findings.append(finding("refused", "call would refuse it on \(b): \(error)", .breaking, operationA.displayName))
        }
    }

    private mutating func scanRaw(_ context: inout LineContext, method: HTTPMethod) {
        let words = context.words
        lastRequest = nil
        lastRequestUnknown = false
        guard words.count >= 2 else { return }
        let target = pattern(of: words[1])
        guard let (prefix, rest) = split(target: target, typed: words[1].text) else {
            if target.first == Self.unknownMark || (target.hasPrefix("/") && currentService == nil) {
                context.findings.append(finding("unresolved", "the target is built at run time (\(words[1].text))", .unknown, nil))
                lastRequestUnknown = true
            }
            return
        }
        let pathAndQuery = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = pathAndQuery.first.map(String.init) ?? ""
        let query = pathAndQuery.count > 1 ? String(pathAndQuery[1]) : ""
        let segments = Self.segments(path)
        guard let operation = documentA.operation(method, matchingPath: path, isWildcard: { $0.contains(Self.unknownMark) }) else {
            context.findings.append(finding("unresolved", "\(method) \(path.isEmpty ? "/" : path) is not an operation of \(service) \(a)", .unknown, nil))
            lastRequestUnknown = true
            return
        }
        let typedRest = String(words[1].text.dropFirst(prefix.count))
        let typedParts = typedRest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let typedPath = typedParts.first.map(String.init) ?? ""
        let typedSegments = Self.segments(typedPath)
        // The query as typed, not as expanded: a variable's value is not the script's to write down.
        let typedQuery = typedParts.count > 1 ? "?" + typedParts[1] : ""
        var use = RequestUse(operation: operation, style: typedSegments.count == segments.count
            ? .raw(prefix: prefix, segments: typedSegments, query: typedQuery) : .mainResource)
        let template = Self.segments(operation.path)
        for (segment, value) in zip(template, segments) where segment.hasPrefix("{") && segment.hasSuffix("}") {
            use.values.append(SetValue(name: String(segment.dropFirst().dropLast()), location: .path,
                                       value: value.contains(Self.unknownMark) ? nil : value, word: nil, separator: ""))
        }
        for pair in query.split(separator: "&") {
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            guard !name.isEmpty else { continue }
            let value = pair.contains("=") ? String(pair.split(separator: "=", maxSplits: 1).last ?? "") : ""
            use.values.append(SetValue(name: name, location: .query, value: value.contains(Self.unknownMark) ? nil : value,
                                       word: nil, separator: "=="))
        }
        for index in words.indices.dropFirst(2) {
            let known = value(of: words[index])
            guard let item = Self.item(known ?? pattern(of: words[index])) else { continue }
            let location: OpenAPIParameter.Location? = switch item.separator {
            case "==": .query
            case ":": .header
            default: nil
            }
            use.values.append(SetValue(name: item.name, location: location, value: known == nil ? nil : item.value,
                                       word: index, separator: item.separator))
        }
        check(use, &context)
        lastRequest = use
    }

    /// `refresh`, `watch`, `diff`: the service's own URL, which its document describes as `GET /`.
    /// `named` is nil when the service is known only at run time.
    private mutating func scanMainResource(_ context: inout LineContext, named: String?, what: String) {
        lastRequest = nil
        lastRequestUnknown = false
        guard let named else {
            context.findings.append(finding("unresolved", "the service is known only at run time", .unknown, nil))
            lastRequestUnknown = true
            return
        }
        guard reaches(named) else { return }
        guard let operation = documentA.operation(.get, matchingPath: "/") else {
            context.findings.append(finding("unresolved", "\(what) fetches \(service)'s URL, which \(a)'s document does not describe (no GET /)", .review, nil))
            lastRequestUnknown = true
            return
        }
        let use = RequestUse(operation: operation, style: .mainResource)
        check(use, &context)
        lastRequest = use
    }

    /// The part of a raw target before its path, when it reaches the service: `petstore`, `` (a `/path`
    /// under `use SERVICE`), or version A's URL; and the rest (path and query).
    private func split(target: String, typed: String) -> (prefix: String, rest: String)? {
        if target.hasPrefix("/") {
            return reaches(currentService) ? ("", target) : nil
        }
        if target.hasPrefix("http://") || target.hasPrefix("https://") {
            var base = entryA.url
            while base.hasSuffix("/") { base.removeLast() }
            guard target.hasPrefix(base), !typed.contains("$") else { return nil }
            let rest = String(target.dropFirst(base.count))
            guard rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("?") else { return nil }
            return (base, rest)
        }
        let name = target.prefix { $0 != "/" && $0 != "?" }
        guard reaches(String(name)), typed.hasPrefix(String(name)) else { return nil }
        return (String(name), String(target.dropFirst(name.count)))
    }

    static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// `name=value`, `name==value`, `name:=json`, `Header:value`, `name@FILE`, read as `RawRequest` and
    /// `call` read them (`RequestItemSyntax`); nil for a positional argument.
    static func item(_ text: String) -> (name: String, separator: String, value: String)? {
        RequestItemSyntax.split(text).map { ($0.name, $0.separator.rawValue, $0.value) }
    }


    // MARK: Responses

    private mutating func scanExpect(_ context: inout LineContext) {
        let words = context.words
        guard words.count >= 2 else { return }
        let first = value(of: words[1])?.lowercased()
        if first == "version", !words[1].isQuoted {
            scanExpectVersion(&context)
            return
        }
        scanRead(&context, isLet: false)
    }

    private mutating func scanExpectVersion(_ context: inout LineContext) {
        let words = context.words
        guard words.count >= 3 else { return }
        guard let named = value(of: words[2]) else {
            context.findings.append(finding("unresolved", "the service is known only at run time", .unknown, nil))
            return
        }
        guard reaches(named), let versionWord = words.indices.last, versionWord >= 3 else { return }
        guard let version = value(of: words[versionWord]) else {
            context.findings.append(finding("unresolved", "the version is known only at run time", .unknown, nil))
            return
        }
        if ServiceVersion(version) == entryA.version, entryA.version != entryB.version {
            context.findings.append(finding("version", "pins \(a), which --fix makes \(b)", .breaking, nil))
            if let version = Self.written(b) { context.replace(versionWord, with: version) }
        }
    }

    /// A `let` or `expect` after a request: the statuses and response properties it reads.
    private mutating func scanRead(_ context: inout LineContext, isLet: Bool) {
        let words = context.words
        if lastRequestUnknown {
            context.findings.append(finding("unresolved", "reads the response of a request known only at run time", .unknown, nil))
            return
        }
        guard var request = lastRequest else { return }
        let operation = request.operation.displayName
        let arguments = words.dropFirst().map { word in value(of: word) }
        guard !arguments.contains(where: { $0 == nil }) else {
            context.findings.append(finding("unresolved", "the check is known only at run time", .unknown, operation))
            return
        }
        let texts = arguments.compactMap { $0 }
        let path: JSONPath?
        if isLet {
            let joined = texts.joined(separator: " ")
            guard let equals = joined.firstIndex(of: "=") else { return }
            path = try? JSONPath.parse(String(joined[joined.index(after: equals)...]).trimmingBlanks())
        } else {
            let parsed = try? Expectation.parse(zip(texts, words.dropFirst()).map { Expectation.Argument($0, quoted: $1.isQuoted) })
            switch parsed {
            case .status(let comparison, let status)?:
                if comparison == .equal { request.expectedStatus = status }
                lastRequest = request
                context.findings.append(checkStatus(status, comparison: comparison, of: request))
                return
            case .value(let found, _)?, .exists(let found)?, .count(let found, _, _)?:
                path = found
            default:
                return
            }
        }
        guard let path else { return }
        context.findings.append(checkRead(path, of: request, context: &context))
    }

    private func pair(of operation: OpenAPIOperation) -> OperationPairing.Pair? {
        pairing.pair(of: operation)
    }

    private func checkStatus(_ status: Int, comparison: ExpectationOperator, of request: RequestUse) -> ImpactFinding {
        let operation = request.operation.displayName
        guard let pair = pair(of: request.operation) else {
            return finding("operation removed", "reads the answer of \(operation), removed in \(b)", .breaking, operation)
        }
        guard comparison == .equal else { return finding("unchanged", "status \(comparison.rawValue) \(status): not pinned to one status", .ok, operation) }
        let declared = { (responses: [OpenAPIResponse]) in
            responses.contains { $0.status == String(status) || $0.status.uppercased() == "\(status / 100)XX" }
        }
        if declared(pair.b.responses) {
            return finding("unchanged", "status \(status) still declared", .ok, operation)
        }
        let statuses = pair.b.responses.map(\.status).joined(separator: ", ")
        return finding("status removed", "status \(status) no longer declared (\(b): \(statuses))",
                       declared(pair.a.responses) ? .breaking : .review, operation)
    }

    /// The response schema a read of `request` sees in one operation: the status it pinned, else the
    /// first success.
    private func responseSchema(_ operation: OpenAPIOperation, status: Int?) -> JSONSchema? {
        if let status, let response = operation.responses.first(where: { $0.status == String(status) }) {
            return response.schema
        }
        return operation.responses.first(where: \.isSuccess)?.schema
    }

    private func checkRead(_ path: JSONPath, of request: RequestUse, context: inout LineContext) -> ImpactFinding {
        let operation = request.operation.displayName
        guard let pair = pair(of: request.operation) else {
            return finding("operation removed", "reads the answer of \(operation), removed in \(b)", .breaking, operation)
        }
        guard var schemaA = responseSchema(pair.a, status: request.expectedStatus) else {
            return finding("undeclared", "\(path) is not described by \(a)'s document", .review, operation)
        }
        // B answers with its own success status when A's pinned one is gone (201 → 200).
        guard var schemaB = responseSchema(pair.b, status: request.expectedStatus) else {
            return finding("response removed", "\(pair.b.displayName) declares no JSON answer in \(b)", .breaking, operation)
        }
        var walked = ""
        for component in path.components {
            switch component {
            case .key(let key):
                walked = JSONPath.appending(key: key, to: walked)
                guard let nextA = schemaA.property(named: key) else {
                    return finding("undeclared", "response property \(walked) is not declared in \(a) either", .review, operation)
                }
                let requiredInA = schemaA.required.contains(key)
                guard let nextB = schemaB.property(named: key) else {
                    context.fix.comments.append("\(walked) was removed from the response in \(b); decide what this line should read")
                    // The diff calls an optional property's going a warning; a line that reads it fails.
                    return finding("response property removed", "response property \(walked) removed", .breaking, operation)
                }
                // As the spec diff grades it (`response-property-became-optional`): the line may find nothing.
                if requiredInA, !schemaB.required.contains(key), !nextB.isWriteOnly {
                    context.fix.comments.append("\(walked) may be missing from the response in \(b); check this line still holds")
                    return finding("response property optional", "response property \(walked) is no longer required in \(b)",
                                   ImpactVerdict(SpecChangeRules.level(of: "response-property-became-optional")), operation)
                }
                schemaA = nextA
                schemaB = nextB
            case .index, .match:
                walked += "[]"
                guard let nextA = schemaA.items, let nextB = schemaB.items else {
                    return finding("undeclared", "response \(walked) is not an array in both versions", .review, operation)
                }
                schemaA = nextA
                schemaB = nextB
            }
        }
        let typesA = Self.types(schemaA), typesB = Self.types(schemaB)
        if typesA != typesB {
            context.fix.comments.append("\(path) is \(Self.text(typesB)) in \(b), was \(Self.text(typesA)); check what this line compares")
            return finding("response property changed type", "response property \(path) changed type (\(Self.text(typesA)) → \(Self.text(typesB)))",
                           .breaking, operation)
        }
        return finding("unchanged", "reads \(path), unchanged", .ok, operation)
    }

    // MARK: The request itself

    private func check(_ use: RequestUse, _ context: inout LineContext) {
        let operationA = use.operation
        let name = operationA.displayName
        guard let pair = pair(of: operationA) else {
            context.fix.comments.append("\(name) (\(operationA.signature)) was removed in \(b); replace or delete this line")
            context.findings.append(finding("operation removed", "operation \(name) removed in \(b)", .breaking, name))
            return
        }
        let operationB = pair.b
        var found: [ImpactFinding] = []
        switch use.style {
        case .callById:
            if pair.isRenamed, let newName = operationB.operationId {
                found.append(finding("operation renamed", "operation \(name) renamed to \(newName) (\(operationB.signature))", .breaking, name))
                if let written = Self.written(newName) {
                    context.replace(1, with: written)
                } else {
                    context.fix.comments.append("\(name) is now \(newName) (\(operationB.signature)); change this line")
                }
            } else if pair.isMoved {
                found.append(finding("operation moved", "moved to \(operationB.signature); call follows it", .ok, name))
            }
        case .callBySignature:
            if pair.isMoved {
                found.append(finding("operation moved", "\(operationA.signature) moved to \(operationB.signature)", .breaking, name))
                if let method = Self.written(operationB.method.rawValue), let path = Self.written(operationB.path) {
                    context.replace(1, with: method)
                    context.replace(2, with: path)
                } else {
                    context.fix.comments.append("\(operationA.signature) is now \(operationB.signature); change this line")
                }
            }
        case .raw(let prefix, let segments, let query):
            if pair.isMoved {
                let kind = pair.a.method != pair.b.method ? "operation moved" : "path moved"
                found.append(finding(kind, "\(kind == "path moved" ? "path" : "operation") moved: \(operationA.signature) → \(operationB.signature)", .breaking, name))
                if pair.a.method == pair.b.method, context.words[1].text.hasPrefix(prefix),
                   let path = Self.rewrite(segments, from: operationA.path, to: operationB.path),
                   let target = Self.oneWord(prefix + path + query) {
                    context.replace(1, with: target)
                } else {
                    context.fix.comments.append("\(operationA.signature) is now \(operationB.signature); change this request")
                }
            }
        case .mainResource:
            if pair.isMoved {
                found.append(finding("path moved", "the main resource moved: \(operationA.signature) → \(operationB.signature)", .breaking, name))
            }
        }
        found += checkParameters(use, pair: pair, context: &context)
        found += checkRequired(use, pair: pair, context: &context)
        found += checkDeprecations(use, pair: pair)
        if found.isEmpty {
            found.append(finding("unchanged", "\(name) unchanged for what this line sends", .ok, name))
        }
        context.findings += found
    }

    /// What the line uses that B newly marks deprecated: the operation, and each parameter it sets. Still
    /// served, so a person decides when to move off it.
    private func checkDeprecations(_ use: RequestUse, pair: OperationPairing.Pair) -> [ImpactFinding] {
        let name = use.operation.displayName
        var found: [ImpactFinding] = []
        if pair.b.deprecated, !pair.a.deprecated {
            found.append(finding("operation deprecated", "operation \(name) is deprecated in \(b)", .review, name))
        }
        for set in use.values {
            guard let location = set.location,
                  let parameterA = pair.a.parameters.first(where: { Self.same($0, location: location, name: set.name, in: pair.a) }),
                  let parameterB = Self.counterpart(of: parameterA, from: pair.a, in: pair.b),
                  parameterB.deprecated, !parameterA.deprecated else { continue }
            found.append(finding("parameter deprecated", "parameter \(set.name) is deprecated in \(b)", .review, name))
        }
        return found
    }

    /// The path `to` as typed text, its parameters filled from the typed segments that filled `from`'s and
    /// its other segments (the document's words) quoted; nil when they do not line up or a segment cannot
    /// be written on one line.
    static func rewrite(_ typed: [String], from: String, to: String) -> String? {
        let templateA = segments(from), templateB = segments(to)
        guard typed.count == templateA.count else { return nil }
        var values: [String] = []
        for (pattern, segment) in zip(templateA, typed) where pattern.hasPrefix("{") { values.append(segment) }
        var filled: [String] = []
        var next = 0
        for pattern in templateB {
            if pattern.hasPrefix("{") {
                guard next < values.count else { return nil }
                filled.append(values[next])
                next += 1
            } else {
                guard let written = written(pattern) else { return nil }
                filled.append(written)
            }
        }
        return "/" + filled.joined(separator: "/")
    }

    private func checkParameters(_ use: RequestUse, pair: OperationPairing.Pair, context: inout LineContext) -> [ImpactFinding] {
        let name = use.operation.displayName
        var found: [ImpactFinding] = []
        let renames = Self.parameterRenames(pair)
        let bodyRenames = Self.propertyRenames(pair.a.requestBody?.schema, pair.b.requestBody?.schema)
        for set in use.values {
            if let location = set.location {
                let parameterA = pair.a.parameters.first { Self.same($0, location: location, name: set.name, in: pair.a) }
                guard let parameterA else { continue }
                let parameterB = Self.counterpart(of: parameterA, from: pair.a, in: pair.b)
                if let parameterB {
                    found += checkValue(set, schemaA: parameterA.schema, schemaB: parameterB.schema, label: "parameter \(set.name)", operation: name)
                    continue
                }
                if let renamed = renames[parameterA.name] {
                    found.append(finding("parameter renamed", "parameter \(set.name) renamed to \(renamed.name)", .breaking, name))
                    if let word = set.word, context.words[word].text.hasPrefix(set.name + set.separator),
                       let itemName = Self.itemName(renamed.name) {
                        context.replace(word, with: itemName + context.words[word].text.dropFirst(set.name.count))
                    } else {
                        context.fix.comments.append("parameter \(set.name) is now \(renamed.name)")
                    }
                    found += checkValue(set, schemaA: parameterA.schema, schemaB: renamed.schema, label: "parameter \(renamed.name)", operation: name)
                    continue
                }
                let isCall: Bool = if case .raw = use.style { false } else { true }
                context.fix.comments.append("parameter \(set.name) was removed in \(b); drop it or find what replaces it")
                found.append(finding("parameter removed", "parameter \(set.name) removed" + (isCall ? "" : "; the server may ignore it"),
                                     isCall ? .breaking : .review, name))
            } else {
                guard let schemaA = pair.a.requestBody?.schema, let propertyA = schemaA.property(named: set.name) else { continue }
                if let propertyB = pair.b.requestBody?.schema?.property(named: set.name) {
                    found += checkValue(set, schemaA: propertyA, schemaB: propertyB, label: "body property \(set.name)", operation: name)
                    continue
                }
                if let renamed = bodyRenames[set.name] {
                    found.append(finding("body property renamed", "body property \(set.name) renamed to \(renamed)", .breaking, name))
                    if let word = set.word, context.words[word].text.hasPrefix(set.name + set.separator),
                       let itemName = Self.itemName(renamed) {
                        context.replace(word, with: itemName + context.words[word].text.dropFirst(set.name.count))
                    } else {
                        context.fix.comments.append("body property \(set.name) is now \(renamed)")
                    }
                    found += checkValue(set, schemaA: propertyA, schemaB: pair.b.requestBody?.schema?.property(named: renamed),
                                        label: "body property \(renamed)", operation: name)
                    continue
                }
                context.fix.comments.append("body property \(set.name) was removed in \(b); drop it or find what replaces it")
                found.append(finding("body property removed", "body property \(set.name) removed; the server may ignore or refuse it", .review, name))
            }
        }
        return found
    }

    /// A value the line sends, against the type and enum of B: narrowed, or an enum value removed.
    private func checkValue(_ set: SetValue, schemaA: JSONSchema?, schemaB: JSONSchema?, label: String, operation: String) -> [ImpactFinding] {
        guard let schemaA, let schemaB else { return [] }
        if let enumB = schemaB.enumValues {
            let allowed = enumB.map(\.displayText)
            let allowedText = allowed.joined(separator: " | ")
            let enumA = schemaA.enumValues?.map(\.displayText)
            guard let value = set.value else {
                if enumA == nil || enumA.map({ Set($0) != Set(allowed) }) == true {
                    return [finding("type narrowed", "\(label) now takes only \(allowedText); the value is known only at run time", .review, operation)]
                }
                return []
            }
            guard !allowed.contains(value) else {
                if enumA == nil {
                    return [finding("type narrowed", "\(label) narrowed to \(allowedText); \(value) is still allowed", .review, operation)]
                }
                return []
            }
            if let enumA, enumA.contains(value) {
                return [finding("enum value removed", "\(label): enum value \(value) removed (\(b): \(allowedText))", .breaking, operation)]
            }
            return [finding("type narrowed", "\(label) narrowed to \(allowedText); \(value) is not allowed", .breaking, operation)]
        }
        let typesA = Self.types(schemaA), typesB = Self.types(schemaB)
        guard typesA != typesB, !Self.accepts(typesB, everythingIn: typesA) else { return [] }
        let change = "\(label) narrowed (\(Self.text(typesA)) → \(Self.text(typesB)))"
        if let value = set.value, let typesB, Self.fits(value, typesB) {
            return [finding("type narrowed", change + "; \(value) still fits", .review, operation)]
        }
        return [finding("type narrowed", change, .breaking, operation)]
    }

    /// New required parameters and body properties of B that the line does not supply.
    private func checkRequired(_ use: RequestUse, pair: OperationPairing.Pair, context: inout LineContext) -> [ImpactFinding] {
        let name = use.operation.displayName
        var found: [ImpactFinding] = []
        let renames = Self.parameterRenames(pair)
        let isRaw: Bool = if case .raw = use.style { true } else { false }
        for parameterB in pair.b.parameters where parameterB.required && parameterB.location != .path {
            let supplied = use.values.contains { set in
                guard let location = set.location else { return false }
                if Self.same(parameterB, location: location, name: set.name, in: pair.b) { return true }
                return renames[set.name]?.name == parameterB.name
            }
            guard !supplied else { continue }
            let counterpartA = pair.a.parameters.first { Self.counterpart(of: $0, from: pair.a, in: pair.b)?.name == parameterB.name }
            let what = counterpartA == nil ? "new required parameter" : "parameter now required:"
            found.append(finding("new required parameter", "\(what) \(parameterB.name) (\(parameterB.location.rawValue), \(parameterB.typeDescription)) not supplied",
                                 .breaking, name))
            fill(parameterB.name, schema: parameterB.schema, separator: isRaw ? (parameterB.location == .query ? "==" : ":") : "=",
                 what: "\(parameterB.name) is required in \(b)", context: &context)
        }
        guard let bodyB = pair.b.requestBody?.schema else { return found }
        let bodyRenames = Self.propertyRenames(pair.a.requestBody?.schema, bodyB)
        let sentFields = Set(use.values.filter { $0.location == nil }.map(\.name))
        let sendsBody = !sentFields.isEmpty || pair.b.requestBody?.required == true
        guard sendsBody, use.operation.requestBody != nil || pair.b.requestBody?.required == true else { return found }
        let requiredA = Set(pair.a.requestBody?.schema?.required ?? [])
        for property in bodyB.required {
            let supplied = sentFields.contains(property) || sentFields.contains { bodyRenames[$0] == property }
            guard !supplied, !requiredA.contains(property) || pair.a.requestBody?.schema?.property(named: property) == nil else { continue }
            let schema = bodyB.property(named: property)
            let type = schema.map { $0.enumValues.map { $0.map(\.displayText).joined(separator: " | ") } ?? $0.typeDescription } ?? "any"
            found.append(finding("new required body property", "new required body property \(property) (\(type)) not supplied", .breaking, name))
            fill(property, schema: schema, separator: "=", what: "\(property) is new and required in \(b)", context: &context)
        }
        return found
    }

    /// Adds `name=FIRST-ALLOWED-VALUE` when B lists the values allowed, with a comment to check it; else
    /// only the comment.
    private func fill(_ name: String, schema: JSONSchema?, separator: String, what: String, context: inout LineContext) {
        guard let first = schema?.enumValues?.first?.displayText, !first.isEmpty,
              let itemName = Self.itemName(name), let itemValue = Self.itemValue(first, after: separator) else {
            context.fix.comments.append("\(what); add \(name)\(separator)…")
            return
        }
        context.append(itemName + separator + itemValue)
        let others = schema?.enumValues?.dropFirst().map(\.displayText) ?? []
        context.fix.comments.append("\(what); set to \(first), its first allowed value" + (others.isEmpty ? "" : " (also: \(others.joined(separator: ", ")))") + ": check it")
    }

    // MARK: Words for --fix

    /// A document's word (an operationId, a path, a version) as the script types it, quoted by the
    /// shell's one quoting function; nil when no line can hold it (a line break), and a comment says
    /// what to change instead.
    static func written(_ value: String) -> String? {
        try? Tokenizer.quote(value)
    }

    /// A parameter or property name as the start of an item (`NAME=…`), or nil when no item can name it:
    /// an `=` or `:` in it would end the name early, a leading `@` would make the item a file to send.
    static func itemName(_ name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("@"), !name.contains("="), !name.contains(":") else { return nil }
        return written(name)
    }

    /// A value after an item's separator: after `=`, a leading `@` would name a file to send, so it is
    /// written `\@`, which the item reads as a plain `@`.
    static func itemValue(_ value: String, after separator: String) -> String? {
        written(separator == "=" && value.hasPrefix("@") ? "\\" + value : value)
    }

    /// `text` when the tokenizer reads it as exactly one word (operators on, as a request's line has
    /// them): a rebuilt target mixes typed text with the document's, and must not become two words.
    static func oneWord(_ text: String) -> String? {
        guard let commands = try? Tokenizer.parse(text, takesOperators: { _ in true }), commands.count == 1,
              commands[0].words.count == 1, commands[0].input == nil, commands[0].output == nil else { return nil }
        return text
    }

    // MARK: Matching parameters and properties

    private static func same(_ parameter: OpenAPIParameter, location: OpenAPIParameter.Location, name: String, in operation: OpenAPIOperation) -> Bool {
        guard parameter.location == location else { return false }
        return location == .header ? parameter.name.lowercased() == name.lowercased() : parameter.name == name
    }

    /// B's parameter for one of A's: path parameters by position, others by location and name.
    static func counterpart(of parameter: OpenAPIParameter, from a: OpenAPIOperation, in b: OpenAPIOperation) -> OpenAPIParameter? {
        if parameter.location == .path, let position = a.pathParameterNames.firstIndex(of: parameter.name) {
            let names = b.pathParameterNames
            guard position < names.count else { return nil }
            return b.parameters.first { $0.location == .path && $0.name == names[position] }
        }
        return b.parameters.first { same($0, location: parameter.location, name: parameter.name, in: b) }
    }

    /// Parameters of A gone from B that one parameter B added in the same place replaces: the only one
    /// added there, or the only one of the same type.
    static func parameterRenames(_ pair: OperationPairing.Pair) -> [String: OpenAPIParameter] {
        let goneA = pair.a.parameters.filter { counterpart(of: $0, from: pair.a, in: pair.b) == nil }
        let newB = pair.b.parameters.filter { parameterB in
            !pair.a.parameters.contains { counterpart(of: $0, from: pair.a, in: pair.b)?.name == parameterB.name && $0.location == parameterB.location }
        }
        var renames: [String: OpenAPIParameter] = [:]
        for location in OpenAPIParameter.Location.allCases where location != .path {
            let gone = goneA.filter { $0.location == location }
            let added = newB.filter { $0.location == location }
            for parameter in gone {
                let sameType = added.filter { $0.typeDescription == parameter.typeDescription }
                if sameType.count == 1 {
                    renames[parameter.name] = sameType[0]
                } else if gone.count == 1, added.count == 1 {
                    renames[parameter.name] = added[0]
                }
            }
        }
        return renames
    }

    /// Body properties of A gone from B that one added property of the same type replaces.
    static func propertyRenames(_ a: JSONSchema?, _ b: JSONSchema?) -> [String: String] {
        guard let a, let b else { return [:] }
        let namesA = Set(a.properties.map(\.name)), namesB = Set(b.properties.map(\.name))
        let gone = a.properties.filter { !namesB.contains($0.name) }
        let added = b.properties.filter { !namesA.contains($0.name) }
        var renames: [String: String] = [:]
        for property in gone {
            let sameType = added.filter { Self.types($0.schema) == Self.types(property.schema)
                && $0.schema.enumValues.map { Set($0) } == property.schema.enumValues.map { Set($0) } }
            if sameType.count == 1 { renames[property.name] = sameType[0].name }
        }
        return renames
    }

    // MARK: Types

    static func types(_ schema: JSONSchema) -> Set<String>? {
        guard !schema.types.isEmpty else { return nil }
        var types = Set(schema.types)
        if schema.isNullable { types.insert("null") }
        return types
    }

    static func accepts(_ outer: Set<String>?, everythingIn inner: Set<String>?) -> Bool {
        guard let outer else { return true }
        guard let inner else { return false }
        return inner.allSatisfy { outer.contains($0) || ($0 == "integer" && outer.contains("number")) }
    }

    /// Whether a value as typed (`3`, `true`, `Rex`) is one of these JSON types.
    static func fits(_ value: String, _ types: Set<String>) -> Bool {
        if types.contains("string") { return true }
        if types.contains("integer"), Int(value) != nil { return true }
        if types.contains("number"), Double(value) != nil { return true }
        if types.contains("boolean"), value == "true" || value == "false" { return true }
        return false
    }

    private static let typeOrder = ["object", "array", "string", "number", "integer", "boolean", "null"]

    static func text(_ types: Set<String>?) -> String {
        guard let types else { return "any" }
        return typeOrder.filter(types.contains).joined(separator: " | ")
    }
}
