import JSON
/// One API as apish knows it, bound to one locator entry (a service at a version): the main resource
/// that `refresh`, `diff` and `watch` fetch and the model it decodes into, the extra operations the API
/// has (as typed `Endpoint`s with their auth), and the state it keeps between calls (ids, paging).
///
/// The walk is always: command → facade → definition (an endpoint) → transport → outcome → presenter.
/// `APICatalogue` picks the definition for an entry once; the facade keeps it for the entry's lifetime.
public protocol APIDefinition: AnyObject {
    /// What the API is called in messages: `twit`, `Meetup`, `JSON`.
    static var apiName: String { get }
    /// The model of the main resource (`WeatherV2`, `Envelope<[Twit]>`, a schema's title, `JSON`).
    var modelName: String { get }
    /// The request `refresh` sends and how its answer decodes.
    func mainResource(_ context: APIContext) throws(FacadeError) -> Endpoint<DecodedModel>
}

/// What a definition may need from the session to build a request.
public struct APIContext: Sendable {
    /// The place the user set, if any (`SessionState.location`).
    public let location: Coordinate?

    init(location: Coordinate?) {
        self.location = location
    }
}
