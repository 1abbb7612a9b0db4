import APIDescriptions
import Declarations
import DemoServer
import Mock
import Reports
import HTTPClient
import HTTPTypes
import Shell

extension ShellArguments {
    /// Every option of `apish`, in the order help lists them. An option added here is parsed, and shows in
    /// `--help`, `apish man` and the completion scripts, with nothing else to change.
    public static let options: [ShellOption] = [
        ShellOption(["-c", "--command"], [.init("CMD", .command)], "run this command (repeatable; in order), then exit", repeats: true) {
            $0.commands.append($1[0])
        },
        ShellOption(["-f", "--file"], [.init("FILE", .script)], "run this script ('-' reads standard input); also `apish FILE`") {
            (arguments: inout ShellArguments, values: [String]) throws(UsageError) in
            try arguments.setScript(values[0])
        },
        ShellOption(["-l", "--locator"], [.init("URL|PATH", .locator)], "service locator (else $APISH_LOCATOR, else the embedded demo)") {
            $0.locator = $1[0]
        },
        ShellOption(["--json"], "one JSON object per command on stdout") { arguments, _ in arguments.json = true },
        ShellOption(["--no-color", "--no-colour"], "no colour (NO_COLOR is honoured too)") { arguments, _ in arguments.noColor = true },
        ShellOption(["--timeout"], [.init("S", validator: seconds)], "request timeout in seconds (default 30)") {
            $0.timeout = Double($1[0])
        },
        ShellOption(["--connect-timeout"], [.init("S", validator: seconds)], "connection timeout in seconds (default 10)") {
            $0.connectTimeout = Double($1[0])
        },
        // The upper bound keeps the byte count far from Int overflow; no body that large fits in memory.
        ShellOption(["--max-body"], [.init("MIB", validator: mebibytes("like 128 or 0.5"))], "largest response body in MiB (default 64)") {
            $0.maxBody = Double($1[0])
        },
        ShellOption(["--max-doc-files"], [.init("N", validator: .integer(in: 0...10_000_000, "a number of files, like 20000"))],
                    "most files a description's $refs may reach (default 10000)") {
            if let files = Int($1[0]) { $0.documentLimits.files = files }
        },
        ShellOption(["--max-doc-size"], [.init("MIB", validator: mebibytes("like 512"))], "most MiB those files may hold together (default 256)") {
            if let mebibytes = Double($1[0]) { $0.documentLimits.bytes = max(Int((mebibytes * 1_048_576).rounded()), 1) }
        },
        ShellOption(["--server"], [.init("URL", validator: Validator("an http(s) URL, like http://localhost:4010", accepts: LocatorLocation.isWeb))],
                    "send the service's requests to URL (as the shell's server URL)") {
            $0.server = $1[0]
        },
        ShellOption(["-k", "--insecure"], "do not verify TLS certificates (says so once)") { arguments, _ in arguments.insecure = true },
        ShellOption(["--cacert"], [.init("FILE", .file)],
                    "verify servers with this CA bundle (else $CURL_CA_BUNDLE, $SSL_CERT_FILE, then the system's)") {
            $0.caFile = $1[0]
        },
        ShellOption(["--capath"], [.init("DIR", .file)], "verify servers with the CAs of this folder (else $SSL_CERT_DIR)") {
            $0.caPath = $1[0]
        },
        ShellOption(["-E", "--cert"], [.init("FILE", .file)], "a client certificate, for servers that ask for one (mutual TLS)") {
            $0.clientCertificate = $1[0]
        },
        ShellOption(["--key"], [.init("FILE", .file)], "the client certificate's private key") { $0.clientKey = $1[0] },
        ShellOption(["--key-password-env"], [.init("NAME", .text)],
                    "read an encrypted --key's passphrase from this environment variable (else it is asked for on a terminal)") {
            $0.keyPasswordVariable = $1[0]
        },
        ShellOption(["-x", "--proxy"], [.init("URL", validator: Validator("a URL, like http://proxy:3128") { !$0.isEmpty })],
                    "send requests through this proxy (else http_proxy, https_proxy, ALL_PROXY and no_proxy, as curl reads them)") {
            $0.proxy = $1[0].contains("://") ? $1[0] : "http://" + $1[0]
        },
        ShellOption(["--fail-fast"], "stop a script at its first failure") { arguments, _ in arguments.failFast = true },
        ShellOption(["--strict-schema"], "an answer that does not match its schema fails the script, even when expect status judged the request") {
            arguments, _ in arguments.strictSchema = true
        },
        ShellOption(["--verbose-script"], "a script tells its story even on a pipe: each command with its line number, "
                    + "# comments as headings, ✓/✗ per expectation and a summary (as it does on a terminal)") { arguments, _ in
            arguments.verboseScript = true
        },
        ShellOption(["--report"], [.init(Self.scriptRunFormats.joined(separator: "|"), .choices(Self.scriptRunFormats)), .init("FILE", .file)],
                    "write a test report of the script", repeats: true) {
            if let format = ReportFormat(rawValue: $1[0].lowercased()), format.renders(.scriptRun) { $0.reports.append(Report(format: format, path: $1[1])) }
        },
        ShellOption(["--each-version"], [.init("SERVICE", .text)], "run the script once per version of SERVICE") {
            $0.eachVersion = $1[0]
        },
        ShellOption(["-p", "--profile"], [.init("NAME", .profile)],
                    "start from a saved profile (else $APISH_PROFILE); its locator is used when none is given") {
            $0.profile = $1[0]
        },
        ShellOption(["--env"], [.init("FILE", .file)], "read NAME=value lines (dotenv) into variables (repeatable)", repeats: true) {
            $0.envFiles.append($1[0])
        },
        ShellOption(["-V", "--version"], "the version, the commit it was built from, and whether its sources differed from it") {
            arguments, _ in arguments.showVersion = true
        },
        ShellOption(["-h", "--help"], "this help") { arguments, _ in arguments.showHelp = true },
    ]

