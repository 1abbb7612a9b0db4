import Foundation
import Testing
@testable import Facade
import FoundationFree
@testable import JSON
@testable import HTTPClient
@testable import HTTPTypes

/// A body whose parse Ctrl-C stopped ends like a cancelled transfer: a network failure, not a decode error.
@Suite struct CancelledParseOutcomeTests {
    private let body = Data(("[" + (0..<100_000).map(String.init).joined(separator: ",") + "]").utf8)

    @Test func aCancelledParseIsANetworkFailureLikeACancelledTransfer() {
        // GIVEN a 2xx answer of 100,000 values and a token that has tripped
        let response = HTTPResponse(status: 200, body: body, url: "http://example.test/")
        let cancelled = CancellationToken()
        cancelled.cancel()
        // WHEN it is classified while its body is parsed
        let (outcome, model) = Outcome.classify(.success(Answer(response))) { answer throws(DecodeFailure) in
            try ModelDecoding.parseBody(answer, cancellation: cancelled)
        }
        // THEN the outcome is the one a cancelled transfer has
        #expect(outcome == .networkFailure(TransportError.cancelled.description))
        #expect(model == nil)
    }

    @Test func theSameBodyUncancelledDecodes() {
        let response = HTTPResponse(status: 200, body: body, url: "http://example.test/")
        let (outcome, model) = Outcome.classify(.success(Answer(response))) { answer throws(DecodeFailure) in
            try ModelDecoding.parseBody(answer, cancellation: CancellationToken())
        }
        #expect(outcome == .success(status: 200))
        #expect(model?.value.arrayValue?.count == 100_000)
    }
}
