/// The twit API (seed 003): `GET /twit`, `GET /user`, `POST /like/:id` with bearer auth.
public enum TwitRouter: Sendable {
    case timeline
    case user
    case like(id: String)

    var method: HTTPMethod {
        switch self {
        case .timeline, .user: .get
        case .like: .post
        }
    }

    var path: String {
        switch self {
        case .timeline: "/twit"
        case .user: "/user"
        case .like(let id): "/like/" + FormEncoding.percentEncode(id)
        }
    }

    var auth: AuthRequirement {
        switch self {
        case .timeline, .user: .none
        case .like: .bearer
        }
    }

    static var timelineEndpoint: Endpoint<[Twit]> {
        .enveloped(timeline.method, timeline.path, auth: timeline.auth, modelName: "Envelope<[Twit]>") { .table(Twit.table($0)) }
    }

    static var userEndpoint: Endpoint<User> {
        .enveloped(user.method, user.path, auth: user.auth, modelName: "Envelope<User>") { .rows($0.rows) }
    }

    static func likeEndpoint(id: String) -> Endpoint<LikeResult> {
        let route = like(id: id)
        return .enveloped(route.method, route.path, auth: route.auth, modelName: "Envelope<LikeResult>") { .rows($0.rows) }
    }
}
