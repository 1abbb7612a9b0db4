#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import FoundationFree

/// One accepted socket. Its serving thread owns the descriptor and closes it; `cancel()` (from `stop()`)
/// only shuts it down, which wakes the serving thread without racing it for the close.
package final class Connection: Sendable {
    package let descriptor: Int32
    private let cancelled = Atomic<Bool>(false)

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    package func cancel() {
        cancelled.store(true, ordering: .releasing)
        Socket.shutdownBoth(descriptor)
    }

    package func send(_ bytes: some Collection<UInt8>) throws {
        if isCancelled { throw ConnectionCancelled() }
        try Socket.sendAll(descriptor, bytes)
    }

    /// Sleeps for `milliseconds` in short slices; false when cancelled meanwhile.
    package func pause(milliseconds: Int) -> Bool {
        var remaining = max(0, milliseconds)
        while remaining > 0 {
            if isCancelled { return false }
            let slice = min(remaining, 50)
            Threads.sleep(seconds: Double(slice) / 1000)
            remaining -= slice
        }
        return !isCancelled
    }
}
