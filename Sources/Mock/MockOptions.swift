/// The command line of `apish mock`, parsed. The executable loads, starts, prints and waits; this only
/// understands the arguments.
public struct MockOptions: Sendable, Equatable {
    /// The locator or the OpenAPI document (a URL or a path).
    public var location = ""
    public var host = "127.0.0.1"
    /// Prism's port, so a mock can stand in where one was.
    public var port: UInt16 = 4010
    public var showHelp = false

    public init() {}

    public static let usage = """
        USAGE: apish mock LOCATOR|DOCUMENT [--host HOST] [--port PORT]

        Serves every operation of every version the locator describes (or of the one
        OpenAPI document), each version under its own base path, until Ctrl-C. Answers
        come from the document's examples, else from values its schemas generate;
        requests are checked as `call` checks them.

        Prefer: code=404 | example=NAME | dynamic=true   picks the answer, as Prism reads it.

        OPTIONS:
          --host HOST   address to listen on (default 127.0.0.1)
          --port PORT   port to listen on, 0 for any free port (default 4010)
          --help        show this help
        """

    /// Parses the arguments that follow `mock`. Options take their value as the next argument or after
    /// `=` (`--port=9000`).
    public static func parse(_ arguments: [String]) throws(MockOptionsError) -> MockOptions {
        var options = MockOptions()
        var remaining = arguments[...]
        var location: String?
        while let argument = remaining.popFirst() {
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func value() throws(MockOptionsError) -> String {
                if let inline { return inline }
                guard let next = remaining.popFirst() else { throw .missingValue(option: name) }
                return next
            }
            switch name {
            case "--host":
                let host = try value()
                guard !host.isEmpty else { throw .invalidValue(option: name, value: host) }
                options.host = host
            case "--port":
                let text = try value()
                guard let port = UInt16(text) else { throw .invalidValue(option: name, value: text) }
                options.port = port
            case "--help", "-h":
                options.showHelp = true
            default:
                if name.hasPrefix("-"), name != "-" { throw .unknownOption(name) }
                guard location == nil else { throw .unexpectedArgument(argument) }
                location = argument
            }
        }
        if !options.showHelp {
            guard let location, !location.isEmpty else { throw .missingLocation }
            options.location = location
        }
        return options
    }
}

/// A bad `apish mock` command line; `description` is one line for the user.
public enum MockOptionsError: Error, Equatable, CustomStringConvertible {
    case missingLocation
    case unknownOption(String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String)
    case unexpectedArgument(String)

    public var description: String {
        switch self {
        case .missingLocation: "name the locator or OpenAPI document to mock: apish mock LOCATOR|DOCUMENT"
        case .unknownOption(let option): "unknown option '\(option)' for mock (see apish mock --help)"
        case .missingValue(let option): "option \(option) needs a value"
        case .invalidValue("--port", let value): "invalid port '\(value)': expected a number from 0 to 65535"
        case .invalidValue(let option, let value): "invalid value '\(value)' for \(option)"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)' for mock: one locator or document is mocked at a time"
        }
    }
}
