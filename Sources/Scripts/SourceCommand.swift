import Declarations
import Facade
import Shell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `source FILE`: runs another script in this session. Failures inside report the sourced file's own
/// `FILE:LINE`, and `source` itself fails when anything inside did. A relative path is taken from the
/// directory of the script doing the sourcing (from the current directory when typed at the prompt).
package struct SourceCommand: Command {
    package let name = "source"
    package let aliases = ["."]
    package let abstract = "Run the commands of a script file in this session"
    static let file = Positional("FILE", .file, help: "the script to run", validator: .nonEmpty)
    package var signature: CommandSignature { CommandSignature([Self.file]) }
    package let details = ["source examples/ci-check.apish", "Nested sources work; a file that sources itself (a cycle) is refused."]

    package init() {}

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let path = arguments[Self.file] ?? ""
        let engine = context.engine
        let resolved = Self.resolve(path, from: engine.sourceStack.last)
        let failuresBefore = engine.failureCount
        let ok = try engine.runFile(resolved)
        if ok { return RunResult() }
        let count = engine.failureCount - failuresBefore
        var message = "source \(resolved): \(count) failure\(count == 1 ? "" : "s")"
        // The engine keeps only the first failures; the first inside is among them unless many came before.
        if engine.failures.count > failuresBefore { message += " (first: \(engine.failures[failuresBefore]))" }
        var report = RunResult()
        report.ok = false
        report.error = message
        report.failuresCounted = true
        return report
    }

    /// `path` as written when it is absolute or there is no including script; else next to the includer,
    /// shown relative to the current directory when it lies under it.
    package static func resolve(_ path: String, from includer: String?, currentDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        guard let includer, !path.hasPrefix("/"), !path.hasPrefix("~") else { return path }
        let directory = URL(fileURLWithPath: includer).deletingLastPathComponent()
        let joined = directory.appendingPathComponent(path).standardizedFileURL.path
        let base = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return joined.hasPrefix(prefix) ? String(joined.dropFirst(prefix.count)) : joined
    }
}
