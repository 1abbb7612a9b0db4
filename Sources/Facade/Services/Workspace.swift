import JSON
import FoundationFree
import Secrets
import HTTPClient
import HTTPTypes
import APIDescriptions
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the session works in: the locator loaded, the API definition and documents of each entry, the
/// version chosen for every service, and the rest of the session's state (`SessionState`). The other
/// services read it; only the facade's services change it.
public final class Workspace {
    let transport: any Transport
    /// The APIs registered for services by name (the built-in ones); the rest are generic, schema or OpenAPI.
    let catalogue: APICatalogue
    /// Where web documents (locators, specs, the files their `$ref`s name) are kept between runs; nil
    /// keeps nothing.
    let documentCache: DocumentCache?
    /// How many files a description's `$ref`s may reach, and how many bytes (`--max-doc-files`,
    /// `--max-doc-size`).
    let documentLimits: DocumentLimits
    /// Makes a token that trips on the next Ctrl-C, for work started later on its own (a description
    /// known by its summary, read when a command first needs it).
    private(set) var interruptions: (@Sendable () -> CancellationToken)?

    /// What the session holds apart from responses; a profile saves it, and `restore` puts it back.
    public internal(set) var state = SessionState()
    var loadedLocator: Locator?
    /// The URL each entry pointed elsewhere (`pointEntries`, a mock) had as loaded; a `locate` compares
    /// against these, so a mock's address never reads as a move.
    var publishedURLs: [ServiceKey: String] = [:]
    /// A load put off until something asks for the locator (`deferLocate`).
    private var deferredLocate: (() -> Void)?
    /// The API definition of each entry, made once (it holds the API's state) and kept while the entry
    /// stays the same across locates.
    var definitions: [ServiceKey: any APIDefinition] = [:]
    /// The documents each entry names, loaded at `locate`.
    var documents: [ServiceKey: EntryDocuments] = [:]
    /// The last main resource fetched for each entry (what `show` and `diff` read).
    var lastByKey: [ServiceKey: Exchange] = [:]

    init(transport: any Transport, catalogue: APICatalogue, documentCache: DocumentCache?, documentLimits: DocumentLimits) {
        self.transport = transport
        self.catalogue = catalogue
        self.documentCache = documentCache
        self.documentLimits = documentLimits
    }

    /// The locator loaded last. Asking for it first runs a load put off until it is needed (`deferLocate`).
    public var locator: Locator? {
        if let deferred = deferredLocate {
            deferredLocate = nil
            deferred()
        }
        return loadedLocator
    }

    /// Puts the first load off until something asks for the locator: `apish -c …` without `--locator`
    /// starts the embedded demo server only when a command needs a service.
    public func deferLocate(_ load: @escaping () -> Void) {
        deferredLocate = load
    }

    /// How to make a token that trips on the next Ctrl-C, for documents read later on their own.
    public func interruptLaterReads(with tokens: @escaping @Sendable () -> CancellationToken) {
        interruptions = tokens
    }

    // MARK: Locator

    /// Loads (or reloads) the locator. `location` may be a URL, a path, or a reference relative to the
    /// current locator (`services-next.json`); nil reloads the current one.
    /// Documents fetched from the web are kept in `documentCache` and revalidated; `refresh` fetches
    /// them afresh.
    @discardableResult
    public func locate(
        _ location: String?, refresh: Bool = false, cancellation: CancellationToken? = nil, progress: LoadProgress? = nil
    ) throws(FacadeError) -> LocateReport {
        let target: String
        if let location {
            target = LocatorLocation.target(for: location, current: locator?.source)
        } else if let source = locator?.source {
            target = source
        } else {
            throw .noLocator
        }
        let loaded: Locator
        let loadedDocuments: [ServiceKey: EntryDocuments]
        var warnings: [String]
        let fetcher = DocumentFetcher(
            transport: transport, cache: documentCache, refresh: refresh, limits: documentLimits, progress: progress)
        fetcher.interruptions = interruptions
        do {
            let parsed = try LocatorLoader(transport: transport).load(target, with: fetcher, cancellation: cancellation)
            (loadedDocuments, warnings) = DocumentLoader(fetcher: fetcher).documents(for: parsed, cancellation: cancellation)
            warnings = fetcher.warnings + warnings
            // Entries without a `url` go where their OpenAPI document says, known only now.
            loaded = try parsed.resolvingServerURLs(loadedDocuments)
        } catch {
            throw .locator(error)
        }
        let previous = publishedLocator
        publishedURLs = [:]
        let previousDocuments = documents
        documents = loadedDocuments
        // A definition made from a document (schema, OpenAPI) is made again from the document just loaded.
        definitions = definitions.filter { key, _ in
            previous?.resolve(key) != nil && previous?.resolve(key) == loaded.resolve(key) && loadedDocuments[key] == nil
        }
        let reconciled = LocatorReconciler(previous: previous, loaded: loaded)
            .reconcile(choices: state.choices, currentService: state.currentService, isInUse: isInUse)
        loadedLocator = loaded
        state.choices = reconciled.choices
        state.currentService = reconciled.currentService
        let fallbacks = reconciled.fallbacks, latestMoves = reconciled.latestMoves
        var changes = previous.map { LocatorChangeSet(from: $0, to: loaded) }
        changes?.compareDocuments(
            from: previous, to: loaded,
            before: { key in previousDocuments[key]?.openapi?.document ?? (previous?.entries.count == 1 ? previous?.openAPIDocument : nil) },
            after: { key in loadedDocuments[key]?.openapi?.document ?? (loaded.entries.count == 1 ? loaded.openAPIDocument : nil) })
        return LocateReport(
            locator: loaded, changes: changes,
            fallbacks: fallbacks, latestMoves: latestMoves, warnings: warnings)
    }

