import Facade
import HTTPTypes

/// The request a statement makes, as its command declares it (`Command.requestIntent`), read from the
/// arguments its signature read and before anything is sent: what `impact` resolves against two versions
/// of a service and dry-runs, so that its verdict is about the request the command itself would send.
public enum RequestIntent: Sendable, Equatable {
    /// The command sends no request a description describes (the default).
    case none
    /// `call OPERATION ARG… ITEM…`: an operation by operationId or `METHOD /path` (its words), of the service
    /// `--service` names (else as `call` finds it), with the arguments after it.
    case operation(words: [Argument], service: String?, arguments: [Argument], checked: Bool)
    /// A request to a path or URL: `get SERVICE/path?query ITEM…`, or a built-in API's endpoint.
    case raw(method: HTTPMethod, target: Argument, items: [Argument])
    /// A service's own URL, its document's `GET /` (`refresh`): the service named, else the current one.
    case mainResource(service: Argument?, query: [Argument])

    /// One argument as the command read it, and its place among the command's arguments (its own name not
    /// counted); no place for one the command made itself (a built-in API's path or query).
    public struct Argument: Sendable, Equatable {
        public let text: String
        public let position: Int?

        public init(_ text: String, at position: Int?) {
            self.text = text
            self.position = position
        }
    }
}

extension RequestIntent {
    /// The request a built-in API's endpoint makes (`twits`, `groups near`), as `make` builds it from the
    /// API's definition: a raw request to its path under the service that speaks the API; none when no
    /// service of the locator does, or the definition refuses the arguments.
    public static func endpoint<API: APIDefinition, T>(
        of type: API.Type, session: Session, _ make: (API) throws(FacadeError) -> Endpoint<T>
    ) -> RequestIntent {
        guard let (api, entry) = try? session.facade.workspace.api(type), let endpoint = try? make(api) else { return .none }
        let target = endpoint.url ?? entry.name + endpoint.path
        let query = endpoint.query.map { Argument($0.name + "==" + $0.value, at: nil) }
        return .raw(method: endpoint.method, target: Argument(target, at: nil), items: query)
    }
}

extension ParsedArguments {
    /// The positional words and items, each as a request intent's argument.
    package var intentOperands: [RequestIntent.Argument] {
        operands.map { RequestIntent.Argument($0.word, at: $0.position) }
    }

    /// The request items (`name==value`, …), each as a request intent's argument.
    package var intentItems: [RequestIntent.Argument] {
        zip(words, roles).enumerated().compactMap { position, pair in
            pair.1 == .item ? RequestIntent.Argument(pair.0, at: position) : nil
        }
    }

    /// The positional declared so, as a request intent's argument; nil when it was not given.
    package func intentArgument(_ positional: Positional) -> RequestIntent.Argument? {
        zip(words, roles).enumerated().first { $0.element.1 == .positional(positional.placeholder) }
            .map { RequestIntent.Argument($0.element.0, at: $0.offset) }
    }
}
