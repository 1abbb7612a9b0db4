import Facade
import HTTPClient
import HTTPTypes
import FoundationFree
import JSON

extension CommandContext {
    /// Runs work that makes requests with a Ctrl-C cancellation token and, on a terminal, a spinner (its
    /// label made only then).
    package func withProgress<T>(_ label: @autoclosure () -> String, _ body: (CancellationToken) throws(CommandError) -> T) throws(CommandError) -> T {
        let token = cancellationToken()
        let spinner = session.options.interactive && !session.options.json ? Spinner.start(label: label(), on: engine.output.progressDrawing()) : nil
        defer { spinner?.stop() }
        return try body(token)
    }

    /// One facade request whose answer may be a stream: shown as it arrives (`StreamPrinter`; any answer
    /// with `forced`), then not shown again. Ctrl-C ends it; what arrived stays shown and is the last
    /// response, as a finished answer would be (`expect`, `let`, `show --raw`), marked `interrupted`.
    package func streamingRequest(
        _ label: @autoclosure () -> String, forced: Bool, _ body: (CancellationToken) throws(FacadeError) -> Exchange
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
        spinning.spinner = session.options.interactive && !session.options.json ? Spinner.start(label: label(), on: engine.output.progressDrawing()) : nil
        defer { spinning.stop() }
        let printer = StreamPrinter(output: output, session: session, forced: forced,
                                    toTerminal: session.options.stdoutIsTerminal && !engine.isRedirected,
                                    onFirstByte: { spinning.stop() })
        let result = session.facade.requests.streaming(to: printer) { () -> Result<Exchange, FacadeError> in
            Result { () throws(FacadeError) in try body(token) }
        }
        let cutShort = (try? result.get())?.response?.interrupted == true
        printer.finish(cutShort: cutShort)
        switch result {
        case .success(let exchange):
            var result = RunResult(exchange: exchange, view: .rawBody, workspace: session.facade.workspace)
            result.bodyShown = printer.streamed
            result.statusShown = printer.saidStatus
            if cutShort {
                result.interrupted = true
                // At the prompt the terminal echoed `^C` where the stream stopped: the note starts a line of its own.
                result.notes.append((session.options.interactive ? "\n" : "") + Self.keptNote(exchange))
            }
            if let hint = session.facade.credentials.credentialHint(for: exchange) { result.notes.append("hint: " + hint) }
            return result
        case .failure(let error):
            throw CommandError(error)
        }
    }

    /// `stream stopped by Ctrl-C: 3 events kept as the last response`: what `expect` and `let` now read.
    private static func keptNote(_ exchange: Exchange) -> String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let contentType = exchange.response?.headers["Content-Type"]
        let document = exchange.document
        let kept: String
        if ServerSentEvents.isEventStream(contentType), case .array(let events)? = document?.value {
            kept = counted(events.count, "event")
        } else if JSONLines.isLinesContentType(contentType), let document, let body = exchange.response?.body {
            // One line is one value, parsed as such; several are an array made from the lines.
            guard JSONLines.isLines(document, of: body), case .array(let lines) = document.value else { return note(counted(1, "line")) }
            kept = counted(lines.count, "line")
        } else {
            kept = counted(exchange.response?.body.count ?? 0, "byte")
        }
        return note(kept)
    }

    private static func note(_ kept: String) -> String {
        "stream stopped by Ctrl-C: \(kept) kept as the last response (expect, let and show --raw read them)"
    }

    /// One facade request, as a result shown as `view` says (the model, or the body as it came).
    package func request(
        _ label: @autoclosure () -> String, view: ExchangeView = .model, _ body: (CancellationToken) throws(FacadeError) -> Exchange
    ) throws(CommandError) -> RunResult {
        let result = try withProgress(label()) { token in Result { () throws(FacadeError) in try body(token) } }
        switch result {
        case .success(let exchange):
            var result = RunResult(exchange: exchange, view: view, workspace: session.facade.workspace)
            if let hint = session.facade.credentials.credentialHint(for: exchange) { result.notes.append("hint: " + hint) }
            return result
        case .failure(let error):
            throw CommandError(error)
        }
    }
}
