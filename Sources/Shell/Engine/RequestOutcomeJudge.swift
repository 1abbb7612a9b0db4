/// A command that judges the outcome of the request before it (`expect status 404`): the engine holds a
/// failed request until it has seen the next command, so such a command can expect the failure, and tells
/// the command's line after it ran, with its verdict.
public protocol RequestOutcomeJudge: Command {
    /// Whether these arguments judge the request's outcome (a failed request then counts only by them).
    func judgesRequestOutcome(_ arguments: [String]) -> Bool
    /// Whether they judge only its status (a schema violation is then still reported).
    func judgesStatusOnly(_ arguments: [String]) -> Bool
}

extension RequestOutcomeJudge {
    /// A judge is its own (`Command.outcomeJudge`).
    public var outcomeJudge: (any RequestOutcomeJudge)? { self }
}
