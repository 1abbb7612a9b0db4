import Facade
import Shell
import FoundationFree
import JSON
import HTTPClient
import HTTPTypes
/// The Meetup groups API, v2: `GET /2/groups?lat&lon&radius&page&offset&key`, nearest first,
/// paged by `meta.next`, with the API key as the `key` query parameter. Its main resource is the page
/// near the session's location, else near `defaultOrigin`. It keeps the next page's link and where the
/// search was made from.
public final class MeetupAPI: APIDefinition {
    public static let apiName = "Meetup"
    public let modelName = "GroupsPage"
    /// What `groups near` asks for when the user says nothing.
    public static let defaultRadiusKm = 25.0
    public static let defaultPageSize = 20
    /// Where `groups near` searches when neither the command nor the session names a place: London.
    public static let defaultOrigin = Coordinate(latitude: 51.50998, longitude: -0.1337)
    /// `groups next` before a first page, or after the last.
    public static let noNextPage = FacadeError.invalidRequest("no next page; run: groups near")

    private var nextPage: String?
    private var origin: Coordinate?

    /// Nil for a major version apish has no model for.
    public init?(major: Int) {
        guard major == 2 else { return nil }
    }

    /// Whether `groups next` has a page to fetch.
    public var hasNextPage: Bool { nextPage != nil }

    public func mainResource(_ context: APIContext) throws(FacadeError) -> Endpoint<DecodedModel> {
        try groups(near: context.location ?? Self.defaultOrigin).erased()
    }

    /// The first page of groups around a place, nearest first.
    public func groups(
        near origin: Coordinate, radiusKm: Double = defaultRadiusKm, page: Int = defaultPageSize
    ) throws(FacadeError) -> Endpoint<GroupsPage> {
        guard origin.isValid else { throw .invalidRequest("latitude must be within ±90 and longitude within ±180") }
        guard radiusKm > 0, radiusKm.isFinite else { throw .invalidRequest("radius must be a number of km above 0") }
        guard (1...200).contains(page) else { throw .invalidRequest("page must be between 1 and 200") }
        let query = [
            FormField("lat", Self.decimal(origin.latitude)), FormField("lon", Self.decimal(origin.longitude)),
            FormField("radius", Self.decimal(radiusKm)), FormField("page", String(page)), FormField("offset", "0"),
        ]
        return groupsPage(path: "/2/groups", url: nil, query: query, origin: origin)
    }

    /// The page after the last one (`meta.next`).
    public func next() throws(FacadeError) -> Endpoint<GroupsPage> {
        guard let nextPage else { throw Self.noNextPage }
        return groupsPage(path: "", url: nextPage, query: [], origin: origin)
    }

    private func groupsPage(path: String, url: String?, query: [FormField], origin: Coordinate?) -> Endpoint<GroupsPage> {
        Endpoint(
            method: .get, path: path, url: url, query: query, auth: .apiKey(parameter: "key"), modelName: modelName,
            decode: { [modelName] answer, cancellation throws(DecodeFailure) in
                let (model, decoded) = try ModelDecoding.model(
                    GroupsPage.self, named: modelName, answer: answer, cancellation: cancellation)
                var page = decoded
                page.origin = origin
                return (DecodedModel(typeName: model.typeName, document: model.document, value: page), page)
            },
            remember: { [weak self] page in
                self?.nextPage = page.nextURL
                self?.origin = origin
            })
    }

    /// A coordinate or radius as a query value: `51.50998`, `25`.
    private static func decimal(_ value: Double) -> String {
        JSONNumber(value)?.text ?? String(value)
    }
}
