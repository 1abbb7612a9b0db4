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

    /// One facade request, reported; `presenting: false` for commands that show the body, not the model.
    package func request(
        _ label: String, presenting: Bool = true, _ body: (CancellationToken) throws(FacadeError) -> Exchange
    ) throws(CommandError) -> CommandReport {
        let result = try withProgress(label) { token in Result { () throws(FacadeError) in try body(token) } }
        switch result {
        case .success(let exchange):
            var report = CommandReport(
                exchange: exchange, locator: session.facade.locator, presenting: presenting, presenter: session.presenter)
            if let hint = session.facade.credentialHint(for: exchange) { report.notes.append("hint: " + hint) }
            return report
        case .failure(let error):
            throw CommandError(error)
        }
    }
}
