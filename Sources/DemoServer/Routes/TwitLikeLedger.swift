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
    func applied(to twit: JSON) -> JSON {
        guard let id = twit["_id"]?.stringValue, toggled.withLock({ $0.contains(id) }) else { return twit }
        return Self.flipped(twit)
    }

    static func flipped(_ twit: JSON) -> JSON {
        let wasLiked = twit["isLike"]?.boolValue ?? false
        let count = twit["likeCount"]?.intValue ?? 0
        return twit
            .setting("isLike", to: .bool(!wasLiked))
            .setting("likeCount", to: .int(max(0, count + (wasLiked ? -1 : 1))))
    }
}
