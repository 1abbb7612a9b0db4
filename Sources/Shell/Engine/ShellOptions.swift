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
    /// proxy password).
    public var transport = TransportConfiguration() {
        didSet { proxySecrets = transport.proxySecrets }
    }
    /// The proxy URL's password and `user:password`, taken from `transport` once rather than on every line.
    public private(set) var proxySecrets: [String] = []

    public init() {}
}

extension ShellOptions {
    /// The options a command line gives on this terminal: prompts and colour only when a person is
    /// watching (stdin and stdout terminals, no script), never colour with `--json`, `--no-color` or
    /// a non-empty `NO_COLOR`.
    public init(arguments: ShellArguments, environment: [String: String], stdinIsTerminal: Bool, stdoutIsTerminal: Bool) {
        self.init()
        json = arguments.json
        interactive = !arguments.isScripted && stdinIsTerminal && stdoutIsTerminal
        failFast = arguments.failFast
        strictSchema = arguments.strictSchema
        // A script file run on a terminal is watched by a person; `--verbose-script` asks for the same
        // anywhere. Never with `--json`, whose stdout is one object per command.
        let runsScript = arguments.isScripted || !stdinIsTerminal
        story = !arguments.json && runsScript
            && (arguments.verboseScript || (arguments.script != nil && stdoutIsTerminal))
        let noColorVariable = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        color = stdoutIsTerminal && !arguments.noColor && !arguments.json && !noColorVariable
        self.stdoutIsTerminal = stdoutIsTerminal
        transport = arguments.transportConfiguration
        // Observers do not run inside an initializer.
        proxySecrets = transport.proxySecrets
        maxInputBytes = transport.maxBodyBytes
    }
}
