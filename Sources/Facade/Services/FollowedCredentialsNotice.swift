import HTTPTypes
import Secrets

/// Says once, naming the origin, that a service's credentials went where `server URL` points it: a
/// service-scoped credential follows the service (staging may be what the user wants), so no request is
/// refused for it, but it should not go to a new origin without a word. Origin-scoped credentials never
/// follow (`Credentials.applicable`), so they need none.
struct FollowedCredentialsNotice {
    /// `service origin` pairs already said.
    private var said: Set<String> = []

    /// The warning for a request to `routed` (the entry where its requests go now) of the locator's `entry`,
    /// when it carries credentials only the service's scope gave it, to an origin the locator did not name,
    /// and this is the first such request there.
    mutating func warning(entry: LocatorEntry, routed: LocatorEntry, request: HTTPRequest, credentials: Credentials) -> String? {
        guard routed.url != entry.url, !credentials.entries.isEmpty || !credentials.headers.isEmpty,
              let home = URLNormalization.parse(entry.url)?.origin, let there = URLNormalization.parse(request.url)?.origin,
              home != there, !said.contains(entry.name.lowercased() + " " + there)
        else { return nil }
        let followed = credentials.applicable(to: request.url, service: (routed.name, routed.url))
        let ownOrigin = credentials.applicable(to: request.url, service: nil)
        guard followed.credentials.count > ownOrigin.credentials.count || followed.headers.count > ownOrigin.headers.count else {
            return nil
        }
        said.insert(entry.name.lowercased() + " " + there)
        return "\(entry.name)'s credentials now go to \(there), where server sends its requests (not \(home)); "
            + "auth for \(there) alone, or server reset, keeps them home"
    }
}
