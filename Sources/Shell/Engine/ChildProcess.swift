#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// Programs apish starts for the user (`| cmd`'s shell command, `edit`'s editor): started by `/bin/sh`, as
/// ordinary programs whatever apish does with its signals, and waited for in a way Ctrl-C can end.
enum ChildProcess {
    /// Starts `/bin/sh -c command` with `arguments` as `$0`, `$1`…, every signal unblocked and SIGPIPE and SIGINT
    /// at their defaults; `input`, when given, becomes its standard input, and `output` its standard output.
    /// `ownGroup` makes it lead a
    /// process group of its own (then the terminal's Ctrl-C does not reach it; apish passes it on).
    /// Answers its pid, or why it could not start.
    static func spawnShell(
        _ command: String, arguments: [String] = [], input: Int32? = nil, output: Int32? = nil, ownGroup: Bool
    ) -> Result<pid_t, SpawnFailure> {
        var actions = Platform.emptySpawnFileActions()
        var attributes = Platform.emptySpawnAttributes()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) }
        if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        let group = ownGroup ? Int32(POSIX_SPAWN_SETPGROUP) : 0
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | group))
        let words: [UnsafeMutablePointer<CChar>?] = (["sh", "-c", command] + arguments).map { strdup($0) } + [nil]
        defer { for word in words { free(word) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, words, Platform.environment)
        guard result == 0 else { return .failure(SpawnFailure(reason: String(cString: strerror(result)).lowercased())) }
        return .success(pid)
    }

    /// Why `/bin/sh` could not be started (`no such file or directory`).
    struct SpawnFailure: Error {
        let reason: String
    }

    /// How a child ended.
    struct Ending {
        /// The wait status (`WIFEXITED` and the rest read it).
        let status: Int32
        /// It was still running when `interrupted` turned true, and was sent SIGTERM (SIGKILL 2 s later).
        let stopped: Bool

        /// The signal that ended it, or 0 when it exited.
        var signal: Int32 { status & 0x7F }
        /// Its exit status, when it exited.
        var exitCode: Int32 { (status >> 8) & 0xFF }
    }

    /// Waits for `child` to end. Once `interrupted` says so it is sent SIGTERM (to its group when it leads
    /// one), and SIGKILL after 2 s. Nil when it cannot be waited for (already reaped).
    static func wait(for child: pid_t, ownGroup: Bool, interrupted: () -> Bool) -> Ending? {
        var status: Int32 = 0
        var signalled = false
        var deadline: Double?
        while true {
            let result = waitpid(child, &status, WNOHANG)
            if result == child { break }
            if result < 0, errno != EINTR { return nil }
            if interrupted(), !signalled {
                _ = kill(ownGroup ? -child : child, SIGTERM)
                signalled = true
                deadline = now() + 2
            }
            if let deadline, now() > deadline {
                _ = kill(ownGroup ? -child : child, SIGKILL)
            }
            Threads.sleep(seconds: 0.01)
        }
        return Ending(status: status, stopped: signalled)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
