import Facade
import HTTPClient
import FoundationFree

extension CommandContext {
    /// Runs work that makes requests with a Ctrl-C cancellation token and, on a terminal, a spinner.
    func withProgress<T>(_ label: String, _ body: (CancellationToken) throws(CommandError) -> T) throws(CommandError) -> T {
        let token = cancellationToken()
        let spinner = session.options.interactive && !session.options.json ? Spinner.start(label: label) : nil
        defer { spinner?.stop() }
        return try body(token)
    }

    /// One facade request whose answer may be a stream: shown as it arrives (`StreamPrinter`; any answer
    /// with `forced`), then not shown again. Ctrl-C ends it; what arrived stays shown.
    package func streamingRequest(
        _ label: String, forced: Bool, _ body: (CancellationToken) throws(FacadeError) -> Exchange
    ) throws(CommandError) -> RunResult {
        let token = cancellationToken()
        final class SpinnerStop: @unchecked Sendable {
            var spinner: Spinner?
            func stop() {
                spinner?.stop()
                spinner = nil
            }
        }
        let spinning = SpinnerStop()
        spinning.spinner = session.options.interactive && !session.options.json ? Spinner.start(label: label) : nil
        defer { spinning.stop() }
        let printer = StreamPrinter(output: output, session: session, forced: forced,
                                    toTerminal: session.options.stdoutIsTerminal && !engine.isRedirected,
                                    onFirstByte: { spinning.stop() })
        let result = session.facade.streaming(to: printer) { () -> Result<Exchange, FacadeError> in
            Result { () throws(FacadeError) in try body(token) }
        }
        printer.finish()
        switch result {
        case .success(let exchange):
            var result = RunResult(exchange: exchange, view: .rawBody, locator: session.facade.locator)
            result.bodyShown = printer.streamed
            if let hint = session.facade.credentialHint(for: exchange) { result.notes.append("hint: " + hint) }
            return result
        case .failure(let error):
            if printer.streamed, error.description.contains(TransportError.cancelled.description) {
                throw CommandError("stream stopped by Ctrl-C; what arrived is shown above")
            }
            throw CommandError(error)
        }
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
