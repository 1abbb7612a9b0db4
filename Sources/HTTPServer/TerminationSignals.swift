#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM handled by waiting for them (sigwait) rather than with a handler, which keeps
/// Swift 6 free of C-callback globals. Server threads block both, so the signals reach the thread that
/// waits.
package enum TerminationSignals {
    package static func blockInCurrentThread() {
        var signals = set
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Blocks the signals in the calling thread and waits until one arrives; returns its number.
    package static func wait() -> Int32 {
        var signals = set
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        return received
    }

    private static var set: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }
}
