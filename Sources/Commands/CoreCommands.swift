import Declarations
import Secrets
import Facade
import Mock
import JSON
import APIDescriptions
import HTTPClient
import HTTPTypes
import Rendering
import ScriptLanguage
import Shell

/// `help [CMD]`, and `help OPERATION` for an operation of an OpenAPI service.
struct HelpCommand: Command {
    let name = "help"
    let aliases = ["?"]
    let abstract = "List commands, or show one command's usage and examples"
    let isReplayable = false
    static let topic = Positional("CMD|OPERATION", .command, .optional, help: "a command, an operation, or an HTTP method with PATH")
    static let path = Positional("PATH", .text, .optional, help: "the operation's path, after its method (help GET /pets)",
                                 validator: Validator("a path that starts with /") { $0.hasPrefix("/") })
    static let example = Flag("--example", help: "show a request body to start from, built from the operation's description")
    static let full = Flag("--full", help: "show the operation's description whole (long prose is folded after 8 lines)")

    var signature: CommandSignature {
        CommandSignature([Self.topic, Self.path], options: [Self.example, Self.full])
    }
    let details = ["help use", "help listPets   an OpenAPI operation: its parameters and request body (see ops)",
                   "help GET /pets  an operation by its method and path"]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        let registry = context.engine.registry.available(with: facade.workspace.serviceNames)
        let example = arguments[Self.example]
        // `help GET /pets` names an operation by method and path.
        let given = [arguments[Self.topic], arguments[Self.path]].compactMap { $0 }
        let words = given.count == 2 ? [given.joined(separator: " ")] : given
        if example, let name = words.first {
            return try Self.exampleBody(of: name, session: context.session)
        }
        let width = CommandRegistry.helpWidth(for: context.session.options)
        guard let name = words.first else { return RunResult(lines: registry.overview(width: width)) }
        guard let command = registry.command(named: name) else {
            if let (operation, entry) = Self.operation(named: name, facade: context.session.facade) {
                return RunResult(.operationHelp(operation, service: entry.key.description, full: arguments[Self.full]))
            }
            // An operation of a description apish could not use is not unknown: say why it cannot be shown.
            if let unusable = facade.descriptions.unusableDocuments().first {
                throw CommandError(registry.unknownCommandMessage(name)
                    + "; if it is an operation of \(unusable.service), its OpenAPI document cannot be used: \(unusable.problem)")
            }
            throw CommandError(registry.unknownCommandMessage(name))
        }
        // Examples name the current service, else the first the locator has.
        let service = facade.workspace.currentService ?? facade.workspace.serviceNames.first ?? "SERVICE"
        return RunResult(lines: registry.help(for: command, width: width, exampleService: service))
    }

    /// `call OP --example`, `help OP --example`: a request body to start from, built from the operation's
    /// description (`RequestExample`), as pretty JSON; nothing is sent.
    static func exampleBody(of name: String, service: String? = nil, session: Session) throws(CommandError) -> RunResult {
        let (operation, example) = try exampleRequestBody(of: name, service: service, session: session)
        guard let body = example else {
            return RunResult(lines: ["\(operation.displayName) takes no request body"])
        }
        var result = RunResult(lines: [body.encoded(pretty: true)])
        result.data = body
        return result
    }

    /// The operation `name` names and the body `RequestExample` builds for it; nil when it takes none.
    static func exampleRequestBody(of name: String, service: String? = nil, session: Session)
        throws(CommandError) -> (OpenAPIOperation, JSONValue?)
    {
        let facade = session.facade
        guard let (operation, entry) = operation(named: name, service: service, facade: facade) else {
            throw CommandError("no operation '\(name)' in the OpenAPI services of the locator; try: ops")
        }
        let described: [DescribedEntry]
        do { described = try facade.descriptions.describedEntries(of: entry.name).described } catch { throw CommandError(error) }
        guard let own = described.first(where: { $0.entry.key == entry.key }) else {
            throw CommandError("\(entry.key): its OpenAPI document cannot be read again")
        }
        return (operation, RequestExample.body(of: operation, in: own))
    }

    /// The operation `call` would send (`operationOwner`: `service` when given, else the current service,
    /// else the one other that has it); when several others have it, the first, so help can still show it.
    static func operation(named name: String, service: String? = nil, facade: ServiceFacade) -> (OpenAPIOperation, LocatorEntry)? {
        if let owner = try? facade.descriptions.operationOwner(name, service: service), let operation = owner.api.document.operation(named: name) {
            return (operation, owner.entry)
        }
        guard service == nil else { return nil }
        for service in facade.workspace.serviceNames {
            guard let entry = try? facade.workspace.activeEntry(of: service), let api = try? facade.descriptions.openAPI(of: entry),
                  let operation = api.document.operation(named: name)
            else { continue }
            return (operation, entry)
        }
        return nil
    }
}

/// `history [N]`.
struct HistoryCommand: Command {
    let name = "history"
    let abstract = "Show the last N lines of history (default 20)"
    let isReplayable = false
    static let count = TypedPositional<Int>("N", .optional, help: "how many lines to show (default 20)",
                                            validator: .integer(in: 1...Int.max, "a positive number"))

