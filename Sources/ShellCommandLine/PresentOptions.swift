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

    /// The usage line `--help` shows.
    public static let usage = "apish present FILE [--speed CPS] [--keys] [--mock] [--check] [--record talk.cast] [--idle-limit S] [--render talk.html]"

    /// The words after `present`.
    public static func parse(_ arguments: [String]) throws(ShellArguments.UsageError) -> PresentOptions {
        var options = PresentOptions()
        var index = 0
        func value(_ flag: String) throws(ShellArguments.UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw ShellArguments.UsageError(message: "present: \(flag) needs a value") }
            return arguments[index]
        }
        func seconds(_ flag: String) throws(ShellArguments.UsageError) -> Double {
            let text = try value(flag)
            guard let number = Double(text), number > 0, number.isFinite else {
                throw ShellArguments.UsageError(message: "present: \(flag) takes a positive number, not '\(text)'")
            }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--speed": options.speed = min(try seconds(argument), 100_000)
            case "--keys": options.keys = true
            case "--mock": options.mock = true
            case "--check": options.check = true
            case "--record": options.record = try value(argument)
            case "--idle-limit": options.idleLimit = try seconds(argument)
            case "--render": options.render = try value(argument)
            default:
                guard !argument.hasPrefix("-") || argument == "-" else {
                    throw ShellArguments.UsageError(message: "present: unknown option \(argument); usage: \(usage)")
                }
                guard options.file.isEmpty else {
                    throw ShellArguments.UsageError(message: "present: one talk at a time (got \(argument)); usage: \(usage)")
                }
                options.file = argument
            }
            index += 1
        }
        guard !options.file.isEmpty else { throw ShellArguments.UsageError(message: "present: which talk? usage: \(usage)") }
        return options
    }
}
