/// A command that can judge the outcome of the request just before it (`expect status 404`,
/// `expect result requestError`). In a script, a failed request followed by such a command is not counted
/// as a failure by itself: the check decides, so scripts (and recordings) can expect errors.
protocol RequestOutcomeCheck {
    /// Whether these arguments check the previous request's status or result kind.
    func judgesRequestOutcome(_ arguments: [String]) -> Bool
}
