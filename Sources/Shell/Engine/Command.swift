import Facade
import FoundationFree

/// A shell command declares itself — name, aliases, one-line abstract, usage, argument completion —
/// and runs. Help and "did you mean" are generated from the declarations.
public protocol Command: Sendable {
    var name: String { get }
    var aliases: [String] { get }
    /// One line for `help`.
    var abstract: String { get }
    /// `use SERVICE VERSION|latest`.
    var usage: String { get }
    /// More lines for `help CMD`: examples and notes.
    var details: [String] { get }
    /// Candidates for the argument being typed, given the arguments before it.
    func complete(_ previous: [String], session: Session) -> [String]
    /// Candidates for the value of an item being typed (`retention=` → `retain`, `discard`), given the
    /// item's name and the arguments before it; each is offered as `NAME=VALUE`.
    func completeValue(of item: String, previous: [String], session: Session) -> [String]
    /// Whether the argument being typed is a file path (then files are offered instead).
    func completesPath(_ previous: [String]) -> Bool
    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> CommandReport
}

extension Command {
    public var aliases: [String] { [] }
    public var details: [String] { [] }
    public func complete(_ previous: [String], session: Session) -> [String] { [] }
    public func completeValue(of item: String, previous: [String], session: Session) -> [String] { [] }
    public func completesPath(_ previous: [String]) -> Bool { false }
}

/// What a running command can reach: the session and the engine (for `source`, `help`, `history`).
public struct CommandContext {
    public let session: Session
    public let engine: ShellEngine
    /// The command's words as typed, its name first (quoting kept: `"63"` vs `63`).
    public let words: [Word]

    /// A cancellation token that trips on Ctrl-C (SIGINT) from now on.
    public func cancellationToken() -> CancellationToken {
        session.cancellationToken()
    }
}
