import APIDescriptions
import Facade
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
            /// `call OP` (word 1).
            case callById
            /// `call METHOD /path` (words 1 and 2).
            case callBySignature
            /// `get TARGET`: word 1, its typed text before the path, and the path's typed segments.
            case raw(prefix: String, segments: [String], query: String)
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

    /// A `call` line, read by `call`'s own signature (its options wherever they stand, `--service`
    /// included), then built by `call`'s own builder against A and then B.
    mutating func scanCall(_ context: inout LineContext) {
        let words = context.words
        lastRequest = nil
        lastRequestUnknown = false
        let values = words.map(value(of:))
        // What `call` reads: each word's value, or its pattern when it is known only at run time.
        let texts = words.indices.dropFirst().map { values[$0] ?? pattern(of: words[$0]) }
        let parsed: ParsedArguments
        do {
            guard let signature = registry.command(named: "call")?.signature else { return }
            parsed = try signature.parse(texts)
        } catch {
            context.findings.append(finding("refused", "call refuses this line on any version: \(error.problem ?? "its words fit no form of call")", .breaking, nil))
            return
        }
        let service = parsed.option("--service")
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
        // An operand's place among the command's words (the command name is word 0).
        let operands = parsed.operands.map { (index: $0.position + 1, text: $0.word) }
        guard let first = operands.first else { return }
        var consumed = 1
        var name: String? = values[first.index]
        let methods: Set<String> = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]
        var bySignature = false
        if operands.count >= 2, let method = values[first.index], methods.contains(method.uppercased()),
           let path = values[operands[1].index], path.hasPrefix("/") {
            name = "\(method.uppercased()) \(path)"
            consumed = 2
            bySignature = true
        }
        guard let name else {
            context.findings.append(finding("unresolved", "the operation is known only at run time (\(words[first.index].text))", .unknown, nil))
            lastRequestUnknown = true
            return
        }
        guard let operation = documentA.operation(named: name) else {
            context.findings.append(finding("unresolved", "\(name) is not an operation of \(service ?? self.service) \(a)", .unknown, nil))
            lastRequestUnknown = true
            return
        }
        var use = RequestUse(operation: operation, style: bySignature ? .callBySignature : .callById)
        var positional: [Int] = []
        for (index, text) in operands.dropFirst(consumed) {
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
        if context.input == nil {
            dryRun(operation, arguments: operands.dropFirst(consumed).map { values[$0.index] }, checked: !parsed.flag("--no-check"), &context)
        }
        lastRequest = use
    }

    /// Builds the line's request with `call`'s own builder against A and then B, when every word is known:
    /// what B refuses breaks, named by B's own refusal, so impact cannot disagree with what `call` would
    /// do (a line A refuses too breaks on B all the same, and says so), and B checks what `--no-check` would
    /// send unchecked, as B's server would. Left out when another finding
    /// already says the line breaks, when a word is known only at run time, or when an item names a file.
    private func dryRun(_ operationA: OpenAPIOperation, arguments: [String?], checked: Bool, _ context: inout LineContext) {
        guard !context.findings.contains(where: { $0.verdict == .breaking }), let operationB = pair(of: operationA)?.b else { return }
        var known: [String] = []
        for argument in arguments {
            guard let argument, !argument.contains("@") else { return }
            known.append(argument)
        }
        let base = "http://impact.invalid"
        var refusedOnA: String?
        do {
            _ = try OpenAPICall.build(operationA, baseURL: base, arguments: known, checked: checked)
        } catch {
            refusedOnA = "\(error)"
        }
        do {
            // Checked on B whatever the line says: `--no-check` sends what B's server then refuses.
            _ = try OpenAPICall.build(operationB, baseURL: base, arguments: known, checked: true)
        } catch {
            let already = refusedOnA == nil ? "" : " (as it does on \(a))"
            context.findings.removeAll { $0.kind == "unchanged" }
            context.findings.append(finding("refused", "call would refuse it on \(b)\(already): \(error)", .breaking, operationA.displayName))
        }
    }

    mutating func scanRaw(_ context: inout LineContext, method: HTTPMethod) {
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
    mutating func scanMainResource(_ context: inout LineContext, named: String?, what: String) {
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
