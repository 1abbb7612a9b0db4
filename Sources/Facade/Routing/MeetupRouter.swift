/// The Meetup API (seed 004): groups near a place, paged, with an API key in the query.
public enum MeetupRouter: Sendable {
    case groups(near: Coordinate, radiusKm: Double, page: Int, offset: Int)

    /// What `groups near` asks for when the user says nothing.
    public static let defaultRadiusKm = 25.0
    public static let defaultPageSize = 20

    var method: HTTPMethod { .get }

    var path: String {
        switch self {
        case .groups: "/2/groups"
        }
    }

    var query: [FormField] {
        switch self {
        case let .groups(origin, radius, page, offset):
            [FormField(name: "lat", value: Formatting.number(origin.latitude)),
             FormField(name: "lon", value: Formatting.number(origin.longitude)),
             FormField(name: "radius", value: Formatting.number(radius)),
             FormField(name: "page", value: String(page)),
             FormField(name: "offset", value: String(offset))]
        }
    }

    var auth: AuthRequirement { .apiKey(parameter: "key") }

    /// The endpoint, rendering distances from the place searched.
    var endpoint: Endpoint<GroupsPage> {
        switch self {
        case let .groups(origin, _, _, _):
            Self.page(method: method, path: path, query: query, origin: origin)
        }
    }

    /// A page of groups at `path` (a `meta.next` link is called with an empty path and its own URL).
    static func page(method: HTTPMethod = .get, path: String = "", query: [FormField] = [], origin: Coordinate?) -> Endpoint<GroupsPage> {
        Endpoint(method: method, path: path, query: query, auth: .apiKey(parameter: "key"), modelName: modelName) {
            response throws(DecodeFailure) in
            try ModelRegistry.decode(GroupsPage.self, named: modelName, response: response) { .table($0.table(from: origin)) }
        }
    }

    static let modelName = "GroupsPage"
}
