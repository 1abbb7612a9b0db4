import Facade
import HTTPClient
import HTTPTypes
import Secrets
import APIDescriptions
import Shell

/// `call`'s words, read once: the operation they name, the arguments after it (with where each stands
/// among the command's arguments), and the options. Running, masking and completion all read this.
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

    /// The line of `arguments` as `call`'s signature reads them.
    static func parse(_ arguments: [String]) throws(CommandError) -> CallLine {
        let command = CallCommand()
        do { return CallLine(try command.signature.parse(arguments)) } catch { throw CommandError.mismatch(error, command: command) }
    }

    /// The line of arguments `call`'s signature read.
    init(_ parsed: ParsedArguments) {
        var line = CallLine()
        line.checked = !parsed.flag("--no-check")
        line.forcedStream = parsed.flag("--stream")
        line.example = parsed.flag("--example")
        line.service = parsed.option("--service")
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

/// A `call` resolved once: the service and operation it sends (by the facade's one rule,
/// `operationOwner`, `--service` honoured), and the arguments that fill declared credentials. Masking the
/// typed line, remembering what went out as a secret, and sending all use this one value.
struct PreparedCall {
    let line: CallLine
    let api: OpenAPIServiceAPI
    let entry: LocatorEntry
    let operation: OpenAPIOperation
    /// The arguments (by their place among the command's arguments) that fill a declared credential,
    /// with the values they send.
    let secrets: [(position: Int, value: String)]

    /// The call `line` makes, or why the operation cannot be found.
    init(_ line: CallLine, facade: ServiceFacade) throws(FacadeError) {
        let owner = try facade.descriptions.operationOwner(line.operation, service: line.service)
        let operation: OpenAPIOperation
        do { operation = try owner.api.document.requireOperation(named: line.operation) } catch { throw .operation(error) }
        self.line = line
        api = owner.api
        entry = owner.entry
        self.operation = operation
        let keys = Self.apiKeyNames(of: owner.api.document)
        secrets = zip(line.arguments, line.positions).compactMap { argument, position in
            Self.declaredSecret(argument, of: operation, apiKeys: keys).map { (position, $0) }
        }
    }

    /// The value of an item that fills a declared credential parameter of the operation, if it is one.
    /// A parameter is one when it travels in a header or cookie under a credential-like name, or when an
    /// apiKey security scheme of the document names it (wherever it travels). Names match in any case,
    /// so a secret is never missed for its spelling.
    static func declaredSecret(_ item: String, of operation: OpenAPIOperation, apiKeys: Set<String>) -> String? {
        guard let (name, separator, value) = RequestItemSyntax.split(item), separator == .field else { return nil }
        let lowered = name.lowercased()
        guard let parameter = operation.parameters.first(where: { $0.name.lowercased() == lowered }) else { return nil }
        let credentialLike = (parameter.location == .header || parameter.location == .cookie)
            && (Redactor.isCredentialHeader(parameter.name) || Redactor.isCredentialName(parameter.name))
        guard credentialLike || apiKeys.contains(lowered) else { return nil }
        return value
    }

    /// The parameter names (lower-cased) that the document's apiKey security schemes use.
    static func apiKeyNames(of document: OpenAPIDocument) -> Set<String> {
        Set(document.securitySchemes.values.compactMap { scheme in
            if case .apiKey(let name, _) = scheme.kind { return name.lowercased() }
            return nil
        })
    }
}
