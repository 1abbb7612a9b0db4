#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree
import Rendering

/// A spinner on stderr for requests slower than ~300 ms, on a terminal only. It draws from its own
/// thread and erases itself when stopped.
///
/// Every frame is one line cut to the terminal's width (``SpinnerLine``) and drawn over the last one
/// (`\r` … erase to the end of the line), so a long URL never wraps and never leaves copies in the
/// scrollback. The width is asked afresh for each frame, so a resized window is followed.
final class Spinner: Sendable {
    private let stopped = Atomic<Bool>(false)
    /// Signalled by `stop()` so the spinner wakes at once instead of finishing its frame delay.
    private let wake = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    /// Starts spinning `label` (`get http://…`) on `drawing`, the masking sink's stderr; `width` gives the
    /// terminal's columns (the columns of stderr, where the spinner draws, unless told otherwise).
    /// Nil when no thread can be started for it: the request then goes on without a spinner.
    static func start(
        label: String, on drawing: ProgressDrawing, width: @escaping @Sendable () -> Int = Spinner.standardErrorColumns
    ) -> Spinner? {
        start(after: 0.3, label: { label }, on: drawing, width: width)
    }

    /// A spinner whose label is asked afresh for every frame (a load's files and bytes so far), shown
    /// once `delay` seconds have passed.
    static func start(
        after delay: Double, label: @escaping @Sendable () -> String, on drawing: ProgressDrawing,
        width: @escaping @Sendable () -> Int = Spinner.standardErrorColumns
    ) -> Spinner? {
        let spinner = Spinner()
        return Threads.detach { spinner.spin(after: delay, label: label, on: drawing, width: width) } ? spinner : nil
    }

    private func spin(after delay: Double, label: () -> String, on drawing: ProgressDrawing, width: () -> Int) {
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        var drawn = false
        var tick = 0
        let start = Date()
        while !stopped.load(ordering: .acquiring) {
            if Date().timeIntervalSince(start) >= delay {
                drawing.draw(frame: frames[tick % frames.count], label: label(), width: width())
                drawn = true
                tick += 1
            }
            _ = wake.wait(timeout: .now() + 0.08)
        }
        if drawn { drawing.erase() }
        done.signal()
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
        wake.signal()
        done.wait()
    }

    /// The columns of the terminal on stderr, where the spinner draws.
    @Sendable static func standardErrorColumns() -> Int {
        TerminalWidth.columns(of: STDERR_FILENO)
    }
}
