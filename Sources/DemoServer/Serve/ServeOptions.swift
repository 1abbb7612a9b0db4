import Declarations
import HTTPServer
/// The command line of `apish serve`, parsed. The executable prints, starts and waits; this only
/// understands the arguments.
public struct ServeOptions: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port: UInt16 = 8080
    /// `--root DIR`: serve the fixture files in DIR (re-read on every request).
    public var root: String?
    /// `--init DIR`: write the built-in fixtures into DIR (see `DemoFixtures.write(to:)`) and stop.
    public var initDirectory: String?
    public var faults = false
    public var showHelp = false

    public init() {}

    /// The server configuration these options describe.
    public var configuration: DemoServerConfiguration {
        DemoServerConfiguration(host: host, port: port, root: root, faults: faults)
    }

    static let host = OptionDeclaration(["--host"], [ValueDeclaration("HOST", validator: .nonEmpty)],
                                        help: "address to listen on (default 127.0.0.1)")
    static let port = OptionDeclaration(["--port"], [ValueDeclaration("PORT", validator: .port)],
                                        help: "port to listen on, 0 for any free port (default 8080)")
    static let root = OptionDeclaration(["--root"], [ValueDeclaration("DIR", .directory, validator: .nonEmpty)],
                                        help: "serve the fixture files in DIR instead of the built-in ones (re-read on every request)")
    static let initDirectory = OptionDeclaration(["--init"], [ValueDeclaration("DIR", .directory, validator: .nonEmpty)],
                                                 help: "write the built-in fixtures into DIR (a new or empty folder) and stop")
    static let faults = OptionDeclaration.flag("--faults", help: "add the misbehaving routes under /faults/")

    /// `apish serve`, declared: its options with their help; `--help` and the parser read it.
    public static let declaration = CommandDeclaration(
        "serve", invocation: "apish serve", abstract: "run the demo API until Ctrl-C",
        discussion: ["Edit fixtures written by --init DIR, then serve them with --root DIR."],
        options: [host, port, root, initDirectory, faults, .helpFlag], conflicts: [["--root", "--init"]])

    /// The arguments that follow `serve`, read by `declaration`.
    public init(_ arguments: [String]) throws(DeclarationError) {
        let parsed = try Self.declaration.parse(arguments)
        if let host = parsed[Self.host] { self.host = host }
        if let port = parsed[Self.port].flatMap(UInt16.init) { self.port = port }
        root = parsed[Self.root]
        initDirectory = parsed[Self.initDirectory]
        faults = parsed.has(Self.faults)
        showHelp = parsed.has(.helpFlag)
    }

    /// Holds SIGINT and SIGTERM back from the calling thread (and threads it starts later). Call it first
    /// thing in `main`, before `start()`, so a Ctrl-C that comes before `waitForTerminationSignal()` stays
    /// pending for it instead of killing the process without a clean stop.
    public static func blockTerminationSignals() {
        TerminationSignals.blockInCurrentThread()
    }

    /// Blocks the calling thread until SIGINT or SIGTERM arrives, then returns the signal number. Call it
    /// from the main thread after `start()` (and after `blockTerminationSignals()`); the server's own
    /// threads never take these signals.
    @discardableResult
    public static func waitForTerminationSignal() -> Int32 {
        TerminationSignals.wait()
    }
}