    /// The ways of starting apish that are not a subcommand, each with what it does, in the order help lists them.
    /// The words `--report` takes: the report formats that write a script run.
    static let scriptRunFormats = ReportFormat.formats(of: .scriptRun).map(\.rawValue)

    static let forms: [(synopsis: String, abstract: String)] = [
        ("apish [options]", "the interactive shell"),
        ("apish [options] FILE | -f FILE", "run a script ('-' reads standard input)"),
        ("apish [options] -c CMD [-c CMD…]", "run these commands, then exit"),
    ]

    /// apish's own command line, declared: its options and its subcommands (`serve` and `mock` as their modules
    /// declare them). Help, the man page, the completion scripts and `--dump-declarations` read it.
    public static let declaration = CommandDeclaration(
        "apish", abstract: "an interactive shell for versioned HTTP/JSON APIs",
        options: options.map(\.declaration),
        subcommands: [
            CommandDeclaration("help", invocation: "apish help", abstract: "this help (in the shell: help, help CMD)"),
            CommandDeclaration("impact", invocation: "apish impact", abstract: "which lines of a script an upgrade breaks",
                               positionals: [PositionalDeclaration(.init("FILE", .script), help: "the script to read"),
                                             PositionalDeclaration(.init("SERVICE"), help: "the service that is upgraded"),
                                             PositionalDeclaration(.init("A"), help: "the version the script runs on"),
                                             PositionalDeclaration(.init("B"), help: "the version it is upgraded to")],
                               synopsis: "apish impact FILE SERVICE A B [--fix OUT] [--run] [--report html F]"),
            PresentOptions.declaration,
            ServeOptions.declaration,
            MockOptions.declaration,
            completion,
            man,
        ],
        synopsis: "apish [options] [FILE]")

    static let shell = PositionalDeclaration(.init(CompletionShell.allCases.map(\.rawValue).joined(separator: "|"),
                                                   .choices(CompletionShell.allCases.map(\.rawValue))),
                                             help: "the shell the script is for")
    static let man = CommandDeclaration("man", invocation: "apish man", abstract: "print the manual page (roff)")
    static let completion = CommandDeclaration("completion", invocation: "apish completion", abstract: "print a completion script",
                                               positionals: [shell])

    /// The ways of starting apish, in the order help lists them: the forms, then each subcommand.
    public static var usages: [ShellUsage] {
        forms.map { ShellUsage($0.synopsis, $0.abstract) }
            + declaration.subcommands.map { ShellUsage($0.synopsis, $0.abstract, subcommand: $0.name,
                                                       argument: $0.positionals.first?.value.kind, options: $0.options) }
    }

    /// The option spelled `name`, if any.
    package static func option(named name: String) -> ShellOption? {
        for option in options where option.names.contains(name) { return option }
        return nil
    }

    mutating func setScript(_ path: String) throws(UsageError) {
        guard script == nil else { throw UsageError(message: "only one script file may be given") }
        script = path
    }

    private static let seconds = Validator("a number of seconds, like 5 or 0.5") { Double($0).map { $0 > 0 && $0 <= 86_400 } ?? false }

    private static func mebibytes(_ example: String) -> Validator {
        Validator("a size in MiB greater than 0, " + example) { Double($0).map { $0 > 0 && $0 <= maxBodyLimit } ?? false }
    }
}
