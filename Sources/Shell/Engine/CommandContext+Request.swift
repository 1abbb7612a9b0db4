import Facade
import FoundationFree

extension CommandContext {
    /// Runs work that makes requests with a Ctrl-C cancellation token and, on a terminal, a spinner.
    func withProgress<T>(_ label: String, _ body: (CancellationToken) throws(CommandError) -> T) throws(CommandError) -> T {
        let token = cancellationToken()
        let spinner = session.options.interactive && !session.options.json ? Spinner.start(label: label) : nil
        defer { spinner?.stop() }
        return try body(token)
    }

    /// One facade request, as a result shown as `view` says (the model, or the body as it came).
    package func request(
        _ label: String, view: ExchangeView = .model, _ body: (CancellationToken) throws(FacadeError) -> Exchange
    ) throws(CommandError) -> RunResult {
        let result = try withProgress(label) { token in Result { () throws(FacadeError) in try body(token) } }
        switch result {
        case .success(let exchange):
            var result = RunResult(exchange: exchange, view: view, locator: session.facade.locator)
            if let hint = session.facade.credentialHint(for: exchange) { result.notes.append("hint: " + hint) }
            return result
        case .failure(let error):
            throw CommandError(error)
        }
    }
}
