import Synchronization
import Testing
import LineEditing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// These install the process-wide SIGINT handler, as the shell does at start-up, and aim signals at
/// single threads of their own (Swift Testing's threads block SIGINT), never at the whole process.
@Suite(.serialized) struct InterruptMonitorTests {
    @Test func countsSIGINTInsteadOfDying() throws {
        InterruptMonitor.install()
        InterruptMonitor.install()  // idempotent
        let before = InterruptMonitor.count

        let thread = try SignalReadyThread { raise(SIGINT) }
        thread.join()

        #expect(InterruptMonitor.count == before + 1)
    }

    @Test func ctrlCInterruptsAPlainReadBlockedOnAPipe() throws {
        InterruptMonitor.install()
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let reader = PlainLineReader(fileDescriptor: ends[0])
        let result = Mutex<LineReadResult?>(nil)

        let thread = try SignalReadyThread {
            let read = reader.readLine(prompt: "")
            result.withLock { $0 = read }
        }
        // The signal may land before the thread reaches read(2); keep signalling until it returns,
        // and after a generous bound unblock it with data so the test fails instead of hanging.
        var waitedMilliseconds = 0
        while result.withLock({ $0 == nil }) && waitedMilliseconds < 30_000 {
            thread.signal(SIGINT)
            usleep(10_000)
            waitedMilliseconds += 10
        }
        if result.withLock({ $0 == nil }) {
            _ = "x\n".withCString { write(ends[1], $0, 2) }
        }
        thread.join()

        #expect(result.withLock { $0 } == .interrupted)
    }
}

/// A pthread with SIGINT unblocked that runs `body` once.
private final class SignalReadyThread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: () -> Void

    init(_ body: @escaping () -> Void) throws {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let owner = Unmanaged<SignalReadyThread>.fromOpaque(raw).takeRetainedValue()
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGINT)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            owner.body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<SignalReadyThread>.fromOpaque(context).release()
            throw TestSetupError(message: "pthread_create: \(status)")
        }
    }

    func signal(_ number: Int32) {
        pthread_kill(thread, number)
    }

    func join() {
        pthread_join(thread, nil)
    }
}
