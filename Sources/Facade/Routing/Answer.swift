import FoundationFree
import JSON
import HTTPTypes

/// A response with its body read as JSON at most once, however many look at it: the outcome's message of
/// an error, the model of a success, the description's check of either, and the exchange that shows it all
/// read the one parse. Made for one request and used by it alone.
package final class Answer: @unchecked Sendable {
    package let response: HTTPResponse
    private var parsed: Result<JSONDocument, JSONParseError>?
    /// How many times the body was parsed: one at most, unless Ctrl-C stopped a parse.
    package private(set) var parses = 0

    package init(_ response: HTTPResponse) {
        self.response = response
    }

    /// The body parsed (once); a parse that `cancellation` stopped is not remembered, so a later reader
    /// without a token reads the body whole.
    package func document(cancellation: CancellationToken? = nil) throws(JSONParseError) -> JSONDocument {
        if let parsed { return try parsed.get() }
        parses += 1
        do {
            let document = try JSONDocument.parse(response.body, cancellation: cancellation)
            parsed = .success(document)
            return document
        } catch {
            if !error.isCancellation { parsed = .failure(error) }
            throw error
        }
    }

    /// Takes `document` as its body's parse, read before from the same bytes (`ModelMemo`): later readers
    /// read it rather than parse the body.
    package func adopt(_ document: JSONDocument) {
        if parsed == nil { parsed = .success(document) }
    }

    /// Why the body is not JSON, once it has been read and was not.
    package var parseFailure: JSONParseError? {
        if case .failure(let error)? = parsed { return error }
        return nil
    }
}
