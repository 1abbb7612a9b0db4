import APIDescriptions
import Facade
import JSON
import Rendering
import Reports

/// What a command returns: one typed value, whether it succeeded, and what goes beside it. Presenters turn
/// it into text (`ResultPresenter`) or into the one line of `--json` (`ResultJSONPresenter`); a command
/// never says how it is shown.
public struct RunResult: Sendable {
    public var value: CommandValue
    public var ok = true
    /// Why the command failed (when `ok` is false).
    public var error: String?
    /// The failures behind `ok == false` were already counted where they happened (inside a sourced
    /// file), so this command's summary is shown but not counted again.
    public var failuresCounted = false
    /// Lines said after the value (`more: groups next`, `wrote report.html`).
    public var notes: [String] = []
    /// Deprecation notices and other warnings, one line each.
    public var warnings: [String] = []
    /// What `--json` puts under `"data"`, when it is not what the value gives.
    public var data: JSONValue? {
        get { dataSource?() }
        set {
            guard let newValue else { return dataSource = nil }
            dataSource = { newValue }
        }
    }
    /// Makes `data` when `--json` asks for it: a listing of hundreds of operations is shown as a table far
    /// more often, and then its JSON is never built.
    private var dataSource: (@Sendable () -> JSONValue)?
    /// `data` made by `make` when `--json` asks for it.
    package mutating func setData(_ make: @escaping @Sendable () -> JSONValue) {
        dataSource = make
    }

    /// Whether the command said what goes under `"data"`, without making it.
    package var hasData: Bool { dataSource != nil }
    /// The line a recording keeps instead of the one typed (masked), when that one would not replay:
    /// `auth basic ada` asked for the password, so `auth basic ada:${env.APISH_PASSWORD:-redacted}` is recorded.
    public var recordedLine: String?
    /// The answer's body was shown as it arrived (a stream): its status line and body are not shown again.
    public var bodyShown = false
    /// Whether the status line was said as the answer began (a stream's); else, with `bodyShown`, it is said
    /// after the answer, as a whole body's is.
    package var statusShown = false
    /// Ctrl-C ended the answer's stream: what had arrived is the result (and the last response), not the
    /// whole answer. `--json` says `"interrupted": true`.
    public var interrupted = false
    /// What the command found is not all there is (a spec diff cut short by its guard or by Ctrl-C): it
    /// never passes, and a script run ends with exit status 3 (`ShellEngine.incompleteCount`).
    public var incomplete = false

    public init(_ value: CommandValue = .none, data: JSONValue? = nil) {
        self.value = value
        self.data = data
    }

    /// A result whose `"data"` is made only if `--json` shows it.
    public init(_ value: CommandValue, data: @escaping @Sendable () -> JSONValue) {
        self.value = value
        dataSource = data
    }

    public init(lines: [String]) {
        self.init(.text(lines))
    }

    /// The answer to a request: ok when the outcome is success. `workspace` lets a decode error name the
    /// version to compare with.
    public init(exchange: Exchange, view: ExchangeView = .model, workspace: Workspace? = nil) {
        self.init(.exchange(exchange, view: view))
        ok = exchange.outcome.isSuccess
        warnings = exchange.warnings
        if !ok { error = Self.describe(exchange, workspace: workspace) }
    }

    /// A refusal or failure that happened before there was anything to show.
    package static func failure(_ message: String) -> RunResult {
        var result = RunResult()
        result.ok = false
        result.error = message
        return result
    }

    /// The request the command made, if it shows one.
    public var exchange: Exchange? {
        if case .exchange(let exchange, _) = value { return exchange }
        return nil
    }

    /// One line for a failed request: `weather v2: request error: HTTP 404 Not Found: unknown city 'X'`.
    /// A decode error (drift) suggests comparing with the version below:
    /// `weather v2: decode error: currentTemperature: expected number, found string "63" (…; try: diff weather v1 v2)`.
    package static func describe(_ exchange: Exchange, workspace: Workspace? = nil) -> String {
        let prefix = exchange.service.map { "\($0): " } ?? "\(exchange.method) \(exchange.displayURL): "
        var text = prefix + exchange.outcome.description
        if case .decodeError = exchange.outcome, let service = exchange.service {
            let previous = workspace?.versions(of: service.name).last { $0 < service.version }
            if let previous {
                text += " (the API may have changed; try: diff \(service.name) \(previous) \(service.version))"
            } else if workspace?.hasLocator != true, service.version.major > 1 {
                text += " (the API may have changed; try: diff \(service.name))"
            }
        }
        return text
    }
}

/// The kinds of thing a command produces, each shown by `ResultPresenter` and `ResultJSONPresenter`.
///
/// The cases that carry a large value (a table, changes, impact findings, an operation) hold it boxed
/// (`indirect`), so that the value stays a few words: every command's result is copied and destroyed
/// several times on its way to the output, and a request's (`exchange`) is the common one.
public enum CommandValue: Sendable {
    /// Nothing to show (`quit`, a passing `expect` in a script).
    case none
    /// Plain lines (`weather → v2`).
    case text([String])
    /// A table, with lines above it (`ops`: the document's title and count).
    indirect case table(Table, heading: [String] = [])
    /// Label and value pairs (`vars`, `profile show`).
    case rows([LabelledRow])
    /// A request and its answer, shown as the view says.
    case exchange(Exchange, view: ExchangeView)
    /// A decoded model shown again (`show`), under a heading line.
    case model(DecodedModel, heading: [String])
    /// A JSON body shown as pretty JSON (`show --raw`), under a heading line.
    case document(JSONDocument, heading: [String])
    /// The last answer in full, whatever asked for it (`show --raw` after a raw `get`).
    case lastResponse(Exchange)
    /// What changed: between two versions' bodies or documents, or in the locator.
    indirect case changes(ChangeView)
    /// Which lines of a script break or drift on another version (`impact`).
    indirect case findings(ImpactResult)
    /// An OpenAPI operation's parameters and request body (`help listPets`); its prose whole when `full`
    /// (`help listPets --full`), else folded after a few lines.
    indirect case operationHelp(OpenAPIOperation, service: String, full: Bool)
}

/// How an exchange shows.
public enum ExchangeView: Sendable {
    /// The decoded model, presented (`refresh`, the API commands).
    case model
    /// As httpie shows it: the status line, then the body as it came (pretty JSON, JSON lines, text, or
    /// its bytes on a pipe). A failure is its one error line plus the body.
    case rawBody
}

/// The change lists that `diff` and `locate` produce.
public enum ChangeView: Sendable {
    /// Between two versions' bodies (`diff SERVICE A B`), with its summary line.
    case versions([JSONChange], summary: String)
    /// Between two versions' OpenAPI documents (`diff SERVICE A B --spec`), with its summary line.
    case spec([SpecChange], summary: String)
    /// The same call on two versions, shown in two columns (`compare SERVICE A B`).
    case sideBySide(SideBySide)
    /// What a `locate` loaded: the lines about the locator, its change set (`+ weather v3`), then the
    /// lines about latest versions.
    case locator(heading: [String], changes: [String], following: [String])
}
