import Secrets
import JSON
import APIDescriptions
import Facade
import HTTPClient
import HTTPTypes
import Rendering
import Shell

/// `ops [SERVICE] [WORD…]` and `ops [SERVICE] --tags`: the operations of a service's active version, from
/// its OpenAPI document, narrowed to those every word matches; or its tags with their counts.
struct OpsCommand: Command {
    let name = "ops"
    let abstract = "List the operations of a service's OpenAPI document"
    var signature: CommandSignature {
        CommandSignature([Positional("SERVICE|WORD", .describedService, .many)], options: [.flag("--tags")])
    }
    let details = [
        "ops                 the current service, else the first with an OpenAPI document",
        "ops petstore",
        "ops pets list       operations whose path, operationId, summary or tag holds every word",
        "ops --tags          the tags and how many operations each has",
        "help listPets       an operation's parameters and request body",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        var words = arguments.values("SERVICE|WORD")
        let listsTags = arguments.flag("--tags")
        let facade = context.session.facade
        // The first word names a service when one has that name; otherwise every word filters.
        var service: String?
        if let first = words.first, facade.workspace.locator?.canonicalName(of: first) != nil {
            service = first
            words.removeFirst()
        }
        let found: (api: OpenAPIServiceAPI, entry: LocatorEntry)
        do {
            found = try facade.descriptions.openAPI(service)
        } catch {
            throw CommandError(error)
        }
        // The operations as listed: a description a first load outlined is not read whole for them.
        let listed = found.api.operations
        let document = found.api.heading
        let total = listed.count
        if listsTags {
            guard words.isEmpty else { throw CommandError("ops --tags: lists every tag; it takes no words (ops WORD… filters operations)") }
            let tags = OperationPresenter.tags(listed)
            let table = Table(
                columns: [TableColumn("TAG", flexible: true), TableColumn("OPERATIONS", alignment: .right)],
                rows: tags.map { [$0.tag, String($0.count)] })
            let heading = "\(found.entry.key): \(document.title) \(document.version), \(tags.count) tag\(tags.count == 1 ? "" : "s")"
            return RunResult(
                .table(table, heading: [heading]),
                data: .array(tags.map { .object(JSONObject([("tag", .string($0.tag)), ("operations", .number(JSONNumber($0.count)))])) }))
        }
        let operations = OperationPresenter.filtered(listed, words: words)
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
    var signature: CommandSignature {
        CommandSignature([Positional("OPERATION", .operation), Positional("ARG", .text, .many)],
                         options: Self.options + [.flag("--example")], items: .request)
    }

    /// The options `edit OPERATION` passes on too.
    static let options: [Option] = [Option("--service", value: ("SERVICE", .describedService)), .flag("--no-check"), .flag("--stream")]
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

    /// The operation's parameters and body fields not given yet, after the declared completion.
    func completion(after previous: [String], session: Session) -> ArgumentCompletion {
        var offered = signature.completion(after: previous, session: session)
        guard !previous.isEmpty, previous.last != "--service" else { return offered }
        let (operation, consumed) = CallLine.operationName(previous)
        offered.words = OperationCompletion.items(of: operation, given: Array(previous.dropFirst(consumed)), session: session)
            + offered.words
        return offered
    }

    /// `NAME=VALUE` items that fill a header or cookie parameter the operation declares as a credential
    /// (`X-API-Key=…`, `Authorization="Bearer …"`, `session_id=…`), as `Header:value` items would be; the
    /// operation found as sending finds it (the facade's `PreparedCall`), `--service` included.
    func secretArguments(_ arguments: [String], session: Session) -> [SecretArgument] {
        guard let line = try? CallLine.parse(arguments), !line.arguments.isEmpty,
              let prepared = try? line.prepared(session.facade) else { return [] }
        return prepared.secrets.map { .afterEquals(line.positions[$0.index]) }
    }

    /// The operation's words, the service `--service` names and the arguments after the operation, as
    /// `run` reads them; none for `--example`, which sends nothing.
    func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent {
        let line = CallLine(arguments)
        let operands = arguments.intentOperands
        let consumed = operands.count - line.arguments.count
        guard !line.example, consumed > 0 else { return .none }
        return .operation(words: Array(operands.prefix(consumed)), service: line.service, arguments: Array(operands.dropFirst(consumed)),
                          checked: line.checked)
    }

    func completeValue(of item: String, previous: [String], session: Session) -> [String] {
        guard !previous.isEmpty else { return [] }
        let (operation, _) = CallLine.operationName(previous)
        return OperationCompletion.values(of: item, operation: operation, session: session)
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let line = CallLine(arguments)
        if line.example { return try HelpCommand.exampleBody(of: line.operation, service: line.service, session: context.session) }
        let facade = context.session.facade
        let prepared: PreparedCall
        do { prepared = try line.prepared(facade) } catch { throw CommandError(error) }
        // What goes out as a declared credential is a secret from now on, wherever it shows up again
        // (an echoed body captured by `let`, `vars`, an `expect` message).
        context.session.addSentSecrets(prepared.secrets.map(\.value))
        let limit = context.session.options.maxInputBytes
        let readFile: RawRequest.FileReader = { path throws(RequestItemError) in try BodyFile.read(path, limit: limit) }
        return try context.streamingRequest("call \(line.operation)", forced: line.forcedStream) { token throws(FacadeError) in
            try facade.descriptions.send(prepared, readFile: readFile, cancellation: token)
        }
    }
}
