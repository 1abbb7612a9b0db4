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

/// The single entry point the shell uses: the locator, the active version of every service, the
/// typed requests of each API, raw requests, and the last result of each. It never prints.
public final class ServiceFacade {
    /// Which version of a service is in use: one pinned, or whatever is highest.
    public enum VersionChoice: Sendable, Equatable {
        case pinned(ServiceVersion)
        case latest
    }

    /// A service as `services` lists it.
    public struct ServiceStatus: Sendable {
        public let name: String
        public let entries: [LocatorEntry]
        public let active: ServiceVersion?
        public let followsLatest: Bool
        public let latest: ServiceVersion?
    }

    /// What `locate` did.
    public struct LocateReport: Sendable {
        public let locator: Locator
        /// Nil on the first load.
        public let changes: LocatorChangeSet?
        /// Active versions that vanished: (service, old version, what it fell back to or nil).
        public let fallbacks: [(service: String, from: ServiceVersion, to: ServiceVersion?)]
        /// Services following `latest` whose highest version moved.
        public let latestMoves: [(service: String, from: ServiceVersion, to: ServiceVersion)]
        /// Documents an entry names (`schema`, `openapi`) that could not be loaded; those services work as generic JSON.
        public let warnings: [String]
    }

    /// What `use` did.
    public struct UseReport: Sendable {
        public let entry: LocatorEntry
        public let followsLatest: Bool
        public let warnings: [String]
    }

    let transport: any Transport
    /// The locator loaded last. Asking for it first runs a load put off until it is needed (`deferredLocate`).
    public var locator: Locator? {
        if let deferred = deferredLocate {
            deferredLocate = nil
            deferred(self)
        }
        return loadedLocator
    }
    var loadedLocator: Locator?
    /// A load put off until something asks for the locator: `apish -c …` without `--locator` starts the
    /// embedded demo server only when a command needs a service.
    public var deferredLocate: ((ServiceFacade) -> Void)?
    /// What the session holds apart from responses; a profile saves and restores it.
    public internal(set) var state = SessionState()
    var lastByKey: [ServiceKey: Exchange] = [:]
    public internal(set) var lastExchange: Exchange?
    /// The call behind `lastExchange`, as the pipeline was handed it, to send again with another body.
    var lastSent: SentCall?
    /// How many exchanges have been recorded: tells whether a request came after something else the
    /// shell remembers (the result of `diff --spec`, which `expect` reads until the next request).
    public internal(set) var exchangeCount = 0
    /// The API definition of each entry, made once (it holds the API's state) and kept while the entry
    /// stays the same across locates.
    var definitions: [ServiceKey: any APIDefinition] = [:]
    /// The documents each entry names, loaded at `locate`.
    var documents: [ServiceKey: EntryDocuments] = [:]
    /// The access tokens of the OAuth 2 clients in `state.credentials`; the shell gives it a store.
    public let oauth2Tokens = OAuth2Tokens()
    /// Where web documents (locators, specs, the files their `$ref`s name) are kept between runs; nil
    /// keeps nothing.
    public var documentCache: DocumentCache?
    /// Makes a token that trips on the next Ctrl-C, for work the facade starts on its own later (a
    /// description known by its summary, read when a command first needs it); the shell sets it.
    public var interruptions: (@Sendable () -> CancellationToken)?
    /// How many files a description's `$ref`s may reach, and how many bytes (`--max-doc-files`,
    /// `--max-doc-size`).
    public var documentLimits = DocumentLimits()
    /// Server variables set with `server set`, per service (lower-cased name).
    var serverVariables: [String: [String: String]] = [:]

    /// The APIs registered for services by name (the built-in ones); the rest are generic, schema or OpenAPI.
    let catalogue: APICatalogue

    /// Runs `body` with `observer` seeing each answer's body as it arrives (a stream shown while it lasts).
    public func streaming<T, E: Error>(to observer: (any ResponseStreaming)?, _ body: () throws(E) -> T) throws(E) -> T {
        try transport.streaming(to: observer, body)
    }

    public init(transport: any Transport, catalogue: APICatalogue = APICatalogue()) {
        self.transport = transport
        self.catalogue = catalogue
    }

