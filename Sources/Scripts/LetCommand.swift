import Declarations
import Facade
import FoundationFree
import JSON
import HTTPClient
import HTTPTypes
import Secrets
import ScriptLanguage
import Shell

/// `let NAME = PATH`: captures a value of the last response body into a variable (`let id = data[0]._id`,
/// then `like $id`), or of the result of `diff --spec` until the next request. Strings are captured
/// without quotes, anything else as compact JSON.
///
/// `let NAME = header Header-Name` captures a response header instead (names compare case-insensitively;
/// repeated fields joined with `, `). `header` is a keyword only when a header name follows it, so a
/// body member called `header` is still `let x = header`, and httpbin's `headers.X` is a body path.
package struct LetCommand: Command {
    package let name = "let"
    /// `<`, `>` and `|` are text here (`expect price > 0` compares).
    package let takesOperators = false
    package let abstract = "Capture a value of the last response into a variable: let NAME = PATH"

    package init() {}

    static let variable = Positional("NAME", .variable, help: "the variable to set (letters, digits, _)")
    static let equals = Positional("=", .choice(["="]), help: "between the name and the path")
    static let path = Positional("PATH", .text, .rest, help: "a JSON path into the last body (data[0].id), or header HEADER-NAME")
    static let glued = TypedPositional<LetAssignment>("NAME=PATH", help: "the same written as one word (let id=data[0])",
                                                      validator: Validator("NAME=PATH") { LetAssignment(argument: $0) != nil })
    static let gluedRest = Positional("PATH", .text, .many, help: "the rest of a path with spaces, or HEADER-NAME after header")

    package var signature: CommandSignature {
        CommandSignature([ArgumentForm([Self.variable, Self.equals, Self.path]), ArgumentForm([Self.glued, Self.gluedRest])])
    }
    package let details = ["get {service}/items", "let id = data[0].id", "get {service}/items/$id", "let total = meta.total_count",
                   "let type = header content-type   (a response header)"]

    /// The variable and the path's words, from either form.
    private func capture(_ arguments: ParsedArguments) -> (variable: String, pathWords: [String]) {
        if let glued = arguments[Self.glued] { return (glued.variable, [glued.path] + arguments.values(Self.gluedRest)) }
        return (arguments[Self.variable] ?? "", arguments.values(Self.path))
    }

    /// The variable and the path's words, from either form; a `NAME=PATH` word gives both from its place.
    package func scriptEffect(_ arguments: ParsedArguments) -> ScriptEffect {
        if let glued = arguments[Self.glued], let word = arguments.effectArguments(Self.glued.declared).first {
            return .bindsVariable(name: ScriptEffect.Argument(glued.variable, at: word.position),
                                  path: [ScriptEffect.Argument(glued.path, at: word.position)] + arguments.effectArguments(Self.gluedRest))
        }
        guard let variable = arguments.effectArguments(Self.variable).first else { return .none }
        return .bindsVariable(name: variable, path: arguments.effectArguments(Self.path))
    }

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let (variable, pathWords) = capture(arguments)
        // A path with spaces (`data[?(@.a == 1)]`) comes as several words.
        let pathText = pathWords.joined(separator: " ")
        guard VariableName.isValid(variable) else {
            throw CommandError("let: '\(variable)' is not a variable name (letters, digits, _; not starting with a digit)")
        }
        if pathWords.count == 2, pathWords[0].lowercased() == "header" {
            return try captureHeader(pathWords[1], into: variable, context: context)
        }
        let path: JSONPath
        do {
            path = try JSONPath.parse(pathText)
        } catch {
            throw CommandError("let: \(error.description)")
        }
        let found: PathLookup.Result
        let origin: String
        if let standing = context.session.standingResult {
            origin = "the \(standing.command) result"
            found = PathLookup.find(path, in: standing.data, rootName: origin)
        } else {
            guard let exchange = context.session.facade.requests.lastExchange else {
                throw CommandError("let: no response yet; run a request first (refresh, call, get …)")
            }
            guard let document = exchange.document else {
                let status = exchange.status.map { " → \($0)" } ?? ""
                throw CommandError("let: the last response (\(exchange.method) \(exchange.displayURL)\(status)) has no JSON body")
            }
            found = PathLookup.find(path, in: document)
            origin = "the last response"
        }
        let value: JSONValue
        switch found {
        case .found(let found): value = found
        case .missing(let reason): throw CommandError("let: no \(path) in \(origin): \(reason)")
        }
        let captured = value.displayText
        guard captured.utf8.count <= Expansion.maximumBytes else {
            throw CommandError("let: \(path) is \(ByteSize.text(captured.utf8.count)), more than the \(ByteSize.text(Expansion.maximumBytes)) a variable may hold")
        }
        // A credential the body display masks (`let t = token`, or an object holding one) stays a secret
        // once captured: masked in `vars`, `expect` messages, history and wherever `$t` goes.
        let member: String? = if case .key(let key)? = path.components.last { key } else { nil }
        context.session.addSentSecrets(Redactor.credentialValues(in: value, member: member))
        return assign(captured, to: variable, from: path.description, shown: captured, context: context)
    }

    private func captureHeader(_ name: String, into variable: String, context: CommandContext) throws(CommandError) -> RunResult {
        guard let exchange = context.session.facade.requests.lastExchange else {
            throw CommandError("let: no response yet; run a request first (refresh, call, get …)")
        }
        guard let response = exchange.response else {
            throw CommandError("let: the last request (\(exchange.method) \(exchange.displayURL)) got no response")
        }
        let values = response.headers.values(for: name)
        guard !values.isEmpty else {
            let names = response.headers.map(\.name)
            throw CommandError("let: the last response has no header \(name)" + (names.isEmpty ? "" : " (it has: \(names.joined(separator: ", ")))"))
        }
        let captured = values.joined(separator: ", ")
        guard captured.utf8.count <= Expansion.maximumBytes else {
            throw CommandError("let: header \(name) is \(ByteSize.text(captured.utf8.count)), more than a variable may hold")
        }
        // A credential header (`Set-Cookie`, a reflected `Authorization`) is captured but not shown.
        let shown = HeaderLines.isMasked(name) ? Redactor.maskKeepingScheme(captured) : captured
        return assign(captured, to: variable, from: "header \(name)", shown: shown, context: context)
    }

    private func assign(_ captured: String, to variable: String, from source: String, shown: String, context: CommandContext) -> RunResult {
        context.session.setVariable(variable, to: captured)
        var report = RunResult(lines: ["\(variable) = \(shown)"])
        report.data = .object(JSONObject([("name", .string(variable)), ("value", .string(shown)), ("path", .string(source))]))
        return report
    }
}
