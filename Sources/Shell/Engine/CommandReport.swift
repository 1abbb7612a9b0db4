import HTTPClient
import Facade
import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a command produced, before it is rendered as text or as one JSON line.
public struct CommandReport: Sendable {
    public var ok = true
    /// Plain lines of text for the terminal (`weather → v2`).
    public var lines: [String] = []
    /// Rows, a table or JSON to show.
    public var presentation: Presentation?
    /// Text our own renderers made (pretty JSON, possibly coloured) from data already redacted, shown as is
    /// after `lines`.
    public var formatted: String?
    /// A body to show as pretty JSON where `formatted` would be, masked and written in pieces as it is
    /// rendered (see `JSONRenderer.write`).
    public var formattedJSON: JSONDocument?
    /// The body a raw request or `call` answered with (or a binary one `show --raw` shows), written as its
    /// bytes instead of `formatted`/`formattedJSON` when the output is a pipe or a file, or stdout is not a
    /// terminal; the lines and notes then go to stderr, as httpie does.
    public var body: Data?
    /// Lines shown after the presentation in text mode (`more: groups next`).
    public var notes: [String] = []
    /// The request this command made, if any.
    public var exchange: Exchange?
    /// What `--json` puts under `"data"`; derived from the presentation or exchange when nil.
    public var data: JSONValue?
    /// Deprecation notices and other warnings, one line each.
    public var warnings: [String] = []
    /// Why the command failed (when `ok` is false).
    public var error: String?
    /// The failures behind `ok == false` were already counted where they happened (inside a sourced
    /// file), so this command's summary is shown but not counted again.
    public var failuresCounted = false
    /// The line a recording keeps instead of the one typed (masked), when that one would not replay:
    /// `auth basic ada` asked for the password, so `auth basic ada:•••` is recorded.
    public var recordedLine: String?
    /// Extra top-level fields for `--json` (e.g. `"matrix"`).
    public var extra: [(String, JSONValue)] = []

    public init() {}

    public init(lines: [String]) {
        self.lines = lines
    }

    public init(presentation: Presentation?, data: JSONValue? = nil) {
        self.presentation = presentation
        self.data = data
    }

    /// A report for a request: ok when the outcome is success. `locator` lets a decode error name the
    /// version to compare with. Without `presenting`, the model is not turned into a presentation (a raw
    /// request shows the body itself; presenting 50,000 groups only to drop them costs a tree or a table).
    public init(exchange: Exchange, locator: Locator? = nil, presenting: Bool = true, presenter: ModelPresenter = ModelPresenter()) {
        self.exchange = exchange
        self.ok = exchange.outcome.isSuccess
        self.presentation = presenting ? exchange.model.map(presenter.present) : nil
        self.warnings = exchange.warnings
        if !ok { error = Self.describe(exchange, locator: locator) }
    }

    /// One line for a failed request: `weather v2: request error: HTTP 404 Not Found: unknown city 'X'`.
    /// A decode error (drift) suggests comparing with the version below:
    /// `weather v2: decode error: currentTemperature: expected number, found string "63" (…; try: diff weather v1 v2)`.
    static func describe(_ exchange: Exchange, locator: Locator? = nil) -> String {
        let prefix = exchange.service.map { "\($0): " } ?? "\(exchange.method) \(exchange.displayURL): "
        var text = prefix + exchange.outcome.description
        if case .decodeError = exchange.outcome, let service = exchange.service {
            let previous = locator?.versions(of: service.name).last { $0 < service.version }
            if let previous {
                text += " (the API may have changed; try: diff \(service.name) \(previous) \(service.version))"
            } else if locator == nil, service.version.major > 1 {
                text += " (the API may have changed; try: diff \(service.name))"
            }
        }
        return text
    }
}

/// A command's refusal: one line, with the next step when there is one.
public struct CommandError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension CommandError {
    package init(_ error: FacadeError) {
        self.init(error.description)
    }

    package init(_ error: RequestItemError) {
        self.init(error.description)
    }

    package static func usage(_ command: any Command) -> CommandError {
        CommandError("usage: \(command.usage)")
    }
}
