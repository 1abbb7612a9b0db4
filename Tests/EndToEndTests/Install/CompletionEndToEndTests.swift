import Foundation
import Testing

/// `apish completion SHELL`, `apish man` and `--version` through the built binary, each script read by its
/// own shell: bash runs the completion function, fish answers `complete -C`, zsh and groff check the text.
@Suite struct CompletionEndToEndTests {
    /// Runs `program ARGS` in `directory` with a clean environment plus `environment`.
    func run(_ program: String, _ arguments: [String], directory: String? = nil, environment: [String: String] = [:]) throws -> Apish.Result {
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        for (key, value) in environment { env[key] = value }
        return try Apish.execute(arguments, environment: env, stdin: nil, directory: directory.map { URL(fileURLWithPath: $0) },
                                 timeout: 60, executable: program)
    }

    static func which(_ program: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// A folder with a script, a locator, another file, a subfolder and a saved profile.
    func workspace() throws -> String {
        let root = try makeTemporaryDirectory()
        for file in ["tour.apish", "services.json", "notes.txt", "config/apish/profiles/staging.json"] {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    @Test func bashCompletesOptionsValuesAndCommands() throws {
        // GIVEN the bash script, sourced, and a folder to complete in
        let script = try Apish.run(["completion", "bash"])
        #expect(script.status == 0)
        let root = try workspace()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(script.stdout.utf8).write(to: URL(fileURLWithPath: root + "/apish.bash"))
        let driver = """
            source ./apish.bash
            try() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _apish; printf '%s\\n' "${COMPREPLY[@]}" | sort | tr '\\n' ' '; echo; }
            try apish --loc
            try apish -c re
            try apish -c "'use"
            try apish --profile ''
            try apish -l ''
            try apish --report ''
            try apish --report tap ''
            try apish completion ''
            try apish ''
            """
        // WHEN each line is completed
        let result = try run("/bin/bash", ["-c", driver], directory: root, environment: ["XDG_CONFIG_HOME": root + "/config"])
        // THEN options, commands (quoted as typed), profile names, locators, formats, files and shells come back
        #expect(result.stderr == "")
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "--locator ",
            "record refresh reveal ",
            "'use 'user ",
            "staging ",
            "config services.json ",
            "html junit tap ",
            "apish.bash config notes.txt services.json tour.apish ",
            "bash fish zsh ",
            "completion config help impact man mock present serve tour.apish ",
            "",
        ])
    }

    @Test(.enabled(if: which("fish") != nil, "fish is not installed (scripts/setup --test installs it)"))
    func fishCompletesOptionsValuesAndCommands() throws {
        let script = try Apish.run(["completion", "fish"])
        let root = try workspace()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(script.stdout.utf8).write(to: URL(fileURLWithPath: root + "/apish.fish"))
        let driver = "source ./apish.fish; for line in 'apish --loc' 'apish -c ref' 'apish -p ' 'apish completion '; "
            + "complete -C$line | cut -f1 | sort | string join ' '; end"
        let result = try run(Self.which("fish") ?? "fish", ["--no-config", "-c", driver], directory: root,
                             environment: ["XDG_CONFIG_HOME": root + "/config"])
        #expect(result.stdout == "--locator\nrefresh\nstaging\nbash fish zsh\n")
    }

    @Test(.enabled(if: which("zsh") != nil, "zsh is not installed (scripts/setup --test installs it)"))
    func zshReadsItsScript() throws {
        let script = try Apish.run(["completion", "zsh"])
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(script.stdout.utf8).write(to: URL(fileURLWithPath: root + "/_apish"))
        // THEN zsh parses it, and it defines the functions its #compdef line promises
        let result = try run(Self.which("zsh") ?? "zsh", ["-f", "-c", "source ./_apish 2>/dev/null; whence -w _apish _apish_commands _apish_profiles"],
                             directory: root)
        #expect(result.stdout == "_apish: function\n_apish_commands: function\n_apish_profiles: function\n")
        #expect(try run(Self.which("zsh") ?? "zsh", ["-n", root + "/_apish"]).status == 0)
    }

    @Test func wrongShellIsAUsageError() throws {
        let result = try Apish.run(["completion", "tcsh"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "apish: completion: expected one of bash, zsh or fish, not 'tcsh'; usage: apish completion bash|zsh|fish\nTry: apish --help\n")
    }

    @Test(.enabled(if: which("groff") != nil, "groff is not installed (scripts/setup --test installs it)"))
    func manPageRendersWithoutWarnings() throws {
        let page = try Apish.run(["man"])
        #expect(page.status == 0)
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(page.stdout.utf8).write(to: URL(fileURLWithPath: root + "/apish.1"))
        let rendered = try run(Self.which("groff") ?? "groff", ["-man", "-Tutf8", "-ww", "-P-cbou", root + "/apish.1"],
                               environment: ["LC_ALL": "C.UTF-8"])
        #expect(rendered.stderr == "")
        #expect(rendered.stdout.contains("--locator"))
        #expect(rendered.stdout.contains("refresh [SERVICE]"))
    }

    @Test(.enabled(if: which("git") != nil, "git is not installed"))
    func versionNamesTheCommitOfTheTree() throws {
        // GIVEN the commit of the repository the binary was built from
        let head = try run(Self.which("git") ?? "git", ["-C", ScriptFiles.repositoryRoot, "rev-parse", "HEAD"])
        try #require(head.status == 0, "not a git clone: \(head.stderr)")
        // WHEN apish tells its version  THEN it names that commit, and whether its sources differed from it
        let version = try Apish.run(["--version"])
        let commit = String(head.stdout.prefix(12))
        #expect(version.stdout.hasPrefix("apish "))
        #expect(version.stdout.hasSuffix(" (commit \(commit), clean)\n") || version.stdout.hasSuffix(" (commit \(commit), modified)\n"),
                "\(version.stdout)")
    }
}
