import Declarations
import DemoAPIs
import DemoServer
import Facade
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LineEditing
import Mock
import Shell
import FoundationFree
import JSON
import HTTPClient
import HTTPTypes
import Rendering
import Profiles
import Scripts
import Commands
import ShellCommandLine

/// Adapts LineEditing's readers to the shell's `LineSource`.
final class ReaderSource: LineSource {
    let reader: any LineReader

    init(_ reader: any LineReader) {
        self.reader = reader
    }

    func nextLine(prompt: String) -> LineInput {
        switch reader.readLine(prompt: prompt) {
        case .line(let line): .line(line)
        case .interrupted: .interrupted
        case .endOfInput: .end
        case .lineTooLong(let limit): .unreadable("line longer than \(limit >> 20) MiB; skipped")
        }
    }

    /// Saved at once, so a closed terminal (SIGHUP) loses nothing typed.
    func remember(_ line: String) {
        reader.addHistory(line)
        try? reader.saveHistory()
    }
}

/// Adapts the shell's completer to libedit's completion hook.
final class CompletionBridge: CompletionProvider {
    let completer: Completer

    init(_ completer: Completer) {
        self.completer = completer
    }

    func complete(line: String, cursor: Int) -> Completion {
        let result = completer.complete(line: line, cursor: cursor)
        return Completion(candidates: result.candidates, replaceFrom: result.replaceFrom, appendSpace: result.appendSpace)
    }
}

let argv = RawBytesText.commandLineArguments()

/// How a start-up failure is masked: what looks like a secret (a URL's password) until the session exists,
/// then by the session, which knows the secrets it holds too.
var failureMask: (String) -> String = Session.redactBeforeSession

/// Ends the process on a start-up failure: one line on stderr, and with `--json` also the one JSON object
/// a caller parsing stdout waits for.
@MainActor func fail(_ message: String, code: Int32) -> Never {
    let message = failureMask(message)
    // A message may quote a remote document (a service name in a locator): no control character passes.
    StandardStream.write("apish: \(TerminalText.safe(message))\n")
    if argv.contains("--json") {
        let object = JSONValue.object(JSONObject([
            ("command", .string("apish")), ("ok", .bool(false)),
            ("error", .string(message.split(separator: "\n").first.map(String.init) ?? message)),
        ]))
        StandardStream.write(object.encoded() + "\n", to: STDOUT_FILENO)
    }
    exit(code)
}

/// `apish serve …`: the demo API in the foreground until SIGINT/SIGTERM.
@MainActor func serve(_ arguments: [String]) -> Never {
    let options: ServeOptions
    do {
        options = try ServeOptions(arguments)
    } catch {
        fail("serve: \(error)\nTry: apish serve --help", code: 2)
    }
    if options.showHelp {
        print(ServeOptions.declaration.help)
        exit(0)
    }
    if let directory = options.initDirectory {
        do {
            try DemoFixtures.write(to: directory)
        } catch {
            fail("serve --init: \(error)", code: 1)
        }
        print("wrote the demo fixtures to \(directory); serve and edit them with: apish serve --root \(directory)")
        exit(0)
    }
    ServeOptions.blockTerminationSignals()
    let server = DemoServer(configuration: options.configuration)
    do {
        try server.start()
    } catch {
        fail("serve: \(error)", code: 1)
    }
    print("apish demo API listening on \(server.baseURL)  (locator: \(server.baseURL)/services.json; Ctrl-C stops)")
    fflush(nil)
    ServeOptions.waitForTerminationSignal()
    server.stop()
    exit(0)
}

if argv.first == "serve" {
    serve(Array(argv.dropFirst()))
}
// `apish completion bash|zsh|fish` and `apish man`, generated from the declarations help is made from.
do {
    if let text = try CommandLineManual.output(for: argv, registry: CommandRegistry.standard.adding(DemoAPIs.bundles)) {
        StandardStream.write(text, to: STDOUT_FILENO)
        exit(0)
    }
} catch {
    fail("\(error.description)\nTry: apish --help", code: 2)
}

/// `apish mock …`: every operation of every version of a description, until SIGINT/SIGTERM.
@MainActor func mock(_ arguments: [String]) -> Never {
    let options: MockOptions
    do {
        options = try MockOptions(arguments)
    } catch {
        fail("mock: \(error)\nTry: apish mock --help", code: 2)
    }
    if options.showHelp {
        print(MockOptions.declaration.help)
        exit(0)
    }
    ServeOptions.blockTerminationSignals()
    let server: MockServer
    do {
        let loaded = try MockServer.load(options.location, transport: CurlTransport(), host: options.host, port: options.port)
        for warning in loaded.warnings {
            StandardStream.write("apish: warning: \(TerminalText.singleLine(Session.redactBeforeSession(warning)))\n")
        }
        server = loaded.server
        try server.start()
    } catch {
        fail("mock: \(error)", code: 1)
    }
    print("apish mock of \(Session.redactBeforeSession(options.location)) at \(server.baseURL)  (Ctrl-C stops)")
    for version in server.versions {
        print("  \(version.label)  \(server.url(of: version))  (\(version.operationCount) operations)")
    }
    fflush(nil)
    ServeOptions.waitForTerminationSignal()
    server.stop()
    exit(0)
}

