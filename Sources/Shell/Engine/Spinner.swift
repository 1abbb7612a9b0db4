import Facade
import Foundation
import Synchronization

/// A spinner on stderr for requests slower than ~300 ms, on a terminal only. It draws from its own
/// thread and erases itself when stopped.
final class Spinner: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    static func start(label: String) -> Spinner {
        let spinner = Spinner()
        let thread = Thread { spinner.spin(label: label) }
        thread.start()
        return spinner
    }

    private func spin(label: String) {
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        var drawn = false
        var tick = 0
        let start = Date()
        while !stopped.load(ordering: .acquiring) {
            if Date().timeIntervalSince(start) >= 0.3 {
                let text = "\r\(frames[tick % frames.count]) \(label) (Ctrl-C cancels)"
                FileHandle.standardError.write(Data(text.utf8))
                drawn = true
                tick += 1
            }
            Thread.sleep(forTimeInterval: 0.08)
        }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        done.signal()
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
        done.wait()
    }
}

extension CommandContext {
    /// Runs a facade request with a Ctrl-C cancellation token and, on a terminal, a spinner.
    func request(_ label: String, _ body: (CancellationToken) throws(FacadeError) -> Exchange) throws(CommandError) -> CommandReport {
        let token = cancellationToken()
        let spinner = session.options.interactive && !session.options.json ? Spinner.start(label: label) : nil
        defer { spinner?.stop() }
        do {
            return CommandReport(exchange: try body(token), locator: session.facade.locator)
        } catch {
            throw CommandError(error)
        }
    }
}
