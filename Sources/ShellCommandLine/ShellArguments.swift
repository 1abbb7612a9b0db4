import Declarations
import Facade
import APIDescriptions
import HTTPClient
import HTTPTypes
import FoundationFree
import Reports
import ScriptLanguage
import Shell

/// The command line of `apish` (options, a locator, a script or `-c COMMAND`), parsed without side effects
/// so it can be tested.
public struct ShellArguments: Sendable, Equatable {
    /// One `--report FORMAT FILE`: a format that writes a script run (`ReportFormat.formats(of: .scriptRun)`).
    public struct Report: Sendable, Equatable {
        public let format: ReportFormat
        public let path: String

        public init(format: ReportFormat, path: String) {
            self.format = format
            self.path = path
        }
    }

    public var commands: [String] = []
    /// The commands are a subcommand (`apish impact FILE …`), not `-c`: run at no place of a script, so a
    /// message names what the command names (the script it reads), never `-c:1:`.
    public var isSubcommand = false
    public var script: String?
    public var locator: String?
    public var json = false
    public var noColor = false
    /// Seconds, fractional allowed.
    public var timeout: Double?
    /// Seconds, fractional allowed.
    public var connectTimeout: Double?
    /// The response body cap in MiB, fractional allowed.
    public var maxBody: Double?
    public var insecure = false
    /// `--cacert FILE`, `--capath DIR`, `--cert FILE`, `--key FILE`: TLS as curl takes it.
    public var caFile: String?
    public var caPath: String?
    public var clientCertificate: String?
    public var clientKey: String?
    /// `--key-password-env NAME`: the variable holding the passphrase of an encrypted `--key`.
    public var keyPasswordVariable: String?
    /// `--proxy URL` (`-x`): every request but loopback goes through it.
    public var proxy: String?
    /// `--max-doc-files N`, `--max-doc-size MIB`: how much of a description's files a load reads.
    public var documentLimits = DocumentLimits()
    /// `--server URL`: the base of the current service's requests, over its locator entry and document.
    public var server: String?
    public var failFast = false
    public var strictSchema = false
    /// `--verbose-script`: a script tells its story (each command with its line, `#` headings, ✓/✗, a
    /// summary) even when its output is not a terminal.
    public var verboseScript = false
    public var reports: [Report] = []
    public var eachVersion: String?
    /// `--profile NAME`: a saved session to start from.
    public var profile: String?
    /// `--env FILE` (repeatable): dotenv files read into variables after the profile.
    public var envFiles: [String] = []
    public var showVersion = false
    public var showHelp = false
    /// `apish present FILE …`: a script played as a talk.
    public var present: PresentOptions?

    public init() {}

    /// A bad command line: exit code 2.
    public struct UsageError: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public static func parse(_ arguments: [String]) throws(UsageError) -> ShellArguments {
        var result = ShellArguments()
        var index = 0
        func value(_ flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            // Options are declared in `ShellArguments.options` (ShellArguments+Options.swift), never as a case
            // below, so that help, the man page and the completion scripts know them too.
            if let option = option(named: argument) {
                var values: [String] = []
                for declared in option.values {
                    let given = try value(argument)
                    if let problem = declared.validator?.problem(with: given, for: argument) { throw UsageError(message: problem) }
                    values.append(given)
                }
                try option.apply(&result, values)
                index += 1
                continue
            }
            switch argument {
            case "--":
                index += 1
                if index < arguments.count { try result.setScript(arguments[index]) }
            case "impact" where result.script == nil && result.commands.isEmpty:
                // `apish impact FILE SERVICE A B …` is the shell's `impact` command, run once.
                var words = ["impact"]
                for word in arguments[(index + 1)...] {
                    do {
                        words.append(try Tokenizer.quote(word))
                    } catch {
                        throw UsageError(message: "impact: an argument cannot hold a line break")
                    }
                }
                result.commands.append(words.joined(separator: " "))
                result.isSubcommand = true
                index = arguments.count
                continue
            case "present" where result.script == nil && result.commands.isEmpty:
                result.present = try PresentOptions.parse(Array(arguments[(index + 1)...]))
                index = arguments.count
                continue
            case "help" where arguments.count == 1:
                // `apish help` as git and gh take it; a script file named help runs as `apish ./help`.
                result.showHelp = true
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError(message: "unknown option \(argument)")
                }
                guard result.script == nil else { throw UsageError(message: "only one script file may be given (got \(argument))") }
                result.script = argument
            }
            index += 1
        }
        if result.script != nil && !result.commands.isEmpty {
            throw UsageError(message: "give either -c commands or a script file, not both")
        }
        if result.eachVersion != nil && result.script == nil && result.commands.isEmpty {
            throw UsageError(message: "--each-version needs a script (FILE or -c)")
        }
        return result
    }

    /// Commands come from `-c` or a script, not from a person at a prompt.
    public var isScripted: Bool { script != nil || !commands.isEmpty }

    /// The locator to load: `--locator`, else a non-empty `$APISH_LOCATOR`; nil means the embedded demo.
    public func locator(environment: [String: String]) -> String? {
        locator ?? environment["APISH_LOCATOR"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The profile to start from: `--profile`, else a non-empty `$APISH_PROFILE`.
    public func profile(environment: [String: String]) -> String? {
        profile ?? environment["APISH_PROFILE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The largest `--max-body`, in MiB (1 TiB).
    static let maxBodyLimit: Double = 1_048_576

    /// The transport settings the flags ask for.
    public var transportConfiguration: TransportConfiguration {
        var configuration = TransportConfiguration()
        if let timeout { configuration.totalTimeout = Self.milliseconds(timeout) }
        if let connectTimeout { configuration.connectTimeout = Self.milliseconds(connectTimeout) }
        if let maxBody { configuration.maxBodyBytes = max(Int((maxBody * 1_048_576).rounded()), 1) }
        configuration.insecure = insecure
        configuration.caFile = caFile
        configuration.caPath = caPath
        configuration.clientCertificate = clientCertificate
        configuration.clientKey = clientKey
        configuration.proxy = proxy
        return configuration
    }

    /// At least 1 ms: a limit of 0 means "no limit" to libcurl, which is not what a tiny value asks for.
    private static func milliseconds(_ seconds: Double) -> Int {
        max(Int((seconds * 1000).rounded()), 1)
    }

    /// The version of this source tree.
    public static let versionNumber = "0.1.0"

    /// `apish 0.1.0 (commit 667e782435d3, clean)`: the version, and what the build stamp knows of the commit
    /// the sources were built from and whether they differed from it ("modified"); `commit unknown` when the
    /// build could not ask git, never a guess.
    public static func version(commit: String?, sourcesModified: Bool?) -> String {
        guard let commit else { return "apish \(versionNumber) (commit unknown)" }
        let state = sourcesModified.map { $0 ? "modified" : "clean" } ?? "unknown whether modified"
        return "apish \(versionNumber) (commit \(commit.prefix(12)), \(state))"
    }

    /// `apish --help`, from `usages` and `options`.
    public static var help: String { CommandLineManual.help }
}