if argv.first == "mock" {
    mock(Array(argv.dropFirst()))
}

let arguments: ShellArguments
do {
    arguments = try ShellArguments.parse(argv)
} catch {
    fail("\(error.description)\nTry: apish --help", code: 2)
}
/// A line on stdout.
func writeLine(_ text: String) {
    StandardStream.write(text + "\n", to: STDOUT_FILENO)
}

if arguments.showHelp {
    writeLine(ShellArguments.help)
    exit(0)
}
if arguments.showVersion {
    writeLine(ShellArguments.version(commit: BuildStamp.commit, sourcesModified: BuildStamp.sourcesModified))
    exit(0)
}
// Read after the answers that need none of it (`--help`, `--version`), which then start faster.
let environment = Platform.environmentVariables()

var options = ShellOptions(
    arguments: arguments, environment: environment,
    stdinIsTerminal: isatty(STDIN_FILENO) == 1, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
if let name = arguments.keyPasswordVariable, options.transport.clientKeyPassword == nil {
    fail("--key-password-env names \(name), which is not set", code: 2)
}
// An encrypted client key's passphrase is asked for by apish, unechoed, never by OpenSSL on the raw terminal.
if let key = options.transport.clientKey, options.transport.clientKeyPassword == nil, ClientKeyFile.isEncrypted(key) {
    guard let passphrase = SecretPrompt.read(prompt: "passphrase for \(Session.redactBeforeSession(key)): ") else {
        fail("--key \(key) is encrypted: give its passphrase with --key-password-env NAME, or start on a terminal to be asked", code: 2)
    }
    options.transport.clientKeyPassword = passphrase
}
let curl = CurlTransport(configuration: options.transport)
// A talk on mocks runs on its own clock: the same transfer times on every run.
let transport: any Transport = arguments.present?.mock == true ? TalkClockTransport(curl) : curl
let facade = ServiceFacade(
    transport: transport, catalogue: DemoAPIs.catalogue,
    documentCache: DocumentCache.standard(environment: environment), documentLimits: arguments.documentLimits)
let interactive = options.interactive
// Piped output is not cut to a width (0 = no limit), like psql's; a terminal's follows resizes.
if isatty(STDOUT_FILENO) == 1 {
    options.width = { TerminalWidth.columns(of: STDOUT_FILENO) }
} else {
    options.width = { 0 }
}
options.interruptCount = { InterruptMonitor.count }
// Script files are read as they run (a buffer, not the whole text), with lines up to the expansion limit.
options.openScript = { path in
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    // A "regular" file that cannot be read from its start (/proc/self/mem) is read whole instead, which
    // fails with the system's reason rather than ending as an empty script.
    let probe = open(path, O_RDONLY | O_CLOEXEC)
    guard probe >= 0 else { return nil }
    var byte: UInt8 = 0
    let probed = read(probe, &byte, 1)
    close(probe)
    guard probed >= 0 else { return nil }
    return PlainLineReader(path: path, maxLineBytes: 16 << 20).map(ReaderSource.init)
}

let session = Session(facade: facade, bundles: DemoAPIs.bundles, options: options, environment: environment)
failureMask = { session.redact($0) }
// From here on every line goes through the engine's masking sink.
let engine = ShellEngine(session: session, output: arguments.present.map { TalkPlayer.output(for: $0, session: session) } ?? StandardOutput())
/// A line on stderr, through the masking sink.
@MainActor func say(_ line: String) {
    engine.output.writeError("apish: \(TerminalText.singleLine(session.redact(line)))\n")
}
if arguments.insecure {
    say("warning: --insecure: TLS certificates and host names are not verified")
}
if let key = options.transport.clientKey, let warning = ClientKeyFile.permissionWarning(key) {
    say("warning: \(warning)")
}
if isatty(STDIN_FILENO) == 1 { session.readSecrets(with: { SecretPrompt.read(prompt: $0, writeError: { engine.output.writeError($0) }) }) }
// A profile's own locator is used when the command line names none.
let profileName = arguments.profile(environment: environment)
var profileLocator: String?
if let profileName {
    do {
        profileLocator = try session.prepareStartupProfile(profileName)
    } catch {
        fail(error.description, code: 1)
    }
}

var demoServer: DemoServer?
var locatorSource: String
if let locator = arguments.locator(environment: environment) ?? profileLocator {
    locatorSource = locator
    // A locator in a folder that `serve --init` wrote names server routes: serve that folder and load it there.
    if !LocatorLocation.isWeb(locator), let folder = DemoFixtures.folder(servingLocator: LocatorLocation.expandTilde(locator)) {
        let server = DemoServer(configuration: DemoServerConfiguration(root: folder, faults: environment["APISH_DEMO_FAULTS"] == "1"))
        do {
            try server.start()
        } catch {
            fail("cannot serve the demo fixtures in \(folder): \(error)", code: 1)
        }
        demoServer = server
        session.servesEmbeddedDemo(at: server.baseURL)
        locatorSource = server.baseURL + "/" + URL(fileURLWithPath: locator).lastPathComponent
        say("serving the demo fixtures of \(folder) at \(server.baseURL)")
    }
} else {
    locatorSource = ""
}

/// Starts the embedded demo server and names its locator.
@MainActor func startEmbeddedDemo() -> String {
    let server = DemoServer(configuration: DemoServerConfiguration(faults: environment["APISH_DEMO_FAULTS"] == "1"))
    do {
        try server.start()
    } catch {
        fail("cannot start the embedded demo server: \(error)", code: 1)
    }
    demoServer = server
    session.servesEmbeddedDemo(at: server.baseURL)
    say("embedded demo API at \(server.baseURL) (no --locator given)")
    return server.baseURL + "/services.json"
}

/// The first load: its warnings said, its failure the end of a script (a prompt goes on without it).
@MainActor func locateAtStart(_ source: String) {
    do {
        // Documents an entry names that fail at start-up (a bad `openapi` or `schema`) are said, not dropped.
        for warning in try session.locate(source, progressOn: engine.output).warnings {
            say("warning: \(warning)")
        }
    } catch {
        let message = error.description + (LocatorHint.missingScheme(source).map { " (\($0))" } ?? "")
        if !interactive { fail(message, code: 1) }
        say(message)
    }
}

if !locatorSource.isEmpty {
    locateAtStart(locatorSource)
} else if interactive || arguments.commands.isEmpty {
    // A person at the prompt, or a script telling its story: the demo's line comes first, not mid-story.
    locateAtStart(startEmbeddedDemo())
} else {
    // `-c` commands that need no service (help, set, expectations on variables) run without the demo
    // server: it starts when a command first asks for the locator.
    // The commands run on the main thread, which is where the locator is asked for.
    facade.workspace.deferLocate { MainActor.assumeIsolated { locateAtStart(startEmbeddedDemo()) } }
}
do {
    if let profileName {
        for warning in try session.useProfile(profileName, keepingLocator: true) { say(warning) }
    }
    for file in arguments.envFiles { try session.loadEnvFile(file) }
} catch {
    fail(error.description, code: 1)
}
do {
    if let server = arguments.server, facade.workspace.hasLocator { try facade.descriptions.setServerBase(server) }
} catch {
    fail("--server: \(error.description)", code: 2)
}

/// The interactive shell at the session's state, until Ctrl-D.
@MainActor func runLiveShell(echo: @escaping (String) -> Void) {
    InterruptMonitor.install()
    let reader = EchoingLineReader(EditLineReader(
        historyFile: HistoryFile.defaultPath(environment: environment),
        redact: { session.redactLine($0) },
        completion: CompletionBridge(Completer(session: session))), echo: echo)
    session.readHistory(from: { reader.history })
    engine.run(ReaderSource(reader), file: "<stdin>", interactive: true)
    try? reader.saveHistory()
}

var status: Int32
if let present = arguments.present {
    InterruptMonitor.install()
    let player = TalkPlayer(engine: engine, options: present, readKey: { KeyReader.read(timeout: $0) },
                            liveShell: { echo in MainActor.assumeIsolated { runLiveShell(echo: echo) } })
    status = player.play(environment: environment)
} else if interactive {
    InterruptMonitor.install()
    let reader = EditLineReader(
        historyFile: HistoryFile.defaultPath(environment: environment),
        redact: { session.redactLine($0) },
        completion: CompletionBridge(Completer(session: session)))
    if let reason = EditLineReader.unavailableReason {
        say("line editing is off (\(reason))")
        engine.completes = false
    }
    session.readHistory(from: { reader.history })
    engine.keepsCases = false
    engine.run(ReaderSource(reader), file: "<stdin>", interactive: true)
    do {
        try reader.saveHistory()
    } catch {
        say("cannot save history: \(error)")
    }
    status = 0
} else {
    // A script stopped by Ctrl-C still writes its reports and summary, then exits 130.
    InterruptMonitor.install()
    let runner = ScriptRunner(engine: engine, arguments: arguments)
    status = runner.run(stdin: { ReaderSource(PlainLineReader()) })
}
for line in session.finishProfile() { say(line) }
session.removeKeptEdit()
demoServer?.stop()
// A script or one-shot has written everything (output goes straight to its descriptor; stdio is flushed for the
// rest), so it ends without its exit handlers: they would only free what it is about to give back, OpenSSL's
// tables above all, and touching it to free it raises a one-shot's peak by 0.5 MiB (23.5 against 23.0 MiB,
// median of 40 interleaved runs, 2026-12-03). An interactive session ends normally.
fflush(nil)
if interactive { exit(status) }
_exit(status)