    /// Masks the credentials held (`auth`, and credential headers set with `header`).
    public var redactor: Redactor {
        let secrets = heldSecrets
        // Asked for on every request: while the credentials stay the same, the one made last is it.
        if let cached = redactorCache, cached.secrets == secrets { return cached.redactor }
        let made = Redactor(secrets: secrets)
        redactorCache = (secrets, made)
        lastDisplayURL = nil
        return made
    }

    /// A URL as shown (its secrets masked), the last one remembered: a session asks for the same URL often.
    func displayURL(_ url: String) -> String {
        let redactor = self.redactor
        if let last = lastDisplayURL, last.url == url { return last.shown }
        let shown = redactor.redact(url)
        lastDisplayURL = (url, shown)
        return shown
    }

    /// The last URL `displayURL` masked, and the result; forgotten when the credentials change.
    private var lastDisplayURL: (url: String, shown: String)?

    /// The last redactor made and the credential secrets it was made from.
    private var redactorCache: (secrets: [String], redactor: Redactor)?

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
        let previous = locator
        let previousDocuments = documents
        documents = loadedDocuments
        // A definition made from a document (schema, OpenAPI) is made again from the document just loaded.
        definitions = definitions.filter { key, _ in
            previous?.resolve(key) != nil && previous?.resolve(key) == loaded.resolve(key) && loadedDocuments[key] == nil
        }
        let reconciled = LocatorReconciler(previous: previous, loaded: loaded)
            .reconcile(choices: choices, currentService: currentService, isInUse: isInUse)
        loadedLocator = loaded
        choices = reconciled.choices
        currentService = reconciled.currentService
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

    /// Whether the user has used a service: chosen a version, made it current or fetched it.
    func isInUse(_ service: String) -> Bool {
        let name = service.lowercased()
        return choices[name] != nil || currentService?.lowercased() == name
            || lastByKey.keys.contains { $0.name.lowercased() == name }
    }

    /// Every service with its versions, the active one and the highest.
    public var services: [ServiceStatus] {
        guard let locator else { return [] }
        return locator.serviceNames.map { name in
            let key = name.lowercased()
            return ServiceStatus(
                name: name, entries: locator.entries(of: name), active: activeVersion(of: name),
                followsLatest: choices[key] == .latest, latest: locator.latest(of: name)?.version)
        }
    }

    /// The version in use for a service: the one chosen, else the highest that is not deprecated, else the highest.
    public func activeVersion(of service: String) -> ServiceVersion? {
        locator.flatMap { LocatorReconciler.activeVersion(of: service, in: $0, choices: choices) }
    }

    /// Whether the user picked a version of this service (rather than the default).
    public func hasChosenVersion(of service: String) -> Bool {
        choices[service.lowercased()] != nil
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
        choices[name.lowercased()] = choice
        currentService = name
        // The last answer of this version tells whether the server itself deprecated it.
        let warnings = Deprecation.warnings(
            entry: entry, headers: lastByKey[entry.key]?.response?.headers, latest: locator?.latest(of: name)?.version)
        return UseReport(entry: entry, followsLatest: choice == .latest, warnings: warnings)
    }

    /// The entry a request for `service` goes to (its active version).
    public func activeEntry(of service: String) throws(FacadeError) -> LocatorEntry {
        let entries = try entriesOf(service)
        guard let version = activeVersion(of: service), let entry = entries.first(where: { $0.version == version }) else {
            throw .unknownService(service, known: locator?.serviceNames ?? [])
        }
        return entry
    }

    /// The entry for an explicit version of a service.
    public func entry(of service: String, version text: String) throws(FacadeError) -> LocatorEntry {
        let entries = try entriesOf(service)
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

    /// The last result fetched for a service at a version (its active one when nil).
    public func lastExchange(of service: String, version: ServiceVersion? = nil) -> Exchange? {
        guard let name = locator?.canonicalName(of: service), let version = version ?? activeVersion(of: service) else { return nil }
        return lastByKey[ServiceKey(name: name, version: version)]
    }

    /// Makes a service current without changing its version (e.g. `refresh weather`).
    func makeCurrent(_ service: String) {
        currentService = locator?.canonicalName(of: service) ?? service
    }
}
