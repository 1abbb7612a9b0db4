import JSON
import FoundationFree
/// Sends one request and waits for its complete response.
///
/// Synchronous because the shell is: it runs one command at a time and cancels through the token.
/// Any status code is a response; only a failure to get one at all throws.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest, cancellation: CancellationToken?) throws(TransportError) -> HTTPResponse
}

extension Transport {
    /// Sends a request that cannot be cancelled.
    public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        try send(request, cancellation: nil)
    }
}
