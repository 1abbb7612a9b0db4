import Facade
import FoundationFree
import JSON
import HTTPClient
import HTTPTypes
import APIDescriptions
import Reports
import Shell

/// `diff SERVICE [A [B]] [--all] [--schema] [name==value…]`: fetches two versions (without changing the
/// active one) and lists, by JSON path, what was added, removed, retyped or changed. With `--spec` it
/// compares the two versions' OpenAPI documents instead, and classifies each change breaking or not.
struct DiffCommand: Command {
    let name = "diff"
    let abstract = "Compare two versions of a service field by field (added, removed, type, value)"
    var signature: CommandSignature { DiffArguments.signature }
    let details = [
        "diff {service}                  the two highest versions in the locator",
        "diff {service} v1 v2 city==Boston",
        "diff {service} v1               v1 against the active version",
        "diff {service} v2 latest",
        "Arrays of objects are matched by id/_id, not position: data[_id=a1].count  changed  3 → 4",
        "Both versions are fetched fresh; the active version does not change.",
        "diff {service} v1 v2 --spec   operations, parameters, bodies, statuses, headers, media types, schemas,",
        "           security, servers, webhooks; then expect breaking == 0 (or warnings == 0) gates an upgrade",
    ]

    /// An option of one form given in the other says what it is for.
    func explain(_ mismatch: CommandSignature.Mismatch, words: [String]) -> CommandError {
        DiffArguments.explain(mismatch, words: words)
    }

    /// The service's own URL with the query items, as each version is fetched; none for `--spec`, which
    /// compares documents.
    func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent {
        guard !arguments[DiffArguments.specFlag], let service = arguments.intentArgument(DiffArguments.serviceArgument) else { return .none }
        return .mainResource(service: service, query: arguments.intentItems)
    }

    /// `--spec` compares the documents: its result is what the `let` and `expect` lines after it read.
    func scriptEffect(_ arguments: ParsedArguments) -> ScriptEffect {
        guard arguments[DiffArguments.specFlag], let service = arguments.effectArguments(DiffArguments.serviceArgument).first else { return .none }
        return .comparesSpecs(service: service)
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let parsed = try DiffArguments(arguments)
        let htmlReport = try HTMLReportOption.file(in: arguments, command: "diff")
        let session = context.session
        if parsed.spec, let files = try Self.fileSides(parsed, session: session) {
            return try Self.specDiff(service: files.service, a: files.a, b: files.b, between: files.between,
                                     heading: files.sidesAreFiles ? "" : files.service, session: session, arguments: parsed,
                                     htmlReport: htmlReport, progressOn: context.engine.output, load: files.load)
        }
        let (a, b) = try Self.entries(for: parsed, facade: session.facade)
        if parsed.spec {
            let load = { () throws(CommandError) -> (OpenAPIDocument, OpenAPIDocument) in
                do throws(FacadeError) {
                    let documents = try session.facade.descriptions.openAPIDocuments(of: [a, b])
                    return (documents[0], documents[1])
                } catch {
                    throw CommandError(error)
                }
            }
            return try Self.specDiff(service: a.name, a: a.version.description, b: b.version.description, session: session,
                                     arguments: parsed, htmlReport: htmlReport, progressOn: context.engine.output, load: load)
        }
        let sides = try context.withProgress("diff \(a.name) \(a.version) \(b.version)") { token throws(CommandError) in
            (try Self.fetch(a, query: parsed.query, facade: session.facade, token: token),
             try Self.fetch(b, query: parsed.query, facade: session.facade, token: token))
        }
        let changes = VersionComparison.changes(
            session.redact(sides.0.body), session.redact(sides.1.body), schema: parsed.schema, includeUnchanged: parsed.all)
        let summary = ChangeList.summary(changes, schema: parsed.schema, between: "\(a.name) \(a.version) and \(b.version)")
        var report = RunResult(.changes(.versions(changes, summary: summary)))
        report.warnings = sides.0.warnings + sides.1.warnings
        report.data = .object(JSONObject([
            ("service", .string(a.name)),
            ("a", .string(a.version.description)),
            ("b", .string(b.version.description)),
            ("schema", .bool(parsed.schema)),
            ("count", .number(JSONNumber(changes.filter { $0.kind != .unchanged }.count))),
            ("changes", ChangeList.json(changes)),
            ("summary", .string(summary)),
        ]))
        return report
    }

