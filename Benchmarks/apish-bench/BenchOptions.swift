/// The command line of `apish-bench`.
struct BenchOptions {
    var apish: String? = ".build/release/apish"
    var documentMegabytes = 5.0
    var jsonRounds = 5
    var requests = 500
    var startupRuns = 10
    var documentPath: String?
    var resultsPath: String?
    /// The groups page the schema check reads, in MB (71 MB: the size of `groups near`'s page).
    var schemaMegabytes = 71.0
    /// The OpenAI 3.1 description whose answer schemas the size-scaling check uses; none skips it.
    var openAIPath: String?

    static let usage = """
        usage: apish-bench [--apish PATH | --no-startup] [--size MB] [--rounds N] [--requests N] [--startup-runs N] [--keep-document PATH] [--results FILE] [--schema-size MB] [--openai PATH]
          --apish PATH      the apish binary to time at start-up (default .build/release/apish)
          --size MB         size of the generated JSON document (default 5)
          --rounds N        timed parse rounds per parser, best counts (default 5)
          --requests N      GETs per HTTP client (default 500)
          --startup-runs N  timed launches of apish -c services (default 10)
          --keep-document PATH  write the generated document there and keep it
          --results FILE    also write every number as key=value lines to FILE (for scripts/bench)
          --schema-size MB  size of the groups page checked against its schema (default 71)
          --openai PATH     an OpenAI 3.1 description: check its largest answer schemas at growing sizes
        """

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw BenchFailure("\(flag) needs a value\n\(usage)") }
            return next
        }
        func count(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let number = Int(text), number > 0 else { throw BenchFailure("\(flag) needs a positive whole number") }
            return number
        }
        func megabytes(_ flag: String) throws -> Double {
            let text = try value(flag)
            guard let megabytes = Double(text), megabytes > 0, megabytes <= 500 else {
                throw BenchFailure("\(flag) needs a number of megabytes (0–500)")
            }
            return megabytes
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--apish": options.apish = try value(argument)
            case "--no-startup": options.apish = nil
            case "--size": options.documentMegabytes = try megabytes(argument)
            case "--rounds": options.jsonRounds = try count(argument)
            case "--requests": options.requests = try count(argument)
            case "--startup-runs": options.startupRuns = try count(argument)
            case "--keep-document": options.documentPath = try value(argument)
            case "--results": options.resultsPath = try value(argument)
            case "--schema-size": options.schemaMegabytes = try megabytes(argument)
            case "--openai": options.openAIPath = try value(argument)
            default: throw BenchFailure("unknown argument '\(argument)'\n\(usage)")
            }
        }
        return options
    }
}
