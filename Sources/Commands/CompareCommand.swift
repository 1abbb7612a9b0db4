import APIDescriptions
import Facade
import FoundationFree
import HTTPClient
import HTTPTypes
import JSON
import Shell

/// `compare SERVICE A B [CALL…]`: the same call made on two versions, shown side by side (`SideBySidePresenter`),
/// or on a pipe and with `--json` as the change list `diff` makes. The call is `refresh` (the default),
/// a raw `get /path`, or `call OPERATION ARG…`, where an operation named in one version is paired with the
/// other's as the spec diff pairs them (`OperationPairing`).
struct CompareCommand: Command {
    let name = "compare"
    let abstract = "Make the same call on two versions and show the answers side by side"
    static let service = Positional("SERVICE", .service, help: "the service whose versions answer")
    static let a = Positional("A", .version, help: "the version shown on the left")
    static let b = Positional("B", .version, help: "the version shown on the right")
    static let call = Positional("CALL", .text, .rest, help: "refresh [ITEM…], get /path [ITEM…] or call OPERATION ARG… (else refresh)")
    static let json = Flag("--json", help: "the difference as JSON (what --json's data carries too)")

    var signature: CommandSignature {
        CommandSignature([
            ArgumentForm([Self.service, Self.a, Self.b], options: [Self.json]),
            ArgumentForm([Self.service, Self.a, Self.b, Self.call], options: [Self.json]),
        ])
    }
    let details = [
        "compare {service} v1 v2                  refresh on both versions",
        "compare {service} v1 v2 refresh city==Boston",
        "compare SERVICE v1 v2 get /path [ITEM…]  a raw GET of the same path below each version",
        "compare SERVICE v1 v2 call OPERATION ARG…  an operation; named in either version, the other's pair is called",
        "Two columns fitted to the terminal, the version above each; fields aligned by JSON path and marked",
        "~ changed, + added, - removed (in colour too). On a pipe, the change list as diff writes it.",
        "Both versions are fetched fresh; the active version does not change.",
    ]

    /// The call made on each version.
    enum Call {
        case refresh(query: [FormField])
        case get(path: String, items: [String])
        case operation(String, arguments: [String])
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        var words = arguments.values(Self.call)
        let asJSON = arguments[Self.json] || words.last == "--json"
        if words.last == "--json" { words.removeLast() }
        let call = try Self.call(words)
        let session = context.session
        let facade = session.facade
        let service = arguments[Self.service] ?? ""
        let a: LocatorEntry
        let b: LocatorEntry
        do {
            a = try facade.workspace.entry(of: service, version: arguments[Self.a] ?? "")
            b = try facade.workspace.entry(of: service, version: arguments[Self.b] ?? "")
        } catch {
            throw CommandError(error)
        }
        let operations = try Self.operations(of: call, a, b, facade: facade)
        let exchanges = try context.withProgress("compare \(a.name) \(a.version) \(b.version)") { token throws(CommandError) in
            (try Self.send(call, to: a, operation: operations?.a, facade: facade, token: token),
             try Self.send(call, to: b, operation: operations?.b, facade: facade, token: token))
        }
        let sides = (Self.side(exchanges.0, entry: a, session: session), Self.side(exchanges.1, entry: b, session: session))
        let changes = JSONDiff.compare(sides.0.body, sides.1.body)
        let summary = ChangeList.summary(changes, schema: false, between: "\(a.name) \(a.version) and \(b.version)")
        let data = JSONValue.object(JSONObject([
            ("service", .string(a.name)),
            ("a", .string(a.version.description)),
            ("b", .string(b.version.description)),
            ("requests", .array([.string(sides.0.request), .string(sides.1.request)])),
            ("count", .number(JSONNumber(changes.count))),
            ("changes", ChangeList.json(changes)),
            ("summary", .string(summary)),
        ]))
        var report = asJSON
            ? RunResult(.text([data.encoded(pretty: true)]))
            : RunResult(.changes(.sideBySide(SideBySide(a: sides.0, b: sides.1, changes: changes, summary: summary))))
        report.warnings = exchanges.0.warnings + exchanges.1.warnings
        report.data = data
        session.standIn("compare", data: data)
        return report
    }

