#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// `COMMAND | SHELL-COMMAND`: the command's output on the standard input of `/bin/sh -c SHELL-COMMAND`,
/// whose own output and errors go where apish's do. Nothing is buffered here: each write waits until the
/// child has taken it (a pipe holds 64 KiB), so a slow reader slows the writer instead of filling memory.
/// Ctrl-C stops the waiting; a child that has gone (`| head -1`) makes the rest of the output go nowhere.
final class PipeOutput: OutputSink {
    let command: String
    private let child: pid_t
    private var writeEnd: Int32
    private let errors: OutputSink
    private let interrupted: () -> Bool
    /// The child closed its end, or Ctrl-C stopped the writing: later output is dropped.
    private var stopped = false

    /// The child leads a process group of its own, so that Ctrl-C reaches everything it started.
    private let ownGroup: Bool

    /// `ownGroup`: give the child a process group of its own. Not at an interactive prompt, where the
    /// child shares the terminal's foreground group (a pager there can read the terminal, and Ctrl-C
    /// reaches it from the terminal itself); elsewhere only apish hears Ctrl-C and passes it on.
    init(command: String, ownGroup: Bool, errors: OutputSink, interrupted: @escaping () -> Bool) throws(CommandError) {
        self.command = command
        self.ownGroup = ownGroup
        self.errors = errors
        self.interrupted = interrupted
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Self.failure("cannot make a pipe", command: command) }
        // Ours must not leak into the child (it would never see the end of its input); the child's end
        // becomes its standard input and closes on exec.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        switch Self.spawn(command, input: ends[0], ownGroup: ownGroup) {
        case .success(let pid):
            child = pid
        case .failure(let error):
            _ = systemClose(ends[0])
            _ = systemClose(ends[1])
            throw error
        }
        _ = systemClose(ends[0])
        writeEnd = ends[1]
        // Written without blocking, so that a child that stops reading cannot hold the shell past Ctrl-C.
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { send(UnsafeRawBufferPointer($0)) }
    }

    func writeBytes(_ bytes: Data) {
        bytes.withUnsafeBytes { send($0) }
    }

    func writeError(_ text: String) {
        errors.writeError(text)
    }

    private func send(_ buffer: UnsafeRawBufferPointer) {
        guard !stopped, writeEnd >= 0, var next = buffer.baseAddress else { return }
        var left = buffer.count
        Self.withBrokenPipeBlocked {
            while left > 0 {
                let written = systemWrite(writeEnd, next, left)
                if written >= 0 {
                    next += written
                    left -= written
                    continue
                }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    guard !interrupted() else { stopped = true; return }
                    var wanted = pollfd(fd: writeEnd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&wanted, 1, 100)
                default:
                    // EPIPE: the child closed its input, which is its right (`| head -1`).
                    stopped = true
                    return
                }
            }
        }
    }

    /// Closes the child's input and waits for it to end; an error when it failed or was stopped. At the
    /// prompt the child had the Ctrl-C itself; elsewhere only apish did, and passes it on.
    func finish() -> CommandError? {
        if writeEnd >= 0 {
            _ = systemClose(writeEnd)
            writeEnd = -1
        }
        guard let ending = ChildProcess.wait(for: child, ownGroup: ownGroup, interrupted: interrupted) else { return nil }
        let signal = ending.signal
        if signal != 0 {
            return signal == SIGINT || signal == SIGTERM || ending.stopped
                ? CommandError("| \(command): interrupted") : CommandError("| \(command): stopped by signal \(signal)")
        }
        let code = ending.exitCode
        guard code != 0 else { return nil }
        let hint = code == 127 ? " (command not found)" : ""
        return CommandError("| \(command): exited with status \(code)\(hint)")
    }

    private static func failure(_ what: String, command: String) -> CommandError {
        CommandError("| \(command): \(what): \(String(cString: strerror(errno)).lowercased())")
    }

    /// Starts `/bin/sh -c command` with `input` as its standard input (`ChildProcess.spawnShell`).
    private static func spawn(_ command: String, input: Int32, ownGroup: Bool) -> Result<pid_t, CommandError> {
        ChildProcess.spawnShell(command, input: input, ownGroup: ownGroup).mapError { failure in
            CommandError("| \(command): cannot start /bin/sh: \(failure.reason)")
        }
    }

    /// Runs `body` with SIGPIPE blocked on this thread, so a write to a closed pipe fails with EPIPE instead
    /// of ending apish; a SIGPIPE that write raised is taken off again before the mask is restored.
    private static func withBrokenPipeBlocked(_ body: () -> Void) {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        body()
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&blocked, nil, &none)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
