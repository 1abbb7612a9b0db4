import APIDescriptions
import Facade
import JSON
import HTTPClient
import HTTPTypes
import Rendering
import Shell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `locate [URL|PATH]`.
struct LocateCommand: Command {
    let name = "locate"
    let abstract = "Load (or reload) the service locator and show what changed"
    static let target = Positional("URL|PATH", .file, .optional, help: "the locator to load: a file, a document, or an API root (else the current one)")
    static let refresh = Flag("--refresh", help: "fetch web documents afresh instead of revalidating the cached copies")

    var signature: CommandSignature {
        CommandSignature([Self.target], options: [Self.refresh])
    }
    let details = [
        "locate                      reload the current locator",
        "locate services-next.json   a document next to the current one",
        "locate ./my-services.json   a file",
        "locate https://api.example.com   an API root: its Link rel=service-desc, /openapi.json, /openapi.yaml, /swagger.json",
    ]

    /// Another locator when one is named; reloading the current one changes no service a line talks to.
    func scriptEffect(_ arguments: ParsedArguments) -> ScriptEffect {
        arguments.effectArguments(Self.target).first.map(ScriptEffect.loadsLocator) ?? .none
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let refresh = arguments[Self.refresh]
        let target = arguments[Self.target]
        let facade = context.session.facade
        let report: LocateReport
        do {
            report = try context.session.locate(target, refresh: refresh, progressOn: context.engine.output)
        } catch {
            // `locate host:8080/x` is a relative path to the locator, not a URL: say what was probably meant.
            let hint = target.flatMap(LocatorHint.missingScheme).map { " (\($0))" } ?? ""
            throw CommandError(error.description + hint)
        }
        var lines: [String] = []
        let locator = report.locator
        let count = locator.serviceNames.count
        let versions = locator.entries.count
        lines.append("loaded \(locator.source): \(count) service\(count == 1 ? "" : "s"), \(versions) version\(versions == 1 ? "" : "s")")
        if let spec = locator.openAPIIdentity, let entry = locator.entries.first {
            lines.append("an OpenAPI \(spec.openAPIVersion) document (\(spec.title) \(spec.version)): the service \(entry.key); try: ops")
        }
        let headCount = lines.count
        var changeLines: [String] = []
        if let changes = report.changes {
            if changes.isEmpty { lines.append("no changes since the last load") }
            changeLines = changes.lines
        }
        var warnings: [String] = report.warnings
        for fallback in report.fallbacks {
            if let to = fallback.to {
                warnings.append("\(fallback.service) \(fallback.from) (in use) vanished from the locator; now using \(to)")
            } else {
                warnings.append("\(fallback.service) \(fallback.from) (in use) vanished and the service is gone from the locator")
            }
        }
        for entry in report.changes?.newlyDeprecated ?? [] where facade.workspace.activeVersion(of: entry.name) == entry.version {
            let latest = locator.latest(of: entry.name)?.version
            warnings.append("\(entry.key) is in use and now deprecated" + (entry.sunset.map { "; sunset \($0)" } ?? "")
                + (latest.map { $0 > entry.version ? "; try: use \(entry.name) latest" : "" } ?? ""))
        }
        for move in report.latestMoves {
            lines.append("\(move.service) latest moved \(move.from) → \(move.to)")
        }
        if let changes = report.changes {
            for entry in changes.added where locator.latest(of: entry.name)?.key == entry.key
                && !report.latestMoves.contains(where: { $0.service.lowercased() == entry.name.lowercased() }) {
                lines.append("\(entry.key) is now the latest \(entry.name); try: use \(entry.name) latest")
            }
        }
        var result = RunResult(.changes(.locator(
            heading: Array(lines.prefix(headCount)), changes: changeLines, following: Array(lines.dropFirst(headCount)))))
        result.warnings = warnings
        result.data = LocatorJSON.locate(report)
        return result
    }
}

