import Shell
import HTTPClient
import HTTPTypes
import JSON
import FoundationFree
import Facade

/// `twits`.
struct TwitsCommand: Command {
    let name = "twits"
    let abstract = "List the twit timeline (ids feed like and Tab completion)"
    var signature: CommandSignature { .none }

    func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent {
        .endpoint(of: TwitAPI.self, session: session) { $0.timeline }
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        return try context.request("twits") { token throws(FacadeError) in
            try facade.requests.perform(TwitAPI.self, cancellation: token) { $0.timeline }
        }
    }
}

/// `user`.
struct UserCommand: Command {
    let name = "user"
    let abstract = "Show the twit API's user"
    var signature: CommandSignature { .none }

    func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent {
        .endpoint(of: TwitAPI.self, session: session) { $0.user }
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        return try context.request("user") { token throws(FacadeError) in
            try facade.requests.perform(TwitAPI.self, cancellation: token) { $0.user }
        }
    }
}

/// `like ID`.
struct LikeCommand: Command {
    let name = "like"
    let abstract = "Toggle the like of a twit (needs: auth bearer TOKEN)"
    static let id = Positional("ID", help: "the twit's id, as twits lists it")

    var signature: CommandSignature { CommandSignature([Self.id]) }
    let details = ["twits", "auth bearer demo-token", "like t01"]

    /// The ids of the twits last listed.
    func completion(after previous: [String], session: Session) -> ArgumentCompletion {
        guard previous.isEmpty, let twit = try? session.facade.workspace.api(TwitAPI.self) else { return ArgumentCompletion() }
        return ArgumentCompletion(twit.api.lastTwits.map(\.id))
    }

    func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent {
        let id = arguments[Self.id] ?? ""
        return .endpoint(of: TwitAPI.self, session: session) { api throws(FacadeError) in try api.like(id) }
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let id = arguments[Self.id] ?? ""
        let facade = context.session.facade
        var report = try context.request("like") { token throws(FacadeError) in
            try facade.requests.perform(TwitAPI.self, cancellation: token) { api throws(FacadeError) in try api.like(id) }
        }
        if case .requestError(401, _)? = report.exchange?.outcome {
            report.error = (report.error ?? "") + "; try: auth bearer TOKEN"
        }
        return report
    }
}
