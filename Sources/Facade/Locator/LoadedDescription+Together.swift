import FoundationFree
import Synchronization

extension LoadedDescription {
    /// Reads the documents of `descriptions` that are not read yet, at once, one thread a processor:
    /// `diff --spec` needs two whole descriptions, and their reads share nothing. The longest is taken
    /// first, by this thread, which starts at once (a new thread starts a little later), so the reads end
    /// as close together as they can. Each read stops on Ctrl-C as it does alone; returns when every read
    /// has returned.
    static func readTogether(_ descriptions: [LoadedDescription]) {
        var waiting: [LoadedDescription] = []
        for description in descriptions where !description.isRead && !waiting.contains(where: { $0 === description }) {
            waiting.append(description)
        }
        guard waiting.count > 1 else { return }
        let next = Atomic(0)
        let queue = waiting.map { ($0, $0.pendingLength) }.sorted { $0.1 > $1.1 }.map(\.0)
        Threads.together(extraThreads: min(queue.count, Threads.processorCount) - 1) {
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < queue.count else { return }
                _ = queue[index].document
            }
        }
    }
}
