import Secrets
import JSON
import APIDescriptions
import Facade
import HTTPClient

/// `ops [SERVICE] [WORD…]` and `ops [SERVICE] --tags`: the operations of a service's active version, from
/// its OpenAPI document, narrowed to those every word matches; or its tags with their counts.
struct OpsCommand: Command {
    let name = "ops"
    let abstract = "List the operations of a service's OpenAPI document"
    let usage = "ops [SERVICE] [WORD…] | ops [SERVICE] --tags"
    let details = [
        "ops                 the current service, else the first with an OpenAPI document",
        "ops petstore",
        "ops pets list       operations whose path, operationId, summary or tag holds every word",
        "ops --tags          the tags and how many operations each has",
        "help listPets       an operation's parameters and request body",
    ]

    func complete(_ previous: [String], session: Session) -> [String] {
        previous.isEmpty ? OperationCompletion.servicesWithSpecs(session) + ["--tags"] : ["--tags"]
    }

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        var words = arguments.filter { $0 != "--tags" }
        let listsTags = words.count != arguments.count
        if let flag = words.first(where: { $0.hasPrefix("--") }) { throw CommandError("ops: unknown option \(flag)") }
        let facade = context.session.facade
        // The first word names a service when one has that name; otherwise every word filters.
        var service: String?
        if let first = words.first, facade.locator?.canonicalName(of: first) != nil {
            service = first
            words.removeFirst()
        }
        let found: (api: OpenAPIServiceAPI, entry: LocatorEntry)
        do {
            found = try facade.openAPI(service)
        } catch {
            throw CommandError(error)
        }
        let document = found.api.document
        let total = document.operations.count
        if listsTags {
            guard words.isEmpty else { throw .usage(self) }
            let tags = OperationPresenter.tags(document.operations)
            let table = Table(
                columns: [TableColumn("TAG", flexible: true), TableColumn("OPERATIONS", alignment: .right)],
                rows: tags.map { [$0.tag, String($0.count)] })
            let heading = "\(found.entry.key): \(document.title) \(document.version), \(tags.count) tag\(tags.count == 1 ? "" : "s")"
            return RunResult(
                .table(table, heading: [heading]),
                data: .array(tags.map { .object(JSONObject([("tag", .string($0.tag)), ("operations", .number(JSONNumber($0.count)))])) }))
        }
        let operations = OperationPresenter.filtered(document.operations, words: words)
        let counted = words.isEmpty
            ? "\(total) operation\(total == 1 ? "" : "s")"
            : "\(operations.count) of \(total) operations match \(words.joined(separator: " "))"
        return RunResult(
            .table(OperationPresenter.table(operations), heading: ["\(found.entry.key): \(document.title) \(document.version), \(counted)"]),
            data: OperationPresenter.json(operations))
    }
}

/// `call OPERATION [ARG…] [ITEM…]`: sends one operation of the active version of an OpenAPI service and
/// shows the answer as a raw request does (status line, pretty JSON), checked against the document.
struct CallCommand: Command {
    let name = "call"
    let abstract = "Send an operation of an OpenAPI service, checked against its spec"
    let usage = "call OPERATION [ARG…] [ITEM…] [--service SERVICE] [--no-check] [--stream] [--example]"
    let details = [
        "OPERATION: an operationId (quote one with spaces) or METHOD /path; found in the current",
        "      service first, then in any other (--service names one when several have it)",
        "ARG:  fills the path parameters in order (call getPet 1)",
        "ITEM: name=value (a declared parameter, else a body field) · name:=json (body field) ·",
        "      name==value (query) · Header:value",
        "call listPets limit=2",
        "call createPet name=Rex species=dog",
        "call GET /pets/{id} 1",
        "Checked against the spec before sending: required parameters and body fields, types,",
        "enums, unknown fields of a closed body; --no-check sends it anyway.",
        "help OPERATION shows its parameters and body; ops lists operations.",
    ]

    func complete(_ previous: [String], session: Session) -> [String] {
        guard !previous.isEmpty else { return OperationCompletion.operationIds(session) }
        let (operation, consumed) = Self.operationName(previous)
        return OperationCompletion.items(of: operation, given: Array(previous.dropFirst(consumed)), session: session)
    }