    /// The API definition of an entry: made on first use from the catalogue, then kept with its state.
    public func definition(for entry: LocatorEntry) -> any APIDefinition {
        if let known = definitions[entry.key] { return known }
        let made = catalogue.definition(for: entry, documents: documents[entry.key] ?? EntryDocuments())
        definitions[entry.key] = made
        return made
    }

    /// The OpenAPI definition of an entry that names a description: the entry's own definition, or, when a
    /// registered API keeps the entry's model for `refresh` (the demo's weather), one made from the same
    /// document for `call`, `ops`, the checks and the mock. Nil when the entry has no usable description.
    func openAPIDefinition(for entry: LocatorEntry) -> OpenAPIServiceAPI? {
        if let api = definition(for: entry) as? OpenAPIServiceAPI { return api }
        return documents[entry.key]?.openapi.map { OpenAPIServiceAPI(description: $0, key: entry.key) }
    }

    /// The definition of the API `type` and the entry it serves: the current service when it speaks that
    /// API, else the first service in the locator that does, at its active version.
    public func api<API: APIDefinition>(_ type: API.Type) throws(FacadeError) -> (api: API, entry: LocatorEntry) {
        guard let locator else { throw .noLocator }
        let names = (currentService.map { [$0] } ?? []) + locator.serviceNames
        for name in names {
            guard let entry = try? activeEntry(of: name), let api = definition(for: entry) as? API else { continue }
            return (api, entry)
        }
        throw .noService(api: API.apiName)
    }

    /// Whether the user has used a service: chosen a version, made it current or fetched it.
    func isInUse(_ service: String) -> Bool {
        let name = service.lowercased()
        return state.choices[name] != nil || currentService?.lowercased() == name
            || lastByKey.keys.contains { $0.name.lowercased() == name }
    }

    // MARK: Versions

    /// Every service with its versions, the active one and the highest.
    public var services: [ServiceStatus] {
        guard let locator else { return [] }
        return locator.serviceNames.map { name in
            let key = name.lowercased()
            return ServiceStatus(
                name: name, entries: locator.entries(of: name), active: activeVersion(of: name),
                followsLatest: state.choices[key] == .latest, latest: locator.latest(of: name)?.version)
        }
    }

    /// The version in use for a service: the one chosen, else the highest that is not deprecated, else the highest.
    public func activeVersion(of service: String) -> ServiceVersion? {
        locator.flatMap { LocatorReconciler.activeVersion(of: service, in: $0, choices: state.choices) }
    }

    /// Whether the user picked a version of this service (rather than the default).
    public func hasChosenVersion(of service: String) -> Bool {
        state.choices[service.lowercased()] != nil
    }

