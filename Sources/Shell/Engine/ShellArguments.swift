import Facade
import APIDescriptions
import HTTPClient
import FoundationFree

/// The command line of `apish` (options, a locator, a script or `-c COMMAND`), parsed without side effects
/// so it can be tested.
public struct ShellArguments: Sendable, Equatable {
    /// A report format of `--report`.
    public enum ReportFormat: String, Sendable, Equatable { case junit, tap, html }

    /// One `--report FORMAT FILE`.
    public struct Report: Sendable, Equatable {
        public let format: ReportFormat
        public let path: String

        public init(format: ReportFormat, path: String) {
            self.format = format
            self.path = path
        }
    }

    public var commands: [String] = []
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
            switch argument {
            case "-c", "--command":
                result.commands.append(try value(argument))
            case "-f", "--file":
                guard result.script == nil else { throw UsageError(message: "only one script file may be given") }
                result.script = try value(argument)
            case "--locator", "-l":
                result.locator = try value(argument)
            case "--json":
                result.json = true
            case "--no-color", "--no-colour":
                result.noColor = true
            case "--timeout", "--connect-timeout":
                let text = try value(argument)
                guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                    throw UsageError(message: "\(argument) needs a number of seconds, like 5 or 0.5")
                }
                if argument == "--timeout" { result.timeout = seconds } else { result.connectTimeout = seconds }
            case "--max-body":
                let text = try value(argument)
                // The upper bound keeps the byte count far from Int overflow; no body that large fits in memory.
                guard let mebibytes = Double(text), mebibytes > 0, mebibytes <= Self.maxBodyLimit else {
                    throw UsageError(message: "--max-body needs a size in MiB greater than 0, like 128 or 0.5")
                }
                result.maxBody = mebibytes
            case "--max-doc-files":
                guard let files = Int(try value(argument)), files >= 0, files <= 10_000_000 else {
                    throw UsageError(message: "--max-doc-files needs a number of files, like 20000")
                }
                result.documentLimits.files = files
            case "--max-doc-size":
                guard let mebibytes = Double(try value(argument)), mebibytes > 0, mebibytes <= Self.maxBodyLimit else {
                    throw UsageError(message: "--max-doc-size needs a size in MiB greater than 0, like 512")
                }
                result.documentLimits.bytes = max(Int((mebibytes * 1_048_576).rounded()), 1)
            case "--server":
                let url = try value(argument)
                guard LocatorLocation.isWeb(url) else { throw UsageError(message: "--server needs an http(s) URL, like http://localhost:4010") }
                result.server = url
            case "--insecure", "-k":
                result.insecure = true
            case "--cacert":
                result.caFile = try value(argument)
            case "--capath":
                result.caPath = try value(argument)
            case "--cert", "-E":
                result.clientCertificate = try value(argument)
            case "--key":
                result.clientKey = try value(argument)
            case "--proxy", "-x":
                let proxy = try value(argument)
                guard !proxy.isEmpty else { throw UsageError(message: "--proxy needs a URL, like http://proxy:3128") }
                result.proxy = proxy.contains("://") ? proxy : "http://" + proxy
            case "--fail-fast":
                result.failFast = true
            case "--strict-schema":
                result.strictSchema = true
            case "--verbose-script":
                result.verboseScript = true
            case "--report":
                let format = try value(argument)
                guard let parsed = ReportFormat(rawValue: format.lowercased()) else {
                    throw UsageError(message: "--report takes junit, tap or html, then a file: --report junit out.xml")
                }
                result.reports.append(Report(format: parsed, path: try value(argument)))
            case "--each-version":
                result.eachVersion = try value(argument)
            case "--profile", "-p":
                result.profile = try value(argument)
            case "--env":
                result.envFiles.append(try value(argument))
            case "--version", "-V":
                result.showVersion = true
            case "--help", "-h":
                result.showHelp = true
            case "--":
                index += 1
                if index < arguments.count {
                    guard result.script == nil else { throw UsageError(message: "only one script file may be given") }
                    result.script = arguments[index]
                }
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

    public static let version = "apish 0.1.0"

    public static let help = """
    apish — an interactive shell for versioned HTTP/JSON APIs

    usage: apish [options]                 interactive shell (embedded demo API without --locator)
           apish help                      this help (inside the shell: help, help CMD)
           apish [options] FILE | -f FILE  run a script ('-' reads standard input)
           apish [options] -c CMD [-c CMD…]
           apish [options] impact FILE SERVICE A B [--fix OUT] [--run] [--report html F]
                                           which lines of a script an upgrade breaks
           apish serve [--host H] [--port P] [--root DIR] [--faults]   run the demo API
           apish serve --init DIR                                      write the demo fixtures to DIR

    options:
      --locator URL|PATH   service locator (else $APISH_LOCATOR, else the embedded demo)
      --json               one JSON object per command on stdout
      --no-color           no colour (NO_COLOR is honoured too)
      --timeout S          request timeout in seconds (default 30)
      --connect-timeout S  connection timeout in seconds (default 10)
      --max-body MIB       largest response body in MiB (default 64)
      --insecure           do not verify TLS certificates (says so once)
      --cacert FILE        verify servers with this CA bundle (else $CURL_CA_BUNDLE,
                           $SSL_CERT_FILE, then the system's); --capath DIR: a CA folder
      --cert FILE, --key FILE   a client certificate and its key (mutual TLS)
      --proxy URL          send requests through this proxy (else http_proxy,
                           https_proxy, ALL_PROXY and no_proxy, as curl reads them)
      --server URL         send the service's requests to URL (as the shell's server URL)
      --max-doc-files N    most files a description's $refs may reach (default 10000)
      --max-doc-size MIB   most MiB those files may hold together (default 256)
      --fail-fast          stop a script at its first failure
      --strict-schema      an answer that does not match its schema fails the script,
                           even when expect status judged the request
      --verbose-script     a script tells its story even on a pipe: each command with its
                           line number, # comments as headings, ✓/✗ per expectation and
                           a summary (as it does on a terminal)
      --report junit|tap|html FILE   write a test report of the script
      --each-version SERVICE    run the script once per version of SERVICE
      --profile NAME       start from a saved profile (else $APISH_PROFILE); its locator
                           is used when none is given
      --env FILE           read NAME=value lines (dotenv) into variables
      --version, --help

    exit codes: 0 all passed · 1 a command or expectation failed · 2 usage error
    """
}
