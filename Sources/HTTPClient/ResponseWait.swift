import JSON
import HTTPTypes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    /// Polls `socket` without sleeping until it has something to read (or an error for libcurl to find) or
    /// `end` has passed; whether it has. One `poll` of one socket a turn costs a fraction of what libcurl's
    /// `curl_multi_perform` and `curl_multi_poll` cost together, and the clock is read every eighth turn only
    /// (replay row of `scripts/bench`).
    static func spin(untilReadable socket: Int32, before end: ContinuousClock.Instant, clock: ContinuousClock) -> Bool {
        var watched = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        var turn = 0
        while true {
            if poll(&watched, 1, 0) != 0 { return true }
            turn += 1
            if turn & 7 == 0, clock.now >= end { return false }
        }
    }
}
