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

    public static let usage = """
        USAGE: apish serve [--host HOST] [--port PORT] [--root DIR | --init DIR] [--faults]

        Runs the demo API server until Ctrl-C.

        OPTIONS:
          --host HOST   address to listen on (default 127.0.0.1)
          --port PORT   port to listen on, 0 for any free port (default 8080)
          --root DIR    serve the fixture files in DIR instead of the built-in ones;
                        edits are picked up on the next request
          --init DIR    write the built-in fixtures into DIR (a new or empty folder) and
                        stop; then edit them and serve them with --root DIR
          --faults      add the misbehaving routes under /faults/
          --help        show this help
        """

    /// Parses the arguments that follow `serve`. Options take their value as the next argument or after
    /// `=` (`--port=9000`).
    public static func parse(_ arguments: [String]) throws -> ServeOptions {
        var options = ServeOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw ServeOptionsError.missingValue(option: name) }
                return next
            }
            switch name {
            case "--host":
                let host = try value()
                guard !host.isEmpty else { throw ServeOptionsError.invalidValue(option: name, value: host) }
                options.host = host
            case "--port":
                let text = try value()
                guard let port = UInt16(text) else { throw ServeOptionsError.invalidValue(option: name, value: text) }
                options.port = port
            case "--root":
                options.root = try nonEmptyPath(value(), option: name)
            case "--init":
                options.initDirectory = try nonEmptyPath(value(), option: name)
            case "--faults":
                guard inlineValue == nil else { throw ServeOptionsError.unexpectedValue(option: name) }
                options.faults = true
            case "--help", "-h":
                options.showHelp = true
            default:
                if name.hasPrefix("-") { throw ServeOptionsError.unknownOption(name) }
                throw ServeOptionsError.unexpectedArgument(argument)
            }
        }
        if options.root != nil && options.initDirectory != nil {
            throw ServeOptionsError.conflictingOptions("--root", "--init")
        }
        return options
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

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func nonEmptyPath(_ path: String, option: String) throws -> String {
        guard !path.isEmpty else { throw ServeOptionsError.invalidValue(option: option, value: path) }
        return path
    }
}

/// A bad `apish serve` command line; `description` is one line for the user.
public enum ServeOptionsError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String)
    case unexpectedValue(option: String)
    case unexpectedArgument(String)
    case conflictingOptions(String, String)

    public var description: String {
        switch self {
        case .unknownOption(let option):
            return "unknown option '\(option)' for serve (see apish serve --help)"
        case .missingValue(let option):
            return "option \(option) needs a value"
        case .invalidValue("--port", let value):
            return "invalid port '\(value)': expected a number from 0 to 65535"
        case .invalidValue(let option, let value):
            return "invalid value '\(value)' for \(option)"
        case .unexpectedValue(let option):
            return "option \(option) takes no value"
        case .unexpectedArgument(let argument):
            return "unexpected argument '\(argument)' for serve (see apish serve --help)"
        case .conflictingOptions(let first, let second):
            return "use either \(first) or \(second), not both"
        }
    }
}
