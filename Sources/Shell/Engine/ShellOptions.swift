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
    /// Terminal columns for tables.
    public var width: @Sendable () -> Int = { 100 }
    /// How many times SIGINT has arrived; requests are cancelled when it moves.
    public var interruptCount: @Sendable () -> Int = { 0 }

    public init() {}
}
