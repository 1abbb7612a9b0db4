import Facade
import HTTPClient
import HTTPTypes
import Secrets
import APIDescriptions
import Shell

/// `call`'s words, read once: the operation they name, the arguments after it (with where each stands
/// among the command's arguments), and the options. Running, masking, completion and `impact` (through
/// `call`'s request intent) all read this; the facade resolves it once into a `PreparedCall`.
struct CallLine: Equatable {
    init() {}

    var operation = ""
    /// The positional arguments and items after the operation, in order.
    var arguments: [String] = []
    /// Where each of `arguments` stands among the command's own arguments.
    var positions: [Int] = []
    /// `--service SERVICE`: whose document has the operation.
    var service: String?
    var checked = true
    var forcedStream = false
    var example = false

    /// The methods an OpenAPI path item may hold.
    private static let methods: Set<String> = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]

    /// The line of arguments `call`'s signature read.
    init(_ parsed: ParsedArguments) {
        var line = CallLine()
        line.checked = !parsed[CallCommand.noCheck]
        line.forcedStream = parsed[CallCommand.stream]
        line.example = parsed[CallCommand.example]
        line.service = parsed[CallCommand.service]
        let words = parsed.operands
        let (name, consumed) = Self.operationName(words.map(\.word))
        line.operation = name
        line.arguments = words.dropFirst(consumed).map(\.word)
        line.positions = words.dropFirst(consumed).map(\.position)
        self = line
    }

    /// The operation the words name and how many words that took: `GET /pets` is two, an id one.
    static func operationName(_ words: [String]) -> (name: String, consumed: Int) {
        if words.count >= 2, methods.contains(words[0].uppercased()), words[1].hasPrefix("/") {
            return ("\(words[0].uppercased()) \(words[1])", 2)
        }
        return (words.first ?? "", 1)
    }
}

extension CallLine {
    /// The call the line makes, resolved once by the facade (`--service` honoured).
    func prepared(_ facade: ServiceFacade) throws(FacadeError) -> PreparedCall {
        try facade.descriptions.prepare(operation, service: service, arguments: arguments, checked: checked)
    }
}
