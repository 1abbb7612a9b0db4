import JSON
import HTTPTypes
/// How a transfer waits for its answer: by polling without sleeping for a short window when the same
/// transport's last answer came within that window (a server on this machine or right beside it), else by
/// sleeping in `poll` until the socket is ready.
///
/// Sleeping and being woken costs tens of microseconds when the server runs on another CPU (the wake-up
/// crosses CPUs, and in a virtual machine the host as well); a loopback server answers in about as long.
/// For such a server polling for the answer spends the CPU time the wake-up would have cost, and the
/// answer is seen as soon as it arrives. A server that took longer than the window last time is waited
/// for asleep from the start, so a remote API never sees a poll loop.
struct ResponseWait {
    /// The longest a transfer polls before it sleeps, and the slowest answer that earns the next one a window.
    let window: Duration

    /// How long the last transfer waited for its first byte; nil before the first and after a failed one.
    private(set) var lastFirstByte: Duration?

    init(window: Duration) {
        self.window = window
    }

    /// How long the next transfer polls before it sleeps: the window after an answer within it, else none.
    var pollWindow: Duration {
        guard let lastFirstByte, lastFirstByte <= window else { return .zero }
        return window
    }

    /// Remembers how long a transfer waited for its first byte, in seconds (`nil` when no answer came).
    mutating func record(firstByte seconds: Double?) {
        lastFirstByte = seconds.map { .microseconds(Int64(($0 * 1_000_000).rounded())) }
    }
}
