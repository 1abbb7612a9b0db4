import Facade
import Shell

/// `cache clear`: empties the cache folder (web documents, description summaries and the converted
/// descriptions a one-shot `call` reads); the next load reads and keeps everything afresh.
struct CacheCommand: Command {
    let name = "cache"
    let abstract = "Empty the cache folder of web documents and descriptions"
    var signature: CommandSignature {
        CommandSignature([ArgumentForm(["clear"], help: "remove every file under $XDG_CACHE_HOME/apish (else ~/.cache/apish)")])
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        guard let (folder, removed) = context.session.facade.workspace.clearCache() else {
            return RunResult(lines: ["no cache folder (neither $XDG_CACHE_HOME nor $HOME is set)"])
        }
        return RunResult(lines: ["\(removed == 1 ? "1 file" : "\(removed) files") removed from \(folder)"])
    }
}
