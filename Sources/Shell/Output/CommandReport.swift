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
    /// Text our own renderers made (help, findings, changes; possibly coloured), shown as is after `lines`.
    public var formatted: String?
    /// A body to show where `formatted` would be. It is masked once, by the output it is written to
    /// (`RedactingOutput`), never before: pretty JSON as it is rendered from the tape, text as text.
    public var shownBody: ShownBody?
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

/// A body as the terminal shows it, still holding its secrets: the output that writes it masks it.
public enum ShownBody: Sendable {
    /// Pretty JSON, rendered (and masked) in pieces from the tape (see `JSONRenderer.write`).
    case document(JSONDocument)
    /// JSON lines as they came: one value a line, compact.
    case jsonLines([JSONValue])
    /// One value, pretty (the data of a server-sent event).
    case json(JSONValue)
    /// A body that is not JSON, as text (at most its first 64 KiB), and the note of what was cut.
    case text(String, cut: String)
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
        // The subcommand the words named, when one did (`auth bearer: …`).
        let forms = mismatch.named.map { command.signature.forms[$0].words.joined(separator: "|") }
        let name = forms.count == 1 ? command.name + " " + forms[0] : command.name
        return CommandError(mismatch.problem.map { "\(name): \($0); usage: \(usage)" } ?? "usage: \(usage)")
    }
}
