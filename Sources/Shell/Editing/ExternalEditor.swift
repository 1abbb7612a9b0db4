#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// The user's editor, as git and crontab find it: `$VISUAL`, else `$EDITOR`, else `vi`, a command line the
/// shell reads (`code --wait`, `emacs -nw`), run on one file with the terminal handed over: it shares apish's
/// terminal and process group, so it can read the keyboard, and apish waits until it ends.
package struct ExternalEditor {
    /// The command line, as the environment gives it.
    package let command: String

    package init(environment: [String: String]) {
        func named(_ name: String) -> String? {
            environment[name].flatMap { $0.trimmingBlanks().isEmpty ? nil : $0 }
        }
        command = named("VISUAL") ?? named("EDITOR") ?? "vi"
    }

    /// How an edit ended.
    package enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Ctrl-C came while it ran (it was stopped, if Ctrl-C had not ended it already).
        case interrupted
        case cannotStart(String)
    }

    /// Runs the editor on `path` and waits for it; `interrupted` stops it (SIGTERM, then SIGKILL).
    package func edit(_ path: String, interrupted: () -> Bool) -> Ending {
        // An editor reads keys: when apish's input is a script or a pipe, it gets the terminal instead.
        let terminal = isatty(STDIN_FILENO) == 1 ? -1 : open("/dev/tty", O_RDWR | O_CLOEXEC)
        defer { if terminal >= 0 { _ = systemClose(terminal) } }
        // `$1` keeps the path one word whatever it holds; `exec` leaves no shell between apish and the editor.
        let spawned = ChildProcess.spawnShell("exec \(command) \"$1\"", arguments: ["apish-edit", path],
                                              input: terminal >= 0 ? terminal : nil, ownGroup: false)
        let child: pid_t
        switch spawned {
        case .success(let pid): child = pid
        case .failure(let failure): return .cannotStart(failure.reason)
        }
        guard let ending = ChildProcess.wait(for: child, ownGroup: false, interrupted: interrupted) else {
            return .cannotStart("it could not be waited for")
        }
        if ending.stopped || interrupted() { return .interrupted }
        if ending.signal != 0 { return ending.signal == SIGINT ? .interrupted : .signalled(ending.signal) }
        return .exited(ending.exitCode)
    }
}
