import Foundation
import PackagePlugin

/// Gives the apish target a generated `BuildStamp.swift`: the commit its sources were built from and whether
/// they differed from it, which `--version` shows. `scripts/build-stamp` asks git and writes the file (only
/// when its text changes, so an unchanged stamp recompiles nothing).
///
/// A build command, not a prebuild one: SwiftPM runs prebuild commands only when it plans the build anew, so
/// a stamp made that way would go stale after a commit. This command's inputs are every source file of the
/// package's modules, the manifest, and git's `HEAD`, its reflog and its branch (a commit, checkout or reset
/// touches them), so the build runs it again whenever its answer could change. Without git, or outside a clone,
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

    /// The files of the package's git directory that a commit, checkout or reset rewrites: `HEAD`, its reflog,
    /// and the branch it names. `.git` is a folder in a clone and a file naming the folder in a worktree, whose
    /// branches live in the common folder. (Not the index: `git status` refreshes it, and staging changes
    /// neither the commit nor whether the sources differ from it.)
    static func gitFiles(of package: URL) -> [URL] {
        let dotGit = package.appending(path: ".git")
        var directory = dotGit
        if let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") {
            directory = resolve(text.dropFirst("gitdir:".count), against: package)
        }
        var common = directory
        if let text = try? String(contentsOf: directory.appending(path: "commondir"), encoding: .utf8) {
            common = resolve(Substring(text), against: directory)
        }
        var files = [directory.appending(path: "HEAD"), directory.appending(path: "logs/HEAD")]
        if let head = try? String(contentsOf: files[0], encoding: .utf8), head.hasPrefix("ref:") {
            files.append(resolve(head.dropFirst("ref:".count), against: common))
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    private static func resolve(_ path: Substring, against base: URL) -> URL {
        let path = path.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appending(path: path)
    }
}
