import Foundation
import Synchronization

/// A spinner on stderr for requests slower than ~300 ms, on a terminal only. It draws from its own
/// thread and erases itself when stopped.
final class Spinner: Sendable {
    private let stopped = Atomic<Bool>(false)
    /// Signalled by `stop()` so the spinner wakes at once instead of finishing its frame delay.
    private let wake = DispatchSemaphore(value: 0)
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
            _ = wake.wait(timeout: .now() + 0.08)
        }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        done.signal()
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
        wake.signal()
        done.wait()
    }
}