    var signature: CommandSignature { CommandSignature([Self.count]) }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let count = arguments[Self.count] ?? 20
        let history = context.session.historyProvider()
        let start = max(0, history.count - count)
        return RunResult(lines: history.indices.suffix(from: start).map { index in
            String(index + 1).leftPadded(to: 5) + "  " + history[index]
        })
    }
}

/// `quit` / `exit`.
struct QuitCommand: Command {
    let name = "quit"
    let aliases = ["exit", "q"]
    let abstract = "Leave the shell (Ctrl-D does too)"
    let isReplayable = false
    var signature: CommandSignature { .none }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        context.engine.requestExit()
        return RunResult()
    }
}

/// `set NAME VALUE`.
struct SetCommand: Command {
    let name = "set"
    /// `<`, `>` and `|` are text here (`expect price > 0` compares).
    let takesOperators = false
    let abstract = "Set a variable, used as $NAME in any argument"
    /// A variable named like a credential (`set token X`) holds a secret, and so does a value that starts
    /// with an auth scheme (`set auth "Bearer X"`).
    static let variable = Positional("NAME", .variable, help: "the variable's name (ASCII letters, digits, _)")
    static let value = Positional("VALUE", .text, .rest, secret: .credentialValue(of: "NAME"),
                                  help: "its value: the rest of the line, words joined by a space")

    var signature: CommandSignature {
        CommandSignature([Self.variable, Self.value])
    }
    let details = ["set city Boston", "refresh {service} city==$city"]

    /// The variable holds the value's words, joined as `run` joins them.
    func scriptEffect(_ arguments: ParsedArguments) -> ScriptEffect {
        let value = arguments.effectArguments(Self.value)
        guard let name = arguments.effectArguments(Self.variable).first, !value.isEmpty else { return .none }
        return .setsVariable(name: name, value: value)
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let name = arguments[Self.variable] ?? ""
        guard VariableName.isValid(name) else {
            throw CommandError("set: '\(name)' is not a variable name (ASCII letters, digits, _; not starting with a digit)")
        }
        let value = arguments.values(Self.value).joined(separator: " ")
        context.session.setVariable(name, to: value)
        // Confirmed as `let` confirms, in text only: the `--json` line of `set` stays as it was.
        guard !context.session.options.json else { return RunResult() }
        let shown = context.session.redact(value)
        // A pasted blob is confirmed by its start, not echoed back whole.
        let confirmed = shown.count > 200 ? shown.prefix(120) + "… (\(shown.count) characters)" : shown
        return RunResult(lines: ["\(name) = \(confirmed)"])
    }
}

/// `vars`.
struct VarsCommand: Command {
    let name = "vars"
    let abstract = "List variables"
    var signature: CommandSignature { .none }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let variables = context.session.variables.sorted { $0.key < $1.key }
        guard !variables.isEmpty else { return RunResult(.text(["(no variables)"]), data: .object(JSONObject())) }
        // One redactor for the whole listing: asking the session for each value would look at every
        // variable again for the secrets they hold.
        let redactor = context.session.redactor
        let shown = variables.map { (name: $0.key, value: redactor.redact($0.value)) }
        return RunResult(.rows(shown.map { LabelledRow($0.name, $0.value) }),
                         data: .object(JSONObject(shown.map { ($0.name, JSONValue.string($0.value)) })))
    }
}

/// `timing on|off`, `verbose on|off` and `reveal on|off`.
struct ToggleCommand: Command {
    let name: String
    let abstract: String
    let flag: Flag

    enum Flag { case timing, verbose, reveal }

    static let setting = TypedPositional<OnOff>(.optional, help: "turn it on or off (else show whether it is)")

    var signature: CommandSignature { CommandSignature([Self.setting]) }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let session = context.session
        var value = switch flag {
        case .timing: session.timing
        case .verbose: session.verbose
        case .reveal: session.revealsLookalikes
        }
        if let setting = arguments[Self.setting] { value = setting.isOn }
        switch flag {
        case .timing: session.setTiming(value)
        case .verbose: session.setVerbose(value)
        case .reveal: session.setRevealsLookalikes(value)
        }
        var report = RunResult(lines: ["\(name) \(value ? "on" : "off")"])
        report.data = .object(JSONObject([(name, .bool(value))]))
        return report
    }
}

/// `curl`: the last request as a curl command.
struct CurlCommandCommand: Command {
    let name = "curl"
    let abstract = "Print the last request sent as a curl command that runs (secrets as $APISH_… variables)"
    var signature: CommandSignature { .none }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        guard let last = facade.requests.lastExchange else {
            throw CommandError("no request yet; run refresh, get URL, …")
        }
        var lines: [String] = []
        // What was last sent, whichever service it went to: the export is what ran, nothing older.
        let exchange = last
        // The TLS settings in force, a profile's included, not only the command line's.
        var transport = context.session.options.transport
        transport.tls = facade.requests.tls
        lines += CurlExport.render(exchange.request, knownSecrets: context.session.secretValues, transport: transport)
        var report = RunResult(lines: lines)
        report.data = .object(JSONObject([("curl", .string(lines.joined(separator: "\n")))]))
        return report
    }
}
