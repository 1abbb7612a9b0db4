#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIDescriptions
import Facade
import FoundationFree
import HTTPClient
import HTTPTypes
import JSON
import ScriptLanguage
import Reports
import Shell

extension ImpactScanner {
    /// A request of the script to an operation of version A.
    struct RequestUse {
        enum Style {
            /// `call OP`: the word that names it.
            case callById(words: [Int])
            /// `call METHOD /path`: the two words that name it.
            case callBySignature(words: [Int])
            /// `get TARGET`: the target's word, its typed text before the path, and the path's typed segments.
            case raw(word: Int, prefix: String, segments: [String], query: String)
            /// `refresh`, `watch`, `diff`.
            case mainResource
        }

        package let operation: OpenAPIOperation
        package let style: Style
        /// What the line sets: parameters (a location) and body fields (none), with their values when known.
        package var values: [SetValue] = []
        /// The status an `expect status` after it pinned, if any.
        var expectedStatus: Int?
    }

    struct SetValue {
        package let name: String
        /// nil for a body field.
        package let location: OpenAPIParameter.Location?
        package let value: String?
        /// The word that sets it, and the separator after the name (`=`, `==`, `:=`, `:`); nil for a path
        /// segment or a positional argument.
        package let word: Int?
        package let separator: String
    }

    /// A statement whose command declares the request it makes (`Command.requestIntent`): its words read
    /// as the command reads them (each word's value, or its pattern when it is known only at run time), the
    /// intent resolved against A for the checks, and dry-run against A and B. False when the command sends
    /// no request.
    mutating func scanRequest(_ context: inout LineContext, command: any Command) -> Bool {
        let words = context.words
        let values = words.map(value(of:))
        let texts = words.indices.dropFirst().map { values[$0] ?? pattern(of: words[$0]) }
        let parsed: ParsedArguments
        do {
            parsed = try command.signature.parse(texts)
        } catch {
            guard let tolerant = context.statement.arguments, command.requestIntent(tolerant, session: session) != .none else { return false }
            lastRequest = nil
            lastRequestUnknown = false
            // A value known only at run time may be what the signature refused (a number): not guessed at.
            if values.contains(where: { $0 == nil }) {
                context.findings.append(finding("unresolved", "\(command.name)'s arguments are known only at run time", .unknown, nil))
                lastRequestUnknown = true
                return true
            }
            let problem = error.problem ?? "its words fit no form of \(command.name)"
            context.findings.append(finding("refused", "\(command.name) refuses this line on any version: \(problem)", .breaking, nil))
            return true
        }
        let intent = command.requestIntent(parsed, session: session)
        let line = IntentLine(values: values, words: words)
        switch intent {
        case .none:
            return false
        case let .operation(nameWords, service, arguments, checked):
            scanOperation(&context, line, nameWords: nameWords, service: service, arguments: arguments, checked: checked)
        case let .raw(method, target, items):
            scanRaw(&context, line, method: method, target: target, items: items)
        case let .mainResource(service, query):
            scanMainResource(&context, line, service: service, query: query, what: command.name)
        }
        return true
    }

    /// The statement's words beside their values, for the arguments of an intent.
    struct IntentLine {
        let values: [String?]
        let words: [Word]

        /// The word an argument was typed as (the command's name is word 0); nil for one the command made.
        func word(of argument: RequestIntent.Argument) -> Int? {
            argument.position.map { $0 + 1 }
        }

        /// The argument's value; nil when it is known only at run time.
        func value(of argument: RequestIntent.Argument) -> String? {
            guard let word = word(of: argument) else { return argument.text }
            return values.indices.contains(word) ? values[word] : nil
        }

        /// The argument as typed (a variable as written).
        func typed(_ argument: RequestIntent.Argument) -> String {
            guard let word = word(of: argument), words.indices.contains(word) else { return argument.text }
            return words[word].text
        }
    }

