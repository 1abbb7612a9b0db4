import Facade
import HTTPClient
import HTTPTypes
import FoundationFree
import JSON
import Secrets
import Profiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The state of one shell: the facade (locator, versions, models, auth, headers, location), variables,
/// display flags, the recorder and where scripts are being read from.
public final class Session {
    public let facade: ServiceFacade
    /// Changed by the engine (a pipe turns color off) and by what the shell was started with; read elsewhere.
    public internal(set) var options: ShellOptions
    /// `set NAME VALUE` and `let NAME = PATH`.
    public internal(set) var variables: [String: String] = [:]
    /// The process environment, readable as `$env.NAME`.
    public let environment: [String: String]
    public internal(set) var timing = false
    public internal(set) var verbose = false
    /// `reveal on`: a terminal shows values that only look like credentials (a member named `api_key`)
    /// instead of hiding them; secrets the session holds stay masked.
    public internal(set) var revealsLookalikes = false
    /// Whether the terminal was told once how to show the values it hid.
    var lookalikeHintGiven = false
    /// Lines typed since `record start`, when recording.
    public internal(set) var recorder: Recorder?
    /// Reads a secret from the terminal without echo (`auth basic USER` asks for the password); nil when
    /// stdin is not a terminal, and the read answers nil when the user gives up (Ctrl-C, Ctrl-D).
    public private(set) var readSecret: ((_ prompt: String) -> String?)?
    /// The lines of history so far (the line editor's), for `history`.
    public private(set) var historyProvider: () -> [String] = { [] }
    /// What `expect` and `let` read instead of the last response, until the next request (`diff --spec`).
    var commandResult: CommandResult?
    /// Where profiles live and which one is in use.
    public internal(set) var profiles: SessionProfiles

    /// The built-in APIs wired in (their commands and presenters); the facade's catalogue has their definitions.
    public let bundles: [APIBundle]
    /// Shows decoded models, with each bundle's presenter.
    public let presenter: ModelPresenter
    /// The standard commands plus each bundle's.
    public let registry: CommandRegistry
    /// The mocks `mock start` runs, by service.
    package var mocks: [String: ServiceMock] = [:]
    /// An `edit` whose body could not be sent, its file kept for the same `edit` to open again.
    package var keptEdit: KeptEdit?

    /// The shell's own commands, before any bundle's (`CommandRegistry.standard`, given by the Commands module's
    /// `Session(facade:bundles:options:environment:)`): what a session made for one run of a script gets too.
    package let shellCommands: CommandRegistry

    package init(
        facade: ServiceFacade, commands: CommandRegistry, bundles: [APIBundle] = [], options: ShellOptions = ShellOptions(),
        environment: [String: String] = [:]
    ) {
        self.facade = facade
        self.bundles = bundles
        self.presenter = ModelPresenter(bundles: bundles)
        self.shellCommands = commands
        self.registry = commands.adding(bundles)
        self.options = options
        self.environment = environment
        profiles = SessionProfiles(paths: ConfigPaths(environment: environment))
        // Profiles save and restore the transport's cookie jar.
        profiles.cookieJar = CookieJarAccess(lines: { facade.requests.cookieJar }, restore: { facade.requests.restoreCookieJar($0) })
        // Read on the first OAuth 2 token asked for, so a session without one never opens the file.
        facade.credentials.keepOAuth2Tokens(in: TokenFile(path: profiles.paths.tokens))
        // What the facade reads later on its own (a description known by its summary) stops on Ctrl-C too.
        let interruptCount = options.interruptCount
        facade.workspace.interruptLaterReads {
            let start = interruptCount()
            return CancellationToken(poll: { interruptCount() != start })
        }
    }

    /// A variable's value: `env.NAME` reads the environment.
    public func variable(_ name: String) -> String? {
        if name.hasPrefix("env.") { return environment[String(name.dropFirst(4))] }
        return variables[name]
    }

    /// `set NAME VALUE` and `let NAME = PATH`.
    public func setVariable(_ name: String, to value: String) {
        variables[name] = value
    }

    /// `timing on|off`.
    public func setTiming(_ on: Bool) {
        timing = on
    }

    /// `verbose on|off`: only then does the transport keep the request head as it was really sent.
    public func setVerbose(_ on: Bool) {
        verbose = on
        facade.workspace.setRecordsSentHeaders(on)
    }

