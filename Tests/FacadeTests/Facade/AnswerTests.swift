import Foundation
import Testing
@testable import Facade
import FoundationFree
import JSON
import HTTPTypes

/// An answer's body is parsed once, however many read it: the outcome's message, the model or the
/// description's check, and the exchange.
@Suite struct AnswerTests {
    private func response(_ status: Int, _ body: String, type: String = "application/json") -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": type], body: Data(body.utf8), url: "http://example.test/")
    }

    @Test func anErrorBodyIsParsedOnceForItsMessageAndItsExchange() throws {
        // GIVEN a 404 whose JSON body says why
        let answer = Answer(response(404, #"{"error": {"message": "no such pet"}, "code": 404}"#))
        // WHEN it is classified and then kept as the exchange's document
        let (outcome, _) = Outcome.classify(.success(answer)) { _ throws(DecodeFailure) -> Int in 0 }
        let document = try #require(RequestService.bodyDocument(answer))
        // THEN the message comes from the body, the document is whole, and the body was read once
        #expect(outcome == .requestError(status: 404, message: "no such pet"))
        #expect(document.value["code"] == .number(JSONNumber(404)))
        #expect(answer.parses == 1)
    }

    @Test func aSuccessIsParsedOnceForItsModelAndItsExchange() throws {
        let answer = Answer(response(200, #"{"id": 1}"#))
        let (outcome, model) = Outcome.classify(.success(answer)) { answer throws(DecodeFailure) in
            try ModelDecoding.genericBody(answer, cancellation: nil)
        }
        #expect(outcome == .success(status: 200))
        #expect(model??.document.value["id"] == .number(JSONNumber(1)))
        _ = RequestService.bodyDocument(answer)
        #expect(answer.parses == 1)
    }

    @Test func aBodyThatIsNotJSONKeepsWhyAndIsNotParsedAgain() {
        let answer = Answer(response(500, #"{"cut": "#))
        let (outcome, _) = Outcome.classify(.success(answer)) { _ throws(DecodeFailure) -> Int in 0 }
        #expect(outcome.kind == .serverError)
        #expect(RequestService.bodyDocument(answer) == nil)
        #expect(answer.parseFailure != nil)
        #expect(answer.parses == 1)
    }

    @Test func aParseThatCtrlCStoppedIsReadAgainWhole() throws {
        let body = "[" + (0..<100_000).map(String.init).joined(separator: ",") + "]"
        let answer = Answer(response(200, body))
        let cancelled = CancellationToken()
        cancelled.cancel()
        #expect(throws: JSONParseError.self) { _ = try answer.document(cancellation: cancelled) }
        #expect(answer.parseFailure == nil)
        #expect(try answer.document().value.arrayValue?.count == 100_000)
        #expect(answer.parses == 2)
    }
}