    /// `call`'s intent: the operation of A its words name, the values its arguments set, then the request
    /// built by `call`'s own prepared call on A and on B.
    private mutating func scanOperation(
        _ context: inout LineContext, _ line: IntentLine, nameWords: [RequestIntent.Argument], service: String?,
        arguments: [RequestIntent.Argument], checked: Bool
    ) {
        lastRequest = nil
        lastRequestUnknown = false
        if let service {
            guard !service.contains(Self.unknownMark) else {
                context.findings.append(finding("unresolved", "the service is known only at run time", .unknown, nil))
                lastRequestUnknown = true
                return
            }
            guard reaches(service) else { return }
        } else {
            guard reaches(currentService) || currentService == nil else { return }
        }
        guard let first = nameWords.first else { return }
        let named = nameWords.map(line.value(of:))
        guard !named.contains(where: { $0 == nil }) else {
            context.findings.append(finding("unresolved", "the operation is known only at run time (\(line.typed(first)))", .unknown, nil))
            lastRequestUnknown = true
            return
        }
        let texts = named.compactMap { $0 }
        // `METHOD /path` names an operation as `call` reads it, the method in any case.
        let name = texts.count == 2 ? "\(texts[0].uppercased()) \(texts[1])" : texts[0]
        guard let operation = documentA.operation(named: name) else {
            context.findings.append(finding("unresolved", "\(name) is not an operation of \(service ?? self.service) \(a)", .unknown, nil))
            lastRequestUnknown = true
            return
        }
        let nameWordIndexes = nameWords.compactMap(line.word(of:))
        var use = RequestUse(operation: operation, style: nameWords.count == 2 ? .callBySignature(words: nameWordIndexes) : .callById(words: nameWordIndexes))
        var positional: [Int?] = []
        for argument in arguments {
            guard let item = Self.item(argument.text) else {
                positional.append(line.word(of: argument))
                continue
            }
            let word = line.word(of: argument)
            let known = line.value(of: argument) == nil ? nil : item.value
            switch item.separator {
            case "==":
                use.values.append(SetValue(name: item.name, location: .query, value: known, word: word, separator: "=="))
            case ":":
                use.values.append(SetValue(name: item.name, location: .header, value: known, word: word, separator: ":"))
            case ":=":
                use.values.append(SetValue(name: item.name, location: nil, value: known, word: word, separator: ":="))
            default:
                let parameter = operation.parameter(settingItem: item.name)
                use.values.append(SetValue(name: parameter?.name ?? item.name, location: parameter?.location, value: known,
                                           word: word, separator: "="))
            }
        }
        let pathNamed = Set(use.values.filter { $0.location == .path }.map(\.name))
        for (parameter, word) in zip(operation.pathParameterNames.filter { !pathNamed.contains($0) }, positional) {
            use.values.append(SetValue(name: parameter, location: .path, value: word.flatMap { line.values[$0] }, word: nil, separator: ""))
        }
        check(use, &context)
        if context.input == nil {
            dryRun(name, arguments: arguments.map(line.value(of:)), checked: checked, operationA: operation, &context)
        }
        lastRequest = use
    }

    /// Builds the line's request with `call`'s own prepared call (`DescriptionService.prepare`, then
    /// `PreparedCall.request`) against A and then B, when every word is known: what B refuses breaks, named
    /// by B's own refusal, so impact cannot disagree with what `call` would do (a line A refuses too breaks
    /// on B all the same, and says so), and B checks what `--no-check` would send unchecked, as B's server
    /// would. Left out when another finding already says the line breaks, when a word is known only at run
    /// time, or when an item names a file.
    private func dryRun(_ name: String, arguments: [String?], checked: Bool, operationA: OpenAPIOperation, _ context: inout LineContext) {
        guard !context.findings.contains(where: { $0.verdict == .breaking }) else { return }
        var known: [String] = []
        for argument in arguments {
            guard let argument, !argument.contains("@") else { return }
            known.append(argument)
        }
        let descriptions = session.facade.descriptions
        let refusedOnA: Bool
        do {
            _ = try descriptions.prepare(name, of: (apiA, entryA), arguments: known, checked: checked).request(baseURL: Self.dryRunBase)
            refusedOnA = false
        } catch {
            refusedOnA = true
        }
        do {
            // Checked on B whatever the line says: `--no-check` sends what B's server then refuses.
            _ = try descriptions.prepare(name, of: (apiB, entryB), arguments: known, checked: true).request(baseURL: Self.dryRunBase)
        } catch {
            let already = refusedOnA ? " (as it does on \(a))" : ""
            context.findings.removeAll { $0.kind == "unchanged" }
            context.findings.append(finding("refused", "call would refuse it on \(b)\(already): \(Self.refusal(error))", .breaking, operationA.displayName))
        }
    }

    /// Where a dry run's requests would go; nothing is sent there.
    static let dryRunBase = "http://impact.invalid"

    /// A refusal as `call` prints it, without the facade's wrapping.
    static func refusal(_ error: FacadeError) -> String {
        if case .operation(let reason) = error { return "\(reason)" }
        return "\(error)"
    }

