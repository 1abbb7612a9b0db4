import Declarations

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

    static let location = PositionalDeclaration(ValueDeclaration("LOCATOR|DOCUMENT", .locator, validator: .nonEmpty),
                                                help: "the locator or OpenAPI document to mock (a URL or a path)")
    static let host = OptionDeclaration(["--host"], [ValueDeclaration("HOST", validator: .nonEmpty)],
                                        help: "address to listen on (default 127.0.0.1)")
    static let port = OptionDeclaration(["--port"], [ValueDeclaration("PORT", validator: .port)],
                                        help: "port to listen on, 0 for any free port (default 4010)")

    /// `apish mock`, declared: `--help` and the parser read it.
    public static let declaration = CommandDeclaration(
        "mock", invocation: "apish mock", abstract: "serve every version a description describes, mocked, until Ctrl-C",
        discussion: [
            "Each version is served under its own base path. Answers come from the document's examples, else from",
            "values its schemas generate; requests are checked as `call` checks them.",
            "Prefer: code=404 | example=NAME | dynamic=true   picks the answer, as Prism reads it.",
        ],
        positionals: [location], options: [host, port, .helpFlag])

    /// The arguments that follow `mock`, read by `declaration`.
    public init(_ arguments: [String]) throws(DeclarationError) {
        let parsed = try Self.declaration.parse(arguments)
        location = parsed[Self.location] ?? ""
        if let host = parsed[Self.host] { self.host = host }
        if let port = parsed[Self.port].flatMap(UInt16.init) { self.port = port }
        showHelp = parsed.has(.helpFlag)
    }
}
