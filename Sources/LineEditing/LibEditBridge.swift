import CLibEdit
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that talks to libedit's readline layer and holds the state its C callbacks need.
///
/// libedit keeps a single editor and a single history per process, and its completion hook is a plain
/// C function pointer without a context argument, so the provider for the line being read sits in a
/// global here, guarded by a `Mutex`. Only one line can be read at a time.
enum LibEditBridge {
    /// Why `readline` stopped without a line.
    enum Outcome {
        case line(String)
        case interrupted
        case endOfInput
    }

    private struct State {
        var configured = false
        var provider: ProviderReference?
    }

    /// The provider is only touched by the thread inside `readLine` (set before `readline`, read by the
    /// completion callback that `readline` runs on that thread, cleared after), which makes sharing it
    /// through the global sound.
    private final class ProviderReference: @unchecked Sendable {
        let provider: any CompletionProvider
        init(_ provider: any CompletionProvider) { self.provider = provider }
    }

    private static let state = Mutex(State())

    /// SIGINTs seen since `installInterruptHandler()`. The handler only adds to this atomic: nothing
    /// else is async-signal-safe enough.
    static let interrupts = Atomic<Int>(0)
    private static let interruptHandlerInstalled = Atomic<Bool>(false)

    /// Installs the SIGINT handler (without `SA_RESTART`, so a blocked read returns `EINTR`); once.
    static func installInterruptHandler() {
        // Touch the counter first: its lazy initialisation must not run inside the signal handler.
        _ = interrupts.load(ordering: .relaxed)
        guard interruptHandlerInstalled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        _ = apish_install_sigint_handler { _ in
            LibEditBridge.interrupts.add(1, ordering: .relaxed)
        }
    }

    /// Why libedit cannot be loaded (it is loaded at the first call), or nil when it can. Without it,
    /// ``EditLineReader`` reads plain lines.
    static var unavailableReason: String? {
        apish_libedit_error().map { String(cString: $0) }
    }

    /// Reads one line with the editor, offering `history` to Up/Down and Ctrl-R and completing with
    /// `provider`. Only when ``unavailableReason`` is nil.
    static func readLine(prompt: String, history: [String], provider: (any CompletionProvider)?) -> Outcome {
        let reference = provider.map(ProviderReference.init)
        state.withLock { state in
            configureOnce(&state)
            state.provider = reference
        }
        defer { state.withLock { $0.provider = nil } }

        // libedit's history is process-wide; rebuilding it from the reader's list each time keeps
        // several readers (and a reader whose list was trimmed) consistent, and costs microseconds.
        apish_clear_history()
        for entry in history {
            apish_add_history(entry)
        }

        // Ctrl-C must be able to interrupt this thread's read(2) even when it was started with SIGINT
        // blocked, as libdispatch's threads are.
        var previousMask = sigset_t()
        apish_sigint_unblock(&previousMask)
        defer { apish_sigmask_restore(&previousMask) }

        let interruptsBefore = InterruptMonitor.count
        apish_errno_clear()
        let raw = apish_readline(prompt)
        let readError = apish_errno()
        guard let raw else {
            // Verified on libedit 3.1 (2022-10-30) under a pty. libedit's readline keeps its default
            // rl_catch_signals = 1: while it reads, its own SIGINT handler is installed; on Ctrl-C that
            // handler restores the terminal, reinstalls ours and re-sends the signal with
            // kill(0, SIGINT) (to the whole process group), so InterruptMonitor counts exactly one.
            // Neither handler uses SA_RESTART, so read(2) fails with EINTR and readline returns NULL
            // with errno == EINTR, discarding the line. Ctrl-D on an empty line: NULL with errno 0.
            // The counter is consulted as well, in case a libedit build clobbers errno on the way out.
            let interrupted = readError == EINTR || InterruptMonitor.count != interruptsBefore
            return interrupted ? .interrupted : .endOfInput
        }
        defer { free(raw) }
        return .line(String(cString: raw))
    }

    /// Writes `text` through the same stdio stream libedit draws on, so the two stay in order.
    static func write(_ text: String) {
        apish_write_stdout(text)
    }

    private static func configureOnce(_ state: inout State) {
        guard !state.configured else { return }
        state.configured = true

        // libedit decodes keys with mbrtowc, so LC_CTYPE must be the terminal's encoding. When the
        // environment names no locale at all, assume UTF-8 rather than show `\M-` for every accent.
        if apish_setlocale_ctype("") == 0 && apish_ctype_locale_is_default() == 1 {
            _ = apish_setlocale_ctype("C.UTF-8") == 1 || apish_setlocale_ctype("UTF-8") == 1
        }
        // Both strings must outlive the editor, so they are deliberately never freed.
        apish_rl_set_readline_name(strdup("apish"))
        // Only whitespace separates words for libedit; the provider decides what a word is beyond that
        // (the default set would split `$name` and `key=value`).
        apish_rl_set_basic_word_break_characters(strdup(" \t\n"))
        apish_rl_set_attempted_completion_function(attemptedCompletion)
        InterruptMonitor.install()
        _ = apish_rl_initialize()
        // libedit rings the bell after every completion made through our hook, even a unique one (its
        // filecomplete.c beeps unless it completed a file name itself), and never when the hook found
        // nothing. The bell capability becomes a zero delay, which prints nothing, and the completion
        // hook rings itself when there is nothing to complete.
        _ = apish_rl_parse_and_bind("settc bl $<0>")
    }

    fileprivate static func currentProvider() -> (any CompletionProvider)? {
        state.withLock { $0.provider?.provider }
    }
}

/// libedit's completion hook: `text` is its word, `start..<end` that word's scalar offsets and `end`
/// the cursor. Returns a malloc'd, NULL-terminated array of strdup'd strings that libedit frees.
private func attemptedCompletion(
    _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    // Never fall back to libedit's filename completion; libedit resets this after every attempt.
    apish_rl_set_attempted_completion_over(1)
    guard let provider = LibEditBridge.currentProvider(), let buffer = apish_rl_line_buffer() else {
        return nil
    }
    let line = String(cString: buffer)
    let cursorScalars = min(max(Int(end), 0), line.unicodeScalars.count)
    let cursorIndex = line.unicodeScalars.index(line.unicodeScalars.startIndex, offsetBy: cursorScalars)
    let completion = provider.complete(line: line, cursor: line[..<cursorIndex].count)
    apish_rl_set_completion_append_character(completion.appendSpace ? 0x20 : 0)
    guard let matches = CompletionMatches(
        line: line, wordStart: Int(start), cursor: Int(end), completion: completion
    ) else {
        LibEditBridge.write("\u{07}")
        return nil
    }
    // libedit tests `matches[2] == NULL && strcmp(matches[0], matches[1]) == 0` to recognise a single
    // match (and reads matches[2] even when matches[1] is NULL), so a single match is given twice.
    let single = [matches.replacement, matches.replacement]
    return cStringArray(matches.alternatives.isEmpty ? single : [matches.replacement] + matches.alternatives)
}

private func cStringArray(_ strings: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    let slots = strings.count + 2  // NULL-terminated, plus one spare NULL for libedit's look-ahead
    guard let memory = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * slots) else { return nil }
    let array = memory.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: slots)
    for (index, string) in strings.enumerated() {
        guard let copy = strdup(string) else {
            for earlier in 0..<index { free(array[earlier]) }
            free(memory)
            return nil
        }
        array[index] = copy
    }
    array[strings.count] = nil
    array[strings.count + 1] = nil
    return array
}
