import HTTPClient
import HTTPTypes

/// How the shell presents itself; set from argv and the terminal.
public struct ShellOptions: Sendable {
    /// One JSON object per command on stdout.
    public var json = false
    /// ANSI colour in text output.
    public var color = false
    /// Standard input is a terminal with an editor (prompts, spinner).
    public var interactive = false
    /// Stop a script at its first failure.
    public var failFast = false
    /// `--strict-schema`: an answer that does not match its schema fails the script, even when an
    /// `expect status` judged the request.
    public var strictSchema = false
    /// A script tells its story as it runs: each command echoed with its line number, `#` comments as
    /// headings, each expectation marked ✓ or ✗, and a closing `N passed, M failed (T s)`.
    public var story = false
    /// Terminal columns for tables; 0 means no limit (output that is not a terminal).
    public var width: @Sendable () -> Int = { 100 }
    /// How many times SIGINT has arrived; requests are cancelled when it moves.
    public var interruptCount: @Sendable () -> Int = { 0 }
    /// Opens a script file (`apish FILE`, `source FILE`) as lines read as they are run, so a long script
    /// costs a buffer rather than its whole text; nil when the file cannot be opened. Unset, a script is
    /// read whole.
    public var openScript: (@Sendable (String) -> LineSource?)?
    /// Standard output is a terminal. When it is not (and `--json` is off), a raw request writes only its
    /// body there, its status line and notes going to stderr.
    public var stdoutIsTerminal = true
    /// The most a body read from a file (`< FILE`, `@FILE`, `name=@FILE`) or a heredoc may hold: the
    /// response cap (`--max-body`), so nothing read is larger than anything received.
    public var maxInputBytes = 64 << 20
    /// The transport's settings, for what shows them (the `curl` export) and the secrets they hold (a
    /// proxy password, a client key's passphrase).
    public var transport = TransportConfiguration() {
        didSet { proxySecrets = transport.secrets }
    }
    /// The proxies' passwords and `user:password`, and the client key's passphrase, taken from `transport`
    /// once rather than on every line.
    public package(set) var proxySecrets: [String] = []

    public init() {}
}
