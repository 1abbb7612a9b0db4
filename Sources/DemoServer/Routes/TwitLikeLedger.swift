import JSON
import Synchronization

/// Which twits have had their like toggled an odd number of times since the server started. Kept apart
/// from the fixtures so it overlays either source, and shared by all connection threads.
final class TwitLikeLedger: Sendable {
    private let toggled = Mutex<Set<String>>([])

    /// Flips the like of `id`; true when it now differs from the fixture.
    func toggle(_ id: String) -> Bool {
        toggled.withLock { set in
            if set.remove(id) == nil {
                set.insert(id)
                return true
            }
            return false
        }
    }

    /// `twit` with `isLike` flipped and `likeCount` moved by one when its like is toggled.
    func applied(to twit: JSONValue) -> JSONValue {
        guard let id = twit["_id"]?.stringValue, toggled.withLock({ $0.contains(id) }) else { return twit }
        return Self.flipped(twit)
    }

    /// The count comes from a fixture file, so any number can turn up: the move saturates at `Int.max`
    /// and 0, and a count that is not an `Int` (`1e30`, text) is left as written rather than guessed at.
    static func flipped(_ twit: JSONValue) -> JSONValue {
        let wasLiked = twit["isLike"]?.boolValue ?? false
        let toggled = twit.setting("isLike", to: .bool(!wasLiked))
        let count: Int
        switch twit["likeCount"] {
        case nil:
            count = 0
        case let written?:
            guard let value = written.intValue else { return toggled }
            count = value
        }
        let (sum, overflow) = count.addingReportingOverflow(wasLiked ? -1 : 1)
        return toggled.setting("likeCount", to: .int(max(0, overflow ? count : sum)))
    }
}
