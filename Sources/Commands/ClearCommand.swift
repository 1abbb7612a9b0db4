import Shell

/// `clear`: clears the terminal's screen, as the shell's `clear` does; on a pipe, in a file or with
/// `--json` it writes nothing (the control is for a screen, not for data).
struct ClearCommand: Command {
    let name = "clear"
    let abstract = "Clear the screen (on a terminal; nothing on a pipe)"
    var signature: CommandSignature { .none }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        context.engine.output.clearScreen()
        return RunResult()
    }
}
