import HTTPClient
import HTTPTypes

/// A call as the request pipeline was handed it, before credentials and versioning were added: what the
/// facade keeps of the last request so that `edit` can send it again with another body, and the pipeline
/// puts in force what is in scope then.
struct SentCall {
    let endpoint: Endpoint<DecodedModel?>
    let entry: LocatorEntry?
    let extraQuery: [FormField]
    let isMainResource: Bool
}