/// `services`.
struct ServicesCommand: Command {
    let name = "services"
    let abstract = "List services and versions: active (*), latest, deprecated"
    var signature: CommandSignature { .none }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        guard facade.workspace.hasLocator else { throw CommandError(FacadeError.noLocator) }
        var rows: [[String]] = []
        var warnings: [String] = []
        var interruption = RenderInterruption(context.cancellationToken())
        services: for service in facade.workspace.services {
            for entry in service.entries {
                if interruption.shouldStop() { break services }
                var notes: [String] = []
                if entry.version == service.latest { notes.append(service.followsLatest ? "latest (followed)" : "latest") }
                let serverNote = LocatorJSON.serverNote(facade, service.name, entry.version)
                if entry.isDeprecated {
                    notes.append("deprecated" + (entry.sunset.map { ", sunset \($0)" } ?? ""))
                }
                if let serverNote { notes.append("server: \(serverNote)") }
                if entry.version == service.active, entry.isDeprecated || serverNote != nil {
                    let sunset = entry.sunset.map { "; sunset \($0)" } ?? serverNote.map { " (server: \($0))" } ?? ""
                    warnings.append("\(entry.key) is in use and deprecated\(sunset)")
                }
                rows.append([entry.version == service.active ? "*" : "", service.name, entry.version.description,
                             notes.joined(separator: "; "), entry.url])
            }
        }
        let table = Table(
            columns: [TableColumn(""), TableColumn("SERVICE"), TableColumn("VERSION"), TableColumn("NOTES", sizing: .minor),
                      TableColumn("URL", flexible: true)],
            rows: rows)
        var report = RunResult(.table(table), data: LocatorJSON.services(facade))
        report.warnings = warnings
        if interruption.isInterrupted { report.notes.append(RenderInterruption.marker) }
        return report
    }
}

/// `use SERVICE VERSION|latest`.
struct UseCommand: Command {
    let name = "use"
    let abstract = "Switch a service to a version (or follow its latest)"
    static let service = Positional("SERVICE", .service, help: "the service to switch")
    static let version = Positional("VERSION|latest", .version, help: "its version, or latest to follow the highest one")

    var signature: CommandSignature {
        CommandSignature([Self.service, Self.version])
    }
    let details = ["use {service} v2", "use {service} latest   follows the highest version across locates"]

    func scriptEffect(_ arguments: ParsedArguments) -> ScriptEffect {
        guard let service = arguments.effectArguments(Self.service).first else { return .none }
        return .usesVersion(service: service, version: arguments.effectArguments(Self.version).first)
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let result: UseReport
        do {
            result = try context.session.facade.workspace.use(arguments[Self.service] ?? "", version: arguments[Self.version] ?? "")
        } catch {
            throw CommandError(error)
        }
        let entry = result.entry
        var report = RunResult(lines: ["\(entry.name) → \(entry.version)" + (result.followsLatest ? " (latest)" : "") + "  \(entry.url)"])
        report.warnings = result.warnings
        report.data = .object(JSONObject([
            ("service", .string(entry.name)), ("version", .string(entry.version.description)),
            ("url", .string(entry.url)), ("latest", .bool(result.followsLatest)),
            ("model", .string(context.session.facade.workspace.definition(for: entry).modelName)),
        ]))
        return report
    }
}

/// `refresh [SERVICE] [name==value…]`.
struct RefreshCommand: Command {
    let name = "refresh"
    let aliases = ["r"]
    let abstract = "Fetch the active version of a service and decode it into its model"
    static let service = Positional("SERVICE", .service, .optional, help: "the service to fetch (else the current one)")
    /// Built once: every line of a replayed script reads its words by it.
    private static let declared = CommandSignature([service], items: .query)

    var signature: CommandSignature { Self.declared }
    let details = ["refresh {service} city==Boston", "refresh   (the current service)"]

