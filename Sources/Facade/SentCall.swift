import HTTPClient
import HTTPTypes

/// A call as the request pipeline was handed it, before credentials and versioning were added: what the
/// facade keeps of the last request so that `edit` can send it again with another body, and the pipeline
/// puts in force what is in scope then.
struct SentCall {
    /// The call answering with its model or none (`Endpoint.untyped()`), made when it is sent again rather
    /// than for every request kept (the replay row of scripts/bench: most are never sent again).
    private let makeEndpoint: () -> Endpoint<DecodedModel?>
    let entry: LocatorEntry?
    let extraQuery: [FormField]
    let isMainResource: Bool

    init<Response>(endpoint: Endpoint<Response>, entry: LocatorEntry?, extraQuery: [FormField], isMainResource: Bool) {
        makeEndpoint = { endpoint.untyped() }
        self.entry = entry
        self.extraQuery = extraQuery
        self.isMainResource = isMainResource
    }

    var endpoint: Endpoint<DecodedModel?> { makeEndpoint() }
}