    /// `reveal on|off`.
    public func setRevealsLookalikes(_ on: Bool) {
        revealsLookalikes = on
    }

    /// `record start`: a new recording, opened by the lines that set again what the session holds.
    public func startRecording() {
        recorder = Recorder(prelude: Recorder.prelude(for: self))
    }

    /// `record stop`: the lines so far are kept for `record save`.
    public func stopRecording() {
        recorder?.stop()
    }

    /// How a secret is asked for on a terminal (without echo); left unset where stdin is not one.
    public func readSecrets(with read: @escaping (_ prompt: String) -> String?) {
        readSecret = read
    }

    /// Where `history` reads the lines typed so far (the line editor's).
    public func readHistory(from provider: @escaping () -> [String]) {
        historyProvider = provider
    }

    /// A token that trips when Ctrl-C arrives after this call.
    public func cancellationToken() -> CancellationToken {
        let counter = options.interruptCount
        let start = counter()
        return CancellationToken(poll: { counter() != start })
    }

    /// Masks every known secret and anything that looks like one.
    public func redact(_ text: String) -> String {
        redactor.redact(text)
    }

    /// A JSON value (a body) with the same secrets masked, member by member.
    public func redact(_ value: JSONValue) -> JSONValue {
        redactor.redact(value)
    }

    /// `redact`, plus the secret arguments of typed commands (`auth bearer X`): for history and recordings.
    /// Not remembered from one line to the next: how a line is masked depends on more than its text and the
    /// secrets (which arguments a `call` sends as credentials depends on the descriptions loaded).
    public func redactLine(_ text: String) -> String {
        CommandLineRedactor(registry: registry).redact(text, session: self, redactor: redactor)
    }

    /// `redactLine` of a statement's typed text (`ShellEngine.typedLine` and its operators), from the spans it
    /// marks in `line`, the line it was read from, marked now: the engine's shown line, without reading it again.
    package func redactLine(_ statement: Statement, in line: String) -> String {
        CommandLineRedactor(registry: registry).redact(statement, in: line, session: self, redactor: redactor)
    }

    /// What looks like a secret (a URL's password, `?api_key=…`, `Authorization: …`) masked: for a start-up
    /// failure written before any session exists.
    public static func redactBeforeSession(_ text: String) -> String {
        Redactor().redact(text)
    }

    /// The known secrets masked, and nothing else: what every line leaving the shell goes through.
    public func redactSecrets(_ text: String) -> String {
        redactor.redactKnownSecrets(text)
    }

    /// Every secret value the session knows: credentials, and variables that hold them.
    public var secretValues: [String] {
        redactor.secrets
    }

    /// The facade's secrets plus the values sent in credential parameters, the proxy's and those of
    /// variables that hold credentials (`set token X`). Cheap to ask for on every line: the variables are
    /// looked at a few bytes each, and the credential store makes a new redactor only when the secrets
    /// changed.
    package var redactor: Redactor {
        if let reportRedactor { return reportRedactor }
        let variableSecrets = Redactor.secretValues(ofVariables: variables)
        // Most sessions send no credential parameter and use no proxy: nothing to join then.
        let extra = sentSecrets.isEmpty && options.proxySecrets.isEmpty ? variableSecrets : sentSecrets + options.proxySecrets + variableSecrets
        return facade.credentials.redactor(adding: extra)
    }

    /// The redactor of the report being written (`withOneRedactor`), nil between reports.
    private var reportRedactor: Redactor?

    /// Runs `write` with the redactor made once for it: writing a report changes no secret, so the renderer
    /// and the sink mask it by the same one, asked for once rather than at each.
    package func withOneRedactor<Result>(_ write: () -> Result) -> Result {
        guard reportRedactor == nil else { return write() }
        reportRedactor = redactor
        defer { reportRedactor = nil }
        return write()
    }

    /// Values sent in parameters a spec declares as credentials (`call getR X-API-Key=…`): masked like the
    /// credentials for the rest of the session. Kept to the most recent `maximumSentSecrets`.
    private(set) var sentSecrets: [String] = []
    static let maximumSentSecrets = 256

    package func addSentSecrets(_ values: [String]) {
        for value in values where !value.isEmpty && !sentSecrets.contains(value) {
            sentSecrets.append(value)
        }
        if sentSecrets.count > Self.maximumSentSecrets { sentSecrets.removeFirst(sentSecrets.count - Self.maximumSentSecrets) }
    }
}