    /// The description files `diff --spec` reads rather than the locator's loaded documents: `FILE@REV`
    /// words, or (`--against REV`) the files two locator entries name, at that revision.
    private static func fileSides(_ parsed: DiffArguments, session: Session) throws(CommandError) -> SpecFileSides? {
        if let files = try SpecFileSides(parsed, session: session) {
            guard parsed.against == nil else {
                throw CommandError("diff --against REV is for diff SERVICE V1 V2 --spec; name a file's revision as FILE@REV")
            }
            return files
        }
        guard let revision = parsed.against else { return nil }
        return try SpecFileSides(entries(for: parsed, facade: session.facade), against: revision, session: session)
    }

    /// `diff A B --spec`: the changes between the two documents (those `filter` keeps), which `expect` and
    /// `let` then read, written as `format` says.
    /// On a terminal (stderr, not `--json`), a diff that takes over half a second shows how far it has got.
    /// `--fail-on` and `--check-version` fail the command (exit status 1) when the changes say so.
    /// `load` reads the two documents (of a locator's entries, or of files and git revisions). `between`
    /// names the sides in a sentence and `heading` what a report's title puts before them, when they are
    /// not `service a and b` (two files name themselves).
    static func specDiff(service: String, a: String, b: String, between: String? = nil, heading: String? = nil, session: Session, arguments: DiffArguments, htmlReport: String? = nil,
                         progressOn output: RedactingOutput,
                         load: () throws(CommandError) -> (OpenAPIDocument, OpenAPIDocument)) throws(CommandError) -> RunResult {
        let filter = arguments.filter
        let format = arguments.format
        // One token from before the loads: a Ctrl-C while the second document loads must not end in a diff
        // against what was read of it.
        let token = session.cancellationToken()
        let progress = SpecDiffProgress()
        var versions = ("", "")
        let label = between.map { "diff \($0) --spec" } ?? "diff \(service) \(a) \(b) --spec"
        let whole = try session.withProgressLine({ "\(label): \(progress.text)" }, on: output) { () throws(CommandError) -> SpecDiff.Report in
            let stopped = CommandError("diff --spec: stopped by Ctrl-C while loading the descriptions; nothing was compared")
            let documents: (OpenAPIDocument, OpenAPIDocument)
            do throws(CommandError) {
                documents = try load()
            } catch {
                if token.isCancelled { throw stopped }
                throw error
            }
            guard !token.isCancelled else { throw stopped }
            versions = (documents.0.version, documents.1.version)
            return SpecDiff.report(documents.0, documents.1, cancellation: token, progress: progress)
        }
        let diff = filter.apply(to: whole)
        let changes = diff.changes
        let between = between ?? "\(service) \(a) and \(b)"
        let heading = heading ?? service
        let summary = SpecChangeList.summary(diff, between: between, filter: filter)
        let data = MadeOnce { SpecChangeList.json(diff, service: service, a: a, b: b, summary: summary) }
        let html = { HTMLReport.specDiff(diff, service: heading, a: a, b: b, summary: summary, mask: { session.redact($0) }) }
        var report = format.format.specDiff(diff, service: heading, a: a, b: b, summary: summary, data: data.value, mask: { session.redact($0) })
            .map { RunResult(.text($0)) } ?? RunResult(.changes(.spec(changes, summary: summary)))
        if let reason = SpecChangeList.incompleteness(diff) {
            report.warnings.append("diff --spec is incomplete: \(reason); its counts are not a pass")
            report.incomplete = true
        }
        report.setData { data.value }
        session.standIn("diff --spec", data: data)
        if let problem = SpecDiffGate.problem(diff, whole: whole, failOn: arguments.failOn, checkVersion: arguments.checkVersion,
                                              versions: versions) {
            report.ok = false
            report.error = problem
        }
        if let htmlReport {
            try ReportFile.write(html(), to: htmlReport)
            report.notes = ["wrote \(htmlReport)"]
        }
        return report
    }

    /// One fetched version: its JSON body and what to warn about.
    struct Side {
        let body: JSONValue
        let warnings: [String]
    }

