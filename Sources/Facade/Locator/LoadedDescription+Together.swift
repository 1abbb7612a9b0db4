import FoundationFree
import Synchronization

extension LoadedDescription {
    /// Reads the documents of `descriptions` that are not read yet, at once, one thread a processor:
    /// `diff --spec` needs two whole descriptions, and their reads share nothing. Each read stops on
    /// Ctrl-C as it does alone; returns when every read has returned.
    static func readTogether(_ descriptions: [LoadedDescription]) {
        var waiting: [LoadedDescription] = []
        for description in descriptions where !description.isRead && !waiting.contains(where: { $0 === description }) {
            waiting.append(description)
        }
        guard waiting.count > 1 else { return }
        let next = Atomic(0)
        let queue = waiting
        // Not kept off this thread's processor: this thread only waits once its read is done, and on a
        // busy two-processor machine the other read should be free to move to the processor it leaves.
        Threads.together(extraThreads: min(queue.count, Threads.processorCount) - 1, elsewhere: false) {
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < queue.count else { return }
                _ = queue[index].document
            }
        }
    }
}
