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
    static let words = Positional("SERVICE|WORD", .describedService, .many,
                                  help: "a service (else the current one, else the first described), then words every operation shown holds")
    static let tags = Flag("--tags", help: "the tags and how many operations each has")

    var signature: CommandSignature {
        CommandSignature([Self.words], options: [Self.tags])
    }
    let details = [
        "ops                 the current service, else the first with an OpenAPI document",
        "ops petstore",
        "ops pets list       operations whose path, operationId, summary or tag holds every word",
        "help listPets       an operation's parameters and request body",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        var words = arguments.values(Self.words)
        let listsTags = arguments[Self.tags]
        let facade = context.session.facade
        // The first word names a service when one has that name; otherwise every word filters.
        var service: String?
        if let first = words.first, facade.workspace.canonicalName(of: first) != nil {
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
            data: { OperationPresenter.json(operations) })
    }
}

/// `call OPERATION [ARG…] [ITEM…]`: sends one operation of the active version of an OpenAPI service and
/// shows the answer as a raw request does (status line, pretty JSON), checked against the document.
struct CallCommand: Command {
    let name = "call"
    let abstract = "Send an operation of an OpenAPI service, checked against its spec"
    static let operation = Positional("OPERATION", .operation,
                                      help: "an operationId (quote one with spaces) or METHOD /path, looked for in the current service first")
    static let values = Positional("ARG", .text, .many, help: "the path parameters, in order (call getPet 1)")
    static let service = Option("--service", value: ("SERVICE", .describedService), help: "the service whose operation it is, when several have it")
    static let noCheck = Flag("--no-check", help: "send it even when the spec's checks refuse it")
    static let stream = Flag("--stream", help: "show the answer as it arrives (event streams, JSON lines and chunked text always are)")
    static let example = Flag("--example", help: "show a request body to start from, built from the operation's description; nothing is sent")

    var signature: CommandSignature {
        CommandSignature([Self.operation, Self.values], options: Self.options + [Self.example], items: .request)
    }

    /// The options `edit OPERATION` passes on too.
    static let options: [any OptionDeclaring] = [service, noCheck, stream]
    let details = [
        "ITEM: name=value (a declared parameter, else a body field) · name:=json (body field) ·",
        "      name==value (query) · Header:value",
        "call listPets limit=2",
        "call createPet name=Rex species=dog",
        "call GET /pets/{id} 1",
        "Checked against the spec before sending: required parameters and body fields, types,",
        "enums, unknown fields of a closed body.",
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
    func secretArguments(_ reading: ArgumentReading, session: Session) -> [SecretArgument] {
        let line = CallLine(reading.arguments)
        guard reading.fits, !line.arguments.isEmpty, let prepared = try? line.prepared(session.facade) else { return [] }
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