    /// The two locator entries the arguments mean: the two highest; or A against the active version;
    /// or A and B (`latest` is the highest).
    static func entries(for parsed: DiffArguments, facade: ServiceFacade) throws(CommandError) -> (LocatorEntry, LocatorEntry) {
        let entries: [LocatorEntry]
        do { entries = try facade.workspace.entries(of: parsed.service) } catch { throw CommandError(error) }
        guard let highest = entries.last else {
            throw CommandError(FacadeError.unknownService(parsed.service, known: facade.workspace.serviceNames))
        }
        func entry(_ text: String) throws(CommandError) -> LocatorEntry {
            if text.lowercased() == "latest" { return (try? facade.workspace.latestEntry(of: parsed.service)) ?? highest }
            do { return try facade.workspace.entry(of: parsed.service, version: text) } catch { throw CommandError(error) }
        }
        switch parsed.versions.count {
        case 0:
            guard entries.count >= 2 else {
                throw CommandError("diff: \(highest.name) has only \(highest.version) in the locator; nothing to compare it with")
            }
            return (entries[entries.count - 2], highest)
        case 1:
            let first = try entry(parsed.versions[0])
            let active: LocatorEntry
            do { active = try facade.workspace.activeEntry(of: parsed.service) } catch { throw CommandError(error) }
            guard active.version != first.version else {
                let other = entries.last { $0.version != first.version }.map { " \($0.version)" } ?? " VERSION"
                throw CommandError("diff: \(first.key) is the active version; name the other too: diff \(first.name) \(first.version)\(other)")
            }
            return (first, active)
        default:
            return (try entry(parsed.versions[0]), try entry(parsed.versions[1]))
        }
    }

    /// Fetches one version's main resource. Any JSON answer of a 2xx counts, even one its model cannot
    /// decode: that drift is what `diff` is for.
    static func fetch(
        _ entry: LocatorEntry, query: [FormField], facade: ServiceFacade, token: CancellationToken
    ) throws(CommandError) -> Side {
        let exchange: Exchange
        do {
            exchange = try facade.requests.refresh(entry.name, version: entry.version.description, query: query, cancellation: token)
        } catch {
            throw CommandError(error)
        }
        switch exchange.outcome {
        case .success:
            if let body = exchange.body { return Side(body: body, warnings: []) }
            throw CommandError("cannot compare \(entry.key): its answer has no JSON body")
        case .decodeError(_, let failure):
            guard let body = exchange.body else {
                throw CommandError("cannot compare \(entry.key): its answer is not JSON (\(failure))")
            }
            let model = facade.workspace.definition(for: entry).modelName
            return Side(body: body, warnings: ["\(entry.key) does not decode into \(model) (\(failure)); compared as JSON"])
        default:
            throw CommandError("cannot fetch \(entry.key) for diff: \(exchange.outcome)")
        }
    }
}

/// `watch [SERVICE] [every=SECONDS] [count=N] [name==value…]`: refreshes on an interval and prints only
/// what changed since the last fetch, until Ctrl-C (or after `count=N` refreshes, for scripts).
struct WatchCommand: Command {
    let name = "watch"
    let abstract = "Refresh a service every few seconds and show only what changed, until Ctrl-C"
    var signature: CommandSignature { WatchArguments.signature }
    let details = [
        "watch {service} every=2 symbol==MSFT",
        "watch {service} every=0.5 count=10",
        "The first refresh shows the model; later ones show only changes, by JSON path. Ctrl-C returns to the prompt.",
    ]

    /// The service's own URL (the one named, else the current one) with the query items, as each refresh sends it.
    func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent {
        .mainResource(service: arguments.intentArgument(WatchArguments.serviceArgument), query: arguments.intentItems)
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let settings = try WatchArguments(arguments)
        let session = context.session
        guard settings.count != nil || session.options.interactive else {
            throw CommandError("watch runs until Ctrl-C, which a script cannot send; give count=N, e.g. watch \(settings.service ?? "SERVICE") count=3")
        }
        guard let service = settings.service ?? session.facade.workspace.currentService else {
            throw CommandError(FacadeError.noActiveService)
        }
        let entry: LocatorEntry
        do { entry = try session.facade.workspace.activeEntry(of: service) } catch { throw CommandError(error) }
        var watcher = Watcher(entry: entry, settings: settings, context: context)
        return watcher.run()
    }
}
