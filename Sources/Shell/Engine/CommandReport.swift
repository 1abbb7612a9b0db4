import HTTPClient
import HTTPTypes
import Facade
import JSON
import Rendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text a command's result renders to, as `ResultPresenter` lays it out and `ReportRenderer` writes it:
/// made only by the presenter, never by a command.
public struct CommandReport: Sendable {
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
    /// The request shown, for the verbose and timing lines.
    public var exchange: Exchange?

    public init() {}

    public init(lines: [String]) {
        self.lines = lines
    }

    public init(presentation: Presentation?) {
        self.presentation = presentation
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

    /// Why a command's arguments fit none of its forms, with its usage.
    package static func mismatch(_ mismatch: CommandSignature.Mismatch, command: any Command) -> CommandError {
        let usage = command.signature.usage(command.name, for: mismatch)
        return CommandError(mismatch.problem.map { "\(command.name): \($0); usage: \(usage)" } ?? "usage: \(usage)")
    }
}
