import Facade
import FoundationFree
import ScriptLanguage

/// A shell command declares itself — name, aliases, one-line abstract, its arguments — and runs. Usage,
/// help, "did you mean", parsing, completion and the masking of secrets come from the declarations.
public protocol Command: Sendable {
    var name: String { get }
    var aliases: [String] { get }
    /// One line for `help`.
    var abstract: String { get }
    /// Its forms, positionals, options and items.
    var signature: CommandSignature { get }
    /// More lines for `help CMD`: examples and notes.
    var details: [String] { get }
    /// What Tab offers for the argument being typed, given the arguments before it.
    func completion(after previous: [String], session: Session) -> ArgumentCompletion
    /// Candidates for the value of an item being typed (`retention=` → `retain`, `discard`), given the
    /// item's name and the arguments before it; each is offered as `NAME=VALUE`.
    func completeValue(of item: String, previous: [String], session: Session) -> [String]
    /// Whether `|`, `>`, `>>`, `<` and `<<` on the command's line are operators. `expect`, `let` and `set`
    /// say no: `expect price > 0` compares.
    var takesOperators: Bool { get }
    /// Whether the command sends a body from `< FILE` or a heredoc (`context.input`).
    var readsInput: Bool { get }
    /// Whether a recording keeps the command: `help`, `history`, `quit` and `record` itself make no sense
    /// on replay, whatever name or alias typed them.
    var isReplayable: Bool { get }
    /// The error for words that fit none of the signature's forms (by default its problem and the usage).
    func explain(_ mismatch: CommandSignature.Mismatch, words: [String]) -> CommandError
    /// Does the work with the arguments its signature read, and returns what came of it; presenters show it.
    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult
    /// Which of the arguments hold secrets, from the reading the statement carries (the words as typed,
    /// without the command's name; a `$variable` left as written). History, recordings, the echoed line and
    /// `--json`'s `command` mask them; every command's `name=value` items named like credentials are masked besides.
    func secretArguments(_ reading: ArgumentReading, session: Session) -> [SecretArgument]
    /// The request the arguments make, before anything is sent; `impact` resolves it against two versions
    /// of a service and dry-runs it. `.none` for a command that sends no request.
    func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent
    /// What the arguments do to the script around them beside a request (set a variable, read the answer,
    /// switch a service); `impact` follows it. `.none` for a command that changes nothing a later line reads.
    func scriptEffect(_ arguments: ParsedArguments) -> ScriptEffect
    /// The command as a judge of the request before it (`expect`), nil for any other: conforming to
    /// `RequestOutcomeJudge` answers itself. A property, not a cast: the first cast of each command's type
    /// to the protocol scanned the binary's conformance records, 0.7 ms of every start.
    var outcomeJudge: (any RequestOutcomeJudge)? { get }
}

/// A secret in a command's arguments, declared by the command beside its usage.
public enum SecretArgument: Sendable, Equatable {
    /// The whole argument at this index (`auth bearer TOKEN`: 1).
    case whole(Int)
    /// What follows the first `=` of the argument (`auth key NAME=VALUE`).
    case afterEquals(Int)
    /// What follows the first `:` of the argument (`auth basic USER:PASSWORD`).
    case afterColon(Int)
    /// Every argument from this index on, as one value (`header Authorization Bearer X`).
    case rest(from: Int)
    /// The argument after an auth scheme word that starts it (`set t "Bearer X"`), or every argument after
    /// the argument when it is a bare scheme word (`set t Bearer X`).
    case afterAuthScheme(Int)
}

extension Command {
    /// Runs the command on the words typed after its name, read by its signature.
    public func run(words: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        let parsed: ParsedArguments
        do { parsed = try signature.parse(words) } catch { throw explain(error, words: words) }
        return try run(parsed, in: context)
    }

    public func explain(_ mismatch: CommandSignature.Mismatch, words: [String]) -> CommandError {
        CommandError.mismatch(mismatch, command: self)
    }

    public var aliases: [String] { [] }
    public var details: [String] { [] }
    public var outcomeJudge: (any RequestOutcomeJudge)? { nil }
    /// `use SERVICE VERSION|latest`, from the signature.
    public var usage: String { signature.usage(name) }
    public func completion(after previous: [String], session: Session) -> ArgumentCompletion {
        signature.completion(after: previous, session: session)
    }
    public func completeValue(of item: String, previous: [String], session: Session) -> [String] { [] }
    public func secretArguments(_ reading: ArgumentReading, session: Session) -> [SecretArgument] {
        reading.declaredSecrets
    }
    public func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent { .none }
    public func scriptEffect(_ arguments: ParsedArguments) -> ScriptEffect { .none }
    public var takesOperators: Bool { true }
    public var readsInput: Bool { false }
    public var isReplayable: Bool { true }
}

/// A body given on the command line instead of items: a file's path (`< body.json`) or a heredoc's text.
public enum CommandInput: Sendable, Equatable {
    case file(String)
    case text(String)
}

/// What a running command can reach: the session, the engine (for `source`, `help`, `history`), and the
/// output a streaming command (`watch`) writes to as it goes.
public struct CommandContext {
    public let session: Session
    public let engine: ShellEngine
    /// Where this command's output goes (standard output, or its pipe or file), masked; a command that
    /// returns its result once never needs it.
    public let output: OutputSink
    /// The command's words as typed, its name first (quoting kept: `"63"` vs `63`).
    public let words: [Word]
    /// The body `< FILE` or a heredoc gave, for a command that `readsInput`.
    public var input: CommandInput?

    /// A cancellation token that trips on Ctrl-C (SIGINT) from now on.
    public func cancellationToken() -> CancellationToken {
        session.cancellationToken()
    }
}