    /// `NAME=VALUE` items that fill a header or cookie parameter the operation declares as a credential
    /// (`X-API-Key=…`, `Authorization="Bearer …"`, `session_id=…`), as `Header:value` items would be.
    func secretArguments(_ arguments: [String], session: Session) -> [SecretArgument] {
        let words = arguments.filter { !$0.hasPrefix("--") }
        let (name, consumed) = Self.operationName(words)
        guard consumed < words.count, let (operation, entry) = HelpCommand.operation(named: name, facade: session.facade) else { return [] }
        let keys = Self.apiKeyNames(of: entry, facade: session.facade)
        return arguments.indices.compactMap { index in
            Self.declaredSecret(arguments[index], of: operation, apiKeys: keys) == nil ? nil : .afterEquals(index)
        }
    }

    /// The value of an item that fills a declared credential parameter of the operation, if it is one.
    /// A parameter is one when it travels in a header or cookie under a credential-like name, or when an
    /// apiKey security scheme of the document names it (wherever it travels).
    static func declaredSecret(_ item: String, of operation: OpenAPIOperation, apiKeys: Set<String>) -> String? {
        guard let equals = item.firstIndex(of: "="), equals != item.startIndex else { return nil }
        let name = item[..<equals].lowercased()
        guard let parameter = operation.parameters.first(where: { $0.name.lowercased() == name }) else { return nil }
        let credentialLike = (parameter.location == .header || parameter.location == .cookie)
            && (Redactor.isCredentialHeader(parameter.name) || Redactor.isCredentialName(parameter.name))
        guard credentialLike || apiKeys.contains(name) else { return nil }
        return String(item[item.index(after: equals)...])
    }

    /// The parameter names (lower-cased) that the apiKey security schemes of an entry's document use.
    static func apiKeyNames(of entry: LocatorEntry, facade: ServiceFacade) -> Set<String> {
        guard let document = try? facade.openAPI(of: entry).document else { return [] }
        return Set(document.securitySchemes.values.compactMap { scheme in
            if case .apiKey(let name, _) = scheme.kind { return name.lowercased() }
            return nil
        })
    }

    func completeValue(of item: String, previous: [String], session: Session) -> [String] {
        guard !previous.isEmpty else { return [] }
        let (operation, _) = Self.operationName(previous)
        return OperationCompletion.values(of: item, operation: operation, session: session)
    }

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        var words: [String] = []
        var checked = true
        var forcedStream = false
        var example = false
        var service: String?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--no-check":
                checked = false
            case "--stream":
                forcedStream = true
            case "--example":
                example = true
            case "--service":
                guard index + 1 < arguments.count else { throw CommandError("call: --service needs a service name") }
                index += 1
                service = arguments[index]
            default:
                words.append(arguments[index])
            }
            index += 1
        }
        guard !words.isEmpty else { throw .usage(self) }
        let (operation, consumed) = Self.operationName(words)
        if example { return try HelpCommand.exampleBody(of: operation, session: context.session) }
        let rest = Array(words.dropFirst(consumed))
        let facade = context.session.facade
        // What goes out as a declared credential is a secret from now on, wherever it shows up again
        // (an echoed body captured by `let`, `vars`, an `expect` message).
        if let (declared, entry) = HelpCommand.operation(named: operation, facade: facade) {
            let keys = Self.apiKeyNames(of: entry, facade: facade)
            context.session.addSentSecrets(rest.compactMap { Self.declaredSecret($0, of: declared, apiKeys: keys) })
        }
        let limit = context.session.options.maxInputBytes
        let readFile: RawRequest.FileReader = { path throws(RequestItemError) in try BodyFile.read(path, limit: limit) }
        return try context.streamingRequest("call \(operation)", forced: forcedStream) { token throws(FacadeError) in
            try facade.call(operation, arguments: rest, service: service, checked: checked, readFile: readFile, cancellation: token)
        }
    }

    /// The methods an OpenAPI path item may hold.
    private static let methods: Set<String> = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]

    /// The operation the words name and how many words that took: `GET /pets` is two, an id one.
    static func operationName(_ words: [String]) -> (name: String, consumed: Int) {
        if words.count >= 2, methods.contains(words[0].uppercased()), words[1].hasPrefix("/") {
            return ("\(words[0].uppercased()) \(words[1])", 2)
        }
        return (words.first ?? "", 1)
    }
}