    /// The service's own URL (the one named, else the current one) with the query items.
    func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent {
        let operands = arguments.intentOperands
        let service = arguments[Self.service] == nil ? nil : operands.first
        return .mainResource(service: service, query: Array(operands.dropFirst(service == nil ? 0 : 1)))
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let service = arguments[Self.service]
        let query = arguments.items.compactMap(QueryItem.parse)
        let facade = context.session.facade
        return try context.request("refresh \(service ?? facade.workspace.currentService ?? "")") { token throws(FacadeError) in
            try facade.requests.refresh(service, query: query, cancellation: token)
        }
    }
}

/// `show [SERVICE] [--raw]`.
struct ShowCommand: Command {
    let name = "show"
    let abstract = "Show the last decoded model of a service, or the last response's headers"
    static let service = Positional("SERVICE", .service, .optional, help: "the service (else the current one)")
    static let raw = Flag("--raw", help: "its JSON as it came; alone, the last response's body, whatever asked for it")
    static let headers = Flag("--headers", required: true, help: "the last response's status line and headers")

    var signature: CommandSignature {
        CommandSignature([
            ArgumentForm([Self.service], options: [Self.raw]),
            ArgumentForm(options: [Self.headers]),
        ])
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        if arguments[Self.headers] { return try lastHeaders(context) }
        let raw = arguments[Self.raw]
        let rest = arguments.values(Self.service)
        let facade = context.session.facade
        // `show --raw` alone: the last answer, whatever asked for it (a raw `get` too), in full.
        if raw, rest.isEmpty, let last = facade.requests.lastExchange, last.response != nil,
           last.model == nil || last.service.map({ $0.name.lowercased() != facade.workspace.currentService?.lowercased() }) ?? true {
            return RunResult(.lastResponse(last))
        }
        guard let service = rest.first ?? facade.workspace.currentService else { throw CommandError(FacadeError.noActiveService) }
        do { _ = try facade.workspace.activeEntry(of: service) } catch { throw CommandError(error) }
        guard let exchange = facade.workspace.lastExchange(of: service), let model = exchange.model else {
            return try undecoded(service, raw: raw, context: context)
        }
        let heading = exchange.service.map { ["\($0) · fetched \(exchange.displayURL)"] } ?? []
        return RunResult(raw ? .document(model.document, heading: heading) : .model(model, heading: heading))
    }

    /// The last response's status line and header fields, credential values masked.
    private func lastHeaders(_ context: CommandContext) throws(CommandError) -> RunResult {
        guard let exchange = context.session.facade.requests.lastExchange else {
            throw CommandError("show --headers: no response yet; run a request first (refresh, get URL, …)")
        }
        guard let response = exchange.response else {
            throw CommandError("show --headers: the last request (\(exchange.method) \(exchange.displayURL)) got no response")
        }
        let session = context.session
        var report = RunResult(lines: [exchange.method.rawValue + " " + exchange.displayURL, RawBody.statusLine(response)]
            + HeaderLines.lines(response.headers, session: session))
        report.data = .object(JSONObject([
            ("status", .number(JSONNumber(response.status))),
            ("headers", .array(response.headers.map { field in
                .object(JSONObject([("name", .string(field.name)),
                                    ("value", .string(HeaderLines.shownValue(name: field.name, value: field.value, session: session)))]))
            })),
        ]))
        return report
    }

    /// Nothing decoded yet: `--raw` still shows the body of a last fetch that did not decode.
    private func undecoded(_ service: String, raw: Bool, context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        let version = facade.workspace.activeVersion(of: service)
        let failed = facade.requests.lastExchange.flatMap { exchange in
            exchange.service?.name.lowercased() == service.lowercased() && exchange.service?.version == version ? exchange : nil
        }
        guard let failed, let document = failed.document else {
            let shown = version.map { " \($0)" } ?? ""
            throw CommandError("nothing fetched yet for \(service)\(shown); try: refresh \(service)")
        }
        guard raw else {
            throw CommandError("the last fetch of \(service) did not decode (\(failed.outcome)); show \(service) --raw shows its body")
        }
        return RunResult(.document(document, heading: ["last fetch did not decode: \(failed.outcome)"]))
    }
}
