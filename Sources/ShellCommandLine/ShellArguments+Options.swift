import APIDescriptions
import HTTPClient
import HTTPTypes
import Shell

extension ShellArguments {
    /// Every option of `apish`, in the order help lists them. An option added here is parsed, and shows in
    /// `--help`, `apish man` and the completion scripts, with nothing else to change.
    public static let options: [ShellOption] = [
        ShellOption(["-c", "--command"], [.init("CMD", .command)], "run this command (repeatable; in order), then exit") {
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
        ShellOption(["--timeout"], [.init("S", .text)], "request timeout in seconds (default 30)") {
            (arguments: inout ShellArguments, values: [String]) throws(UsageError) in
            arguments.timeout = try seconds(values[0], flag: "--timeout")
        },
        ShellOption(["--connect-timeout"], [.init("S", .text)], "connection timeout in seconds (default 10)") {
            (arguments: inout ShellArguments, values: [String]) throws(UsageError) in
            arguments.connectTimeout = try seconds(values[0], flag: "--connect-timeout")
        },
        ShellOption(["--max-body"], [.init("MIB", .text)], "largest response body in MiB (default 64)") {
            (arguments: inout ShellArguments, values: [String]) throws(UsageError) in
            // The upper bound keeps the byte count far from Int overflow; no body that large fits in memory.
            guard let mebibytes = Double(values[0]), mebibytes > 0, mebibytes <= maxBodyLimit else {
                throw UsageError(message: "--max-body needs a size in MiB greater than 0, like 128 or 0.5")
            }
            arguments.maxBody = mebibytes
        },
        ShellOption(["--max-doc-files"], [.init("N", .text)], "most files a description's $refs may reach (default 10000)") {
            (arguments: inout ShellArguments, values: [String]) throws(UsageError) in
            guard let files = Int(values[0]), files >= 0, files <= 10_000_000 else {
                throw UsageError(message: "--max-doc-files needs a number of files, like 20000")
            }
            arguments.documentLimits.files = files
        },
        ShellOption(["--max-doc-size"], [.init("MIB", .text)], "most MiB those files may hold together (default 256)") {
            (arguments: inout ShellArguments, values: [String]) throws(UsageError) in
            guard let mebibytes = Double(values[0]), mebibytes > 0, mebibytes <= maxBodyLimit else {
                throw UsageError(message: "--max-doc-size needs a size in MiB greater than 0, like 512")
            }
            arguments.documentLimits.bytes = max(Int((mebibytes * 1_048_576).rounded()), 1)
        },
        ShellOption(["--server"], [.init("URL", .text)], "send the service's requests to URL (as the shell's server URL)") {
            (arguments: inout ShellArguments, values: [String]) throws(UsageError) in
            guard LocatorLocation.isWeb(values[0]) else {
                throw UsageError(message: "--server needs an http(s) URL, like http://localhost:4010")
            }
            arguments.server = values[0]
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
        ShellOption(["-x", "--proxy"], [.init("URL", .text)],
                    "send requests through this proxy (else http_proxy, https_proxy, ALL_PROXY and no_proxy, as curl reads them)") {
            (arguments: inout ShellArguments, values: [String]) throws(UsageError) in
            guard !values[0].isEmpty else { throw UsageError(message: "--proxy needs a URL, like http://proxy:3128") }
            arguments.proxy = values[0].contains("://") ? values[0] : "http://" + values[0]
        },
        ShellOption(["--fail-fast"], "stop a script at its first failure") { arguments, _ in arguments.failFast = true },
        ShellOption(["--strict-schema"], "an answer that does not match its schema fails the script, even when expect status judged the request") {
            arguments, _ in arguments.strictSchema = true
        },
        ShellOption(["--verbose-script"], "a script tells its story even on a pipe: each command with its line number, "
                    + "# comments as headings, ✓/✗ per expectation and a summary (as it does on a terminal)") { arguments, _ in
            arguments.verboseScript = true
        },
        ShellOption(["--report"], [.init("junit|tap|html", .choices(["junit", "tap", "html"])), .init("FILE", .file)],
                    "write a test report of the script") {
            (arguments: inout ShellArguments, values: [String]) throws(UsageError) in
            guard let format = ReportFormat(rawValue: values[0].lowercased()) else {
                throw UsageError(message: "--report takes junit, tap or html, then a file: --report junit out.xml")
            }
            arguments.reports.append(Report(format: format, path: values[1]))
        },
        ShellOption(["--each-version"], [.init("SERVICE", .text)], "run the script once per version of SERVICE") {
            $0.eachVersion = $1[0]
        },
        ShellOption(["-p", "--profile"], [.init("NAME", .profile)],
                    "start from a saved profile (else $APISH_PROFILE); its locator is used when none is given") {
            $0.profile = $1[0]
        },
        ShellOption(["--env"], [.init("FILE", .file)], "read NAME=value lines (dotenv) into variables (repeatable)") {
            $0.envFiles.append($1[0])
        },
        ShellOption(["-V", "--version"], "the version, the commit it was built from, and whether its sources differed from it") {
            arguments, _ in arguments.showVersion = true
        },
        ShellOption(["-h", "--help"], "this help") { arguments, _ in arguments.showHelp = true },
    ]

    /// The ways of starting apish, in the order help lists them.
    public static let usages: [ShellUsage] = [
        ShellUsage("apish [options]", "the interactive shell"),
        ShellUsage("apish help", "this help (in the shell: help, help CMD)", subcommand: "help"),
        ShellUsage("apish [options] FILE | -f FILE", "run a script ('-' reads standard input)"),
        ShellUsage("apish [options] -c CMD [-c CMD…]", "run these commands, then exit"),
        ShellUsage("apish impact FILE SERVICE A B [--fix OUT] [--run] [--report html F]",
                   "which lines of a script an upgrade breaks", subcommand: "impact", argument: .script),
        ShellUsage("apish present FILE [--mock] [--check] [--record F] [--render F]", "play a script as a talk",
                   subcommand: "present", argument: .script),
        ShellUsage("apish serve [--host H] [--port P] [--root DIR] [--faults]", "run the demo API", subcommand: "serve", argument: .file),
        ShellUsage("apish serve --init DIR", "write the demo fixtures to DIR"),
        ShellUsage("apish mock LOCATOR|DOCUMENT [--host H] [--port P]", "serve every version a description describes, mocked",
                   subcommand: "mock", argument: .locator),
        ShellUsage("apish completion bash|zsh|fish", "print a completion script",
                   subcommand: "completion", argument: .choices(CompletionShell.allCases.map(\.rawValue))),
        ShellUsage("apish man", "print the manual page (roff)", subcommand: "man"),
    ]

    /// The option spelled `name`, if any.
    package static func option(named name: String) -> ShellOption? {
        for option in options where option.names.contains(name) { return option }
        return nil
    }

    mutating func setScript(_ path: String) throws(UsageError) {
        guard script == nil else { throw UsageError(message: "only one script file may be given") }
        script = path
    }

    private static func seconds(_ text: String, flag: String) throws(UsageError) -> Double {
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
            throw UsageError(message: "\(flag) needs a number of seconds, like 5 or 0.5")
        }
        return seconds
    }
}