    mutating func scanRaw(_ context: inout LineContext, _ line: IntentLine, method: HTTPMethod, target: RequestIntent.Argument,
                          items: [RequestIntent.Argument]) {
        lastRequest = nil
        lastRequestUnknown = false
        let targetWord = line.word(of: target)
        let typedTarget = line.typed(target)
        let targetPattern = targetWord.map { pattern(of: line.words[$0]) } ?? target.text
        guard let (prefix, rest) = split(target: targetPattern, typed: typedTarget) else {
            if targetPattern.first == Self.unknownMark || (targetPattern.hasPrefix("/") && currentService == nil) {
                context.findings.append(finding("unresolved", "the target is built at run time (\(typedTarget))", .unknown, nil))
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
        let typedRest = String(typedTarget.dropFirst(prefix.count))
        let typedParts = typedRest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let typedPath = typedParts.first.map(String.init) ?? ""
        let typedSegments = Self.segments(typedPath)
        // The query as typed, not as expanded: a variable's value is not the script's to write down.
        let typedQuery = typedParts.count > 1 ? "?" + typedParts[1] : ""
        var use = RequestUse(operation: operation, style: targetWord != nil && typedSegments.count == segments.count
            ? .raw(word: targetWord ?? 1, prefix: prefix, segments: typedSegments, query: typedQuery) : .mainResource)
        let template = Self.segments(operation.path)
        for (segment, value) in zip(template, segments) where segment.hasPrefix("{") && segment.hasSuffix("}") {
            use.values.append(SetValue(name: String(segment.dropFirst().dropLast()), location: .path,
                                       value: value.contains(Self.unknownMark) ? nil : value, word: nil, separator: ""))
        }
        use.values += Self.queryValues(query)
        for argument in items {
            let known = line.value(of: argument)
            let word = line.word(of: argument)
            guard let item = Self.item(known ?? word.map { pattern(of: line.words[$0]) } ?? argument.text) else { continue }
            let location: OpenAPIParameter.Location? = switch item.separator {
            case "==": .query
            case ":": .header
            default: nil
            }
            use.values.append(SetValue(name: item.name, location: location, value: known == nil ? nil : item.value,
                                       word: word, separator: item.separator))
        }
        check(use, &context)
        let knownTarget = !targetPattern.contains(Self.unknownMark)
        let knownItems = items.map(line.value(of:))
        if knownTarget, !knownItems.contains(where: { $0 == nil }) {
            dryRunRaw(method: method, path: path, query: query, items: knownItems.compactMap { $0 }, operationA: operation, &context)
        }
        lastRequest = use
    }

    /// `name=value` pairs of a raw target's query, as query values the line sets.
    private static func queryValues(_ query: String) -> [SetValue] {
        query.split(separator: "&").compactMap { pair in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            guard !name.isEmpty else { return nil }
            let value = pair.contains("=") ? String(pair.split(separator: "=", maxSplits: 1).last ?? "") : ""
            return SetValue(name: name, location: .query, value: value.contains(Self.unknownMark) ? nil : value, word: nil, separator: "==")
        }
    }

    /// `refresh`'s intent: the service's own URL, which its document describes as `GET /`, with its query.
    mutating func scanMainResource(_ context: inout LineContext, _ line: IntentLine, service: RequestIntent.Argument?,
                                   query: [RequestIntent.Argument], what: String) {
        lastRequest = nil
        lastRequestUnknown = false
        let named = service.map(line.value(of:)) ?? currentService
        guard let named else {
            if service != nil {
                context.findings.append(finding("unresolved", "the service is known only at run time", .unknown, nil))
                lastRequestUnknown = true
            }
            return
        }
        guard reaches(named) else { return }
        guard let operation = documentA.operation(.get, matchingPath: "/") else {
            context.findings.append(finding("unresolved", "\(what) fetches \(self.service)'s URL, which \(a)'s document does not describe (no GET /)", .review, nil))
            lastRequestUnknown = true
            return
        }
        var use = RequestUse(operation: operation, style: .mainResource)
        let items = query.map(line.value(of:))
        for (argument, known) in zip(query, items) {
            guard let item = Self.item(known ?? argument.text) else { continue }
            use.values.append(SetValue(name: item.name, location: .query, value: known == nil ? nil : item.value,
                                       word: line.word(of: argument), separator: item.separator))
        }
        check(use, &context)
        if !items.contains(where: { $0 == nil }) {
            dryRunRaw(method: .get, path: "/", query: "", items: items.compactMap { $0 }, operationA: operation, &context)
        }
        lastRequest = use
    }

    /// Holds a raw request (or a service's own URL) to B's operation as B's server would, by the checks
    /// the mock makes of what it receives (`OpenAPIReceivedRequest`, the checks `call` makes): what B
    /// refuses breaks, and so do items the command itself refuses. Left out when another finding already
    /// says the line breaks, when the body comes from a file, or an item names one.
    private func dryRunRaw(method: HTTPMethod, path: String, query: String, items: [String], operationA: OpenAPIOperation,
                           _ context: inout LineContext) {
        guard !context.findings.contains(where: { $0.verdict == .breaking }), let operationB = pair(of: operationA)?.b,
              context.input == nil || context.heredoc != nil,
              let values = operationB.template.match(Self.segments(path).map { PercentEncoding.decode($0) })?.values else { return }
        let raw: RawRequest
        let body: HTTPBody
        // A file an item names is not read: what it holds is known only at run time.
        var namesFile = false
        let noFile: RawRequest.FileReader = { _ throws(RequestItemError) in
            namesFile = true
            throw .invalidItem("")
        }
        do {
            raw = try RawRequest(method: method, target: "/", items: items,
                                 body: context.heredoc.map { RawRequest.BodyBytes(data: Data($0.utf8), fileName: nil) }, readFile: noFile)
            body = try raw.body()
        } catch {
            guard !namesFile else { return }
            // The command's own refusal of its items (bad JSON after `:=`), whatever the version.
            context.findings.removeAll { $0.kind == "unchanged" }
            context.findings.append(finding("refused", "\(method.rawValue.lowercased()) refuses it on any version: \(error)", .breaking,
                                            operationA.displayName))
            return
        }
        if let refusal = Self.mediaTypeRefusal(body, typed: raw.headers, by: operationB) {
            context.findings.removeAll { $0.kind == "unchanged" }
            context.findings.append(finding("refused", "\(b)'s server refuses it, as its description says: \(refusal)", .breaking, operationA.displayName))
            return
        }
        guard let received = Self.receivedBody(body) else { return }
        var request = OpenAPIReceivedRequest(
            pathValues: values,
            query: URLEncoding.decodeForm(Substring(query)) + raw.query.map { ($0.name, $0.value) },
            headers: raw.headers.map { ($0.name, $0.value) }, cookies: [], body: .none)
        do {
            try request.checkParameters(against: operationB)
            request.body = received
            try request.checkBody(against: operationB)
        } catch {
            context.findings.removeAll { $0.kind == "unchanged" }
            context.findings.append(finding("refused", "\(b)'s server refuses it, as its description says: \(error)", .breaking, operationA.displayName))
        }
    }

    /// Why a server that takes only the operation's media types refuses a body of another (a `Content-Type:`
    /// item wins over the body's own type), as the mock refuses it (415); nil when it takes it.
    private static func mediaTypeRefusal(_ body: HTTPBody, typed headers: [FormField], by operation: OpenAPIOperation) -> String? {
        guard let requestBody = operation.requestBody, !body.isEmpty,
              let sent = headers.last(where: { $0.name.lowercased() == "content-type" })?.value ?? body.contentType,
              !requestBody.takes(sent) else { return nil }
        let declared = requestBody.declaredEssences.joined(separator: ", ")
        return "\(operation.displayName) takes its body as \(declared), not \(OpenAPIRequestBody.essence(sent))"
    }

    /// A body as a server reads it by its media type; nil for one the checks cannot read (a file, a multipart form).
    private static func receivedBody(_ body: HTTPBody) -> OpenAPIReceivedRequest.Body? {
        switch body {
        case .none: return OpenAPIReceivedRequest.Body.none
        case .json(let data): return (try? JSONValue.parse(data)).map { .json($0) }
        case .form(let fields): return .form(fields.map { ($0.name, $0.value) })
        case .raw(let data, let contentType) where contentType.contains("json"): return (try? JSONValue.parse(data)).map { .json($0) }
        default: return nil
        }
    }

    /// The part of a raw target before its path, when it reaches the service: `petstore`, `` (a `/path`
    /// under `use SERVICE`), or version A's URL; and the rest (path and query).
    package func split(target: String, typed: String) -> (prefix: String, rest: String)? {
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

    package static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// `name=value`, `name==value`, `name:=json`, `Header:value`, `name@FILE`, read as `RawRequest` and
    /// `call` read them (`RequestItemSyntax`); nil for a positional argument.
    package static func item(_ text: String) -> (name: String, separator: String, value: String)? {
        RequestItemSyntax.split(text).map { ($0.name, $0.separator.rawValue, $0.value) }
    }
}
