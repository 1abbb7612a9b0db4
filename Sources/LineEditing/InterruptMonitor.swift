/// Counts SIGINTs (Ctrl-C) so that whoever is busy can notice one and stop.
///
/// The handler only increments an atomic counter — nothing else is async-signal-safe enough. It is
/// installed with `sigaction` *without* `SA_RESTART`, so a blocking `read(2)` (libedit waiting for a
/// key, a pipe read) fails with `EINTR` and returns control to its caller. Installing it also means
/// Ctrl-C never kills the process: the shell decides what an interrupt means.
///
/// No DispatchSource: libedit swaps in its own SIGINT handler while it reads a line and hands the
/// signal on to whatever handler was there before, which must be this one. Threads started by
/// libdispatch block SIGINT, so the thread that must be interrupted (the one reading input) should be
/// the main thread, which the kernel prefers for Ctrl-C.
public enum InterruptMonitor {
    /// Installs the SIGINT handler; later calls do nothing.
    public static func install() {
        LibEditBridge.installInterruptHandler()
    }

    /// How many SIGINTs arrived since ``install()``. Compare a value read before some work with one
    /// read after it to learn whether the work was interrupted.
    public static var count: Int {
        LibEditBridge.interrupts.load(ordering: .relaxed)
    }
}
