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
    let usage = "twits"

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        guard arguments.isEmpty else { throw .usage(self) }
        let facade = context.session.facade
        return try context.request("twits") { token throws(FacadeError) in
            try facade.perform(TwitAPI.self, cancellation: token) { $0.timeline }
        }
    }
}

/// `user`.
struct UserCommand: Command {
    let name = "user"
    let abstract = "Show the twit API's user"
    let usage = "user"

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        guard arguments.isEmpty else { throw .usage(self) }
        let facade = context.session.facade
        return try context.request("user") { token throws(FacadeError) in
            try facade.perform(TwitAPI.self, cancellation: token) { $0.user }
        }
    }
}

/// `like ID`.
struct LikeCommand: Command {
    let name = "like"
    let abstract = "Toggle the like of a twit (needs: auth bearer TOKEN)"
    let usage = "like ID"
    let details = ["twits", "auth bearer demo-token", "like t01"]

    func complete(_ previous: [String], session: Session) -> [String] {
        guard previous.isEmpty, let twit = try? session.facade.api(TwitAPI.self) else { return [] }
        return twit.api.lastTwits.map(\.id)
    }

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        guard arguments.count == 1 else { throw .usage(self) }
        let facade = context.session.facade
        var report = try context.request("like") { token throws(FacadeError) in
            try facade.perform(TwitAPI.self, cancellation: token) { api throws(FacadeError) in try api.like(arguments[0]) }
        }
        if case .requestError(401, _)? = report.exchange?.outcome {
            report.error = (report.error ?? "") + "; try: auth bearer TOKEN"
        }
        return report
    }
}
