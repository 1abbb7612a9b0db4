import Synchronization

/// How far a `locate` has got: the files read and their bytes, counted as they come. The facade counts;
/// the shell, on another thread, reads it to draw a progress line for a load that takes a while.
public final class LoadProgress: Sendable {
    private let counts = Mutex((files: 0, bytes: 0))

    public init() {}

    /// Files read so far (the locator, the documents it names and the files their `$ref`s reach).
    public var files: Int { counts.withLock { $0.files } }
    /// Their bytes together.
    public var bytes: Int { counts.withLock { $0.bytes } }

    func add(bytes: Int) {
        counts.withLock { counts in
            counts.files += 1
            counts.bytes += bytes
        }
    }
}
