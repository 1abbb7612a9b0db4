import Foundation
import PackagePlugin

/// Gives the apish target a generated `BuildStamp.swift`: the commit its sources were built from and whether
/// they differed from it, which `--version` shows. `scripts/build-stamp` asks git and writes the file (only
/// when its text changes, so an unchanged stamp recompiles nothing).
///
/// A build command, not a prebuild one: SwiftPM runs prebuild commands only when it plans the build anew, so
/// a stamp made that way would go stale after a commit. This command's inputs are every source file of the
/// package's modules, the manifest, and git's `HEAD`, index and reflog (a commit, checkout or reset touches
/// them), so the build runs it again whenever its answer could change. Without git, or outside a clone,
/// the stamp says the commit is unknown.
@main
struct BuildStampPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let script = package.appending(path: "scripts/build-stamp")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildStamp.swift")
        var inputs = [script, package.appending(path: "Package.swift")]
        for module in context.package.sourceModules where module.kind != .test {
            inputs += module.sourceFiles.map(\.url)
        }
        inputs += Self.gitFiles(of: package)
        return [.buildCommand(
            displayName: "Stamping apish with its commit",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [script.path, package.path, output.path],
            inputFiles: inputs,
            outputFiles: [output])]
    }

    /// The files of the package's git directory that a commit, checkout, reset or staging rewrites. `.git` is
    /// a folder in a clone and a file naming the folder in a worktree.
    static func gitFiles(of package: URL) -> [URL] {
        let dotGit = package.appending(path: ".git")
        var directory = dotGit
        if let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") {
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            directory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        return ["HEAD", "index", "logs/HEAD"].map { directory.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
