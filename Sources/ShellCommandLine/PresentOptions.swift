import Declarations

/// `apish present FILE [--speed CPS] [--keys] [--mock] [--check] [--record talk.cast] [--idle-limit S]
/// [--render talk.html]`: how a talk is played (`TalkPlayer`).
public struct PresentOptions: Sendable, Equatable {
    public var file = ""
    /// Characters a second while a line is typed out.
    public var speed = 25.0
    /// One character per key press instead of by itself.
    public var keys = false
    /// Every described version served by the mock, and what output shows made the same on every run.
    public var mock = false
    /// The whole talk at once, without typing or pauses; a failing step is the exit status.
    public var check = false
    /// An asciicast v2 file to write.
    public var record: String?
    /// The longest pause a recording keeps, in seconds.
    public var idleLimit: Double?
    /// A self-contained HTML file of slides to write.
    public var render: String?

    public init() {}

    static let talk = PositionalDeclaration(.init("FILE", .script, validator: .nonEmpty), help: "the talk: a script")
    private static let positive = Validator("a positive number") { Double($0).map { $0 > 0 && $0.isFinite } ?? false }
    static let speedOption = OptionDeclaration(["--speed"], [.init("CPS", validator: positive)],
                                               help: "characters a second while a line is typed out (default 25)")
    static let keysFlag = OptionDeclaration.flag("--keys", help: "type one character per key press")
    static let mockFlag = OptionDeclaration.flag("--mock", help: "serve every described version from the mock, with output made the same on every run")
    static let checkFlag = OptionDeclaration.flag("--check", help: "run the whole talk at once, without typing or pauses; a failing step is the exit status")
    static let recordOption = OptionDeclaration(["--record"], [.init("F.cast", .file)], help: "write an asciicast v2 recording")
    static let idleLimitOption = OptionDeclaration(["--idle-limit"], [.init("S", validator: positive)],
                                                   help: "the longest pause a recording keeps, in seconds")
    static let renderOption = OptionDeclaration(["--render"], [.init("F.html", .file)], help: "write the talk as a self-contained HTML file of slides")

    /// `apish present`, declared: the parser, `--help`, the man page and the completion scripts read it.
    public static let declaration = CommandDeclaration(
        "present", invocation: "apish present", abstract: "play a script as a talk", positionals: [talk],
        options: [speedOption, keysFlag, mockFlag, checkFlag, recordOption, idleLimitOption, renderOption])

    /// The words after `present`, read by `declaration`.
    public static func parse(_ arguments: [String]) throws(ShellArguments.UsageError) -> PresentOptions {
        let parsed: DeclaredArguments
        do {
            parsed = try declaration.parse(arguments)
        } catch {
            throw ShellArguments.UsageError(message: "present: \(error.description); usage: \(declaration.synopsis)")
        }
        var options = PresentOptions()
        options.file = parsed[talk] ?? ""
        if let speed = parsed[speedOption].flatMap(Double.init) { options.speed = min(speed, 100_000) }
        options.keys = parsed.has(keysFlag)
        options.mock = parsed.has(mockFlag)
        options.check = parsed.has(checkFlag)
        options.record = parsed[recordOption]
        options.idleLimit = parsed[idleLimitOption].flatMap(Double.init)
        options.render = parsed[renderOption]
        return options
    }
}