    /// The call the words after the versions name: none is `refresh`.
    static func call(_ words: [String]) throws(CommandError) -> Call {
        guard let first = words.first?.lowercased() else { return .refresh(query: []) }
        let rest = Array(words.dropFirst())
        switch first {
        case "refresh":
            let query = rest.compactMap(QueryItem.parse)
            guard query.count == rest.count else {
                throw CommandError("compare: refresh takes only name==value query items, not '\(rest.first { QueryItem.parse($0) == nil } ?? "")'")
            }
            return .refresh(query: query)
        case "get":
            guard let path = rest.first, path.hasPrefix("/") else {
                throw CommandError("compare: get needs a path below the service, e.g. compare SERVICE v1 v2 get /items/1")
            }
            return .get(path: path, items: Array(rest.dropFirst()))
        case "call":
            guard let operation = rest.first else {
                throw CommandError("compare: call needs an operation, e.g. compare SERVICE v1 v2 call OPERATION ARG…")
            }
            return .operation(operation, arguments: Array(rest.dropFirst()))
        default:
            throw CommandError("compare: the call is refresh, get /path or call OPERATION, not '\(words[0])'")
        }
    }

    /// For `call`: the operation's name in each version, paired as the spec diff pairs them.
    static func operations(
        of call: Call, _ a: LocatorEntry, _ b: LocatorEntry, facade: ServiceFacade
    ) throws(CommandError) -> (a: String, b: String)? {
        guard case .operation(let name, _) = call else { return nil }
        let documents: (OpenAPIDocument, OpenAPIDocument)
        do {
            documents = (try facade.descriptions.openAPI(of: a).document, try facade.descriptions.openAPI(of: b).document)
        } catch {
            throw CommandError(error)
        }
        let pairing = OperationPairing(documents.0, documents.1)
        if let pair = pairing.pairs.first(where: { $0.a.operationId == name }) ?? pairing.pairs.first(where: { $0.b.operationId == name }),
           let idA = pair.a.operationId, let idB = pair.b.operationId {
            return (idA, idB)
        }
        let known = (documents.0.operations + documents.1.operations).compactMap(\.operationId)
        guard known.contains(name) else {
            let hint = Suggestions.closest(to: name, in: known).map { "; did you mean \($0)?" } ?? ""
            throw CommandError("compare: neither \(a.key) nor \(b.key) has an operation '\(name)'\(hint)")
        }
        let missing = documents.0.operations.contains { $0.operationId == name } ? b.key : a.key
        throw CommandError("compare: \(missing) has no operation that pairs with '\(name)'; diff \(a.name) \(a.version) \(b.version) --spec says what became of it")
    }

    /// Makes the call on one version.
    static func send(
        _ call: Call, to entry: LocatorEntry, operation: String?, facade: ServiceFacade, token: CancellationToken
    ) throws(CommandError) -> Exchange {
        do {
            switch call {
            case .refresh(let query):
                return try facade.requests.refresh(entry.name, version: entry.version.description, query: query, cancellation: token)
            case .get(let path, let items):
                let raw: RawRequest
                do { raw = try RawRequest(method: .get, target: entry.name + path, items: items) } catch { throw CommandError(error) }
                return try facade.requests.send(raw, version: entry.version.description, cancellation: token)
            case .operation(let name, let arguments):
                let owner = (api: try facade.descriptions.openAPI(of: entry), entry: entry)
                let prepared = try facade.descriptions.prepare(operation ?? name, of: owner, arguments: arguments)
                return try facade.descriptions.send(prepared, cancellation: token)
            }
        } catch let error as CommandError {
            throw error
        } catch let error as FacadeError {
            throw CommandError(error)
        } catch {
            throw CommandError("compare: \(error)")
        }
    }

    /// One column: the version, what was asked and how it was answered, and the body masked (a failed answer
    /// shows as its body, or as its outcome when it has none).
    static func side(_ exchange: Exchange, entry: LocatorEntry, session: Session) -> SideBySide.Side {
        let status = exchange.status.map { " → \($0)" } ?? ""
        let request = "\(exchange.method.rawValue) \(pathOf(exchange.displayURL))\(status)"
        let body = exchange.body ?? (exchange.outcome.isSuccess ? .null : .string(exchange.outcome.description))
        return SideBySide.Side(title: entry.key.description, request: session.redact(request), body: session.redact(body))
    }

    /// `/v1/weather?city=Boston` of `http://127.0.0.1:8080/v1/weather?city=Boston`: the host is the same
    /// for both and only widens the column.
    static func pathOf(_ url: String) -> String {
        guard let scheme = url.literalRange(of: "://") else { return url }
        let afterHost = url[scheme.upperBound...]
        guard let slash = afterHost.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        return String(afterHost[slash...])
    }
}
