import Shell
import HTTPClient

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
        transport.clientKeyPassword = arguments.keyPasswordVariable.flatMap { environment[$0] }
        // Observers do not run inside an initializer.
        proxySecrets = transport.secrets
        maxInputBytes = transport.maxBodyBytes
    }
}
