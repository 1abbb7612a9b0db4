import Secrets
import JSON
import APIDescriptions
import Facade
import HTTPClient
import HTTPTypes

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
        let (operation, consumed) = CallLine.operationName(previous)
        return OperationCompletion.items(of: operation, given: Array(previous.dropFirst(consumed)), session: session)
    }

    /// `NAME=VALUE` items that fill a header or cookie parameter the operation declares as a credential
    /// (`X-API-Key=…`, `Authorization="Bearer …"`, `session_id=…`), as `Header:value` items would be; the
    /// operation found as sending finds it (`PreparedCall`), `--service` included.
    func secretArguments(_ arguments: [String], session: Session) -> [SecretArgument] {
        guard let line = try? CallLine.parse(arguments), !line.arguments.isEmpty,
              let prepared = try? PreparedCall(line, facade: session.facade) else { return [] }
        return prepared.secrets.map { .afterEquals($0.position) }
    }

    func completeValue(of item: String, previous: [String], session: Session) -> [String] {
        guard !previous.isEmpty else { return [] }
        let (operation, _) = CallLine.operationName(previous)
        return OperationCompletion.values(of: item, operation: operation, session: session)
    }

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        let line = try CallLine.parse(arguments)
        guard !line.operation.isEmpty else { throw .usage(self) }
        if line.example { return try HelpCommand.exampleBody(of: line.operation, service: line.service, session: context.session) }
        let facade = context.session.facade
        let prepared: PreparedCall
        do { prepared = try PreparedCall(line, facade: facade) } catch { throw CommandError(error) }
        // What goes out as a declared credential is a secret from now on, wherever it shows up again
        // (an echoed body captured by `let`, `vars`, an `expect` message).
        context.session.addSentSecrets(prepared.secrets.map(\.value))
        let limit = context.session.options.maxInputBytes
        let readFile: RawRequest.FileReader = { path throws(RequestItemError) in try BodyFile.read(path, limit: limit) }
        return try context.streamingRequest("call \(line.operation)", forced: line.forcedStream) { token throws(FacadeError) in
            try facade.call(line.operation, of: (prepared.api, prepared.entry), arguments: line.arguments, checked: line.checked,
                            readFile: readFile, cancellation: token)
        }
    }
}