    /// Switches a service to a version (`v2`, `2`, `2.1`) or to `latest`.
    @discardableResult
    public func use(_ service: String, version text: String) throws(FacadeError) -> UseReport {
        let entries = try entriesOf(service)
        let name = entries[0].name
        let entry: LocatorEntry
        let choice: VersionChoice
        if text.lowercased() == "latest" {
            guard let last = locator?.latest(of: service) else { throw .unknownService(service, known: locator?.serviceNames ?? []) }
            entry = last
            choice = .latest
        } else {
            guard let version = ServiceVersion.parse(text), let found = entries.first(where: { $0.version == version }) else {
                throw .unknownVersion(service: name, version: text, available: entries.map(\.version.description))
            }
            entry = found
            choice = .pinned(version)
        }
        state.choices[name.lowercased()] = choice
        state.currentService = name
        // The last answer of this version tells whether the server itself deprecated it.
        let warnings = Deprecation.warnings(
            entry: entry, headers: lastByKey[entry.key]?.response?.headers, latest: locator?.latest(of: name)?.version)
        return UseReport(entry: entry, followsLatest: choice == .latest, warnings: warnings)
    }

    /// The entry a request for `service` goes to (its active version).
    public func activeEntry(of service: String) throws(FacadeError) -> LocatorEntry {
        try activeEntry(among: entriesOf(service), of: service)
    }

    /// `activeEntry(of:)` among the service's entries, looked up once (`entriesOf`) by a caller that needs them again.
    func activeEntry(among entries: [LocatorEntry], of service: String) throws(FacadeError) -> LocatorEntry {
        // `activeVersion(of:)` from the entries at hand: every request asks, and they were looked up once.
        let choice = entries.first.flatMap { state.choices[$0.key.foldedName] }
        guard let version = LocatorReconciler.activeVersion(among: entries, choice: choice),
              let entry = entries.first(where: { $0.version == version }) else {
            throw .unknownService(service, known: locator?.serviceNames ?? [])
        }
        return entry
    }

    /// The entry for an explicit version of a service.
    public func entry(of service: String, version text: String) throws(FacadeError) -> LocatorEntry {
        try entry(among: entriesOf(service), version: text)
    }

    /// `entry(of:version:)` among the service's entries, looked up once (`entriesOf`, never empty).
    func entry(among entries: [LocatorEntry], version text: String) throws(FacadeError) -> LocatorEntry {
        guard let version = ServiceVersion.parse(text), let entry = entries.first(where: { $0.version == version }) else {
            throw .unknownVersion(service: entries[0].name, version: text, available: entries.map(\.version.description))
        }
        return entry
    }

    func entriesOf(_ service: String) throws(FacadeError) -> [LocatorEntry] {
        guard let locator else { throw .noLocator }
        let entries = locator.entries(of: service)
        guard !entries.isEmpty else { throw .unknownService(service, known: locator.serviceNames) }
        return entries
    }

    /// The last main resource fetched for a service at a version (its active one when nil).
    public func lastExchange(of service: String, version: ServiceVersion? = nil) -> Exchange? {
        guard let name = locator?.canonicalName(of: service), let version = version ?? activeVersion(of: service) else { return nil }
        return lastByKey[ServiceKey(name: name, version: version)]
    }

    // MARK: Session

    /// The service `refresh`, `show` and `/path` targets mean when none is named.
    public var currentService: String? { state.currentService }

    /// Makes a service current without changing its version (e.g. `refresh weather`), by the name its
    /// first entry spells, as `use` does; `entries` are the service's (`entriesOf`).
    func makeCurrent(_ entries: [LocatorEntry]) {
        guard let name = entries.first?.name else { return }
        state.currentService = name
    }

    /// Where APIs that search near a place search when none is given; nil until set.
    public var location: Coordinate? { state.location }

    /// Sets (or, with nil, forgets) the place of `location LAT LON`.
    public func setLocation(_ location: Coordinate?) {
        state.location = location
    }

    /// Makes responses carry the request head as really sent, or not (`verbose on|off`).
    public func setRecordsSentHeaders(_ on: Bool) {
        state.recordsSentHeaders = on
    }

    /// Puts a whole saved state back (a profile): versions, current service, headers, credentials,
    /// location and the verbose flag. Services the locator does not name keep their choice, so a later
    /// `locate` that brings them back finds it.
    public func restore(_ saved: SessionState) {
        state = saved
    }

    /// What definitions may use from the session.
    var context: APIContext { APIContext(location: location) }

    /// The entry as requests use it: its URL the base in force (a session's base over the locator's).
    func routed(_ entry: LocatorEntry) -> LocatorEntry {
        guard let base = state.serverBases[entry.key.foldedName] else { return entry }
        return entry.with(url: base)
    }
}
