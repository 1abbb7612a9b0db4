import Foundation
import Testing
@testable import Facade
import HTTPTypes
import JSON

/// The same small body decodes into the same model without being parsed again; anything else is decoded.
/// Each test has a model name of its own, as the memo is the process's.
@Suite struct ModelMemoTests {
    private struct Reading: Decodable, Sendable, Equatable {
        let city: String
        let temperature: Int
    }

    private func answer(_ body: String) -> Answer {
        Answer(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: "http://example.test/"))
    }

    private func decode(_ answer: Answer, named name: String) throws(DecodeFailure) -> Reading {
        try ModelDecoding.model(Reading.self, named: name, answer: answer).1
    }

    @Test func theSameBytesAgainGiveTheSameModelUnparsed() throws {
        // GIVEN a body decoded once
        let name = "Reading-same"
        let body = #"{"city": "Richmond", "temperature": 63}"#
        let first = answer(body)
        #expect(try decode(first, named: name) == Reading(city: "Richmond", temperature: 63))
        #expect(first.parses == 1)
        // WHEN the same bytes come again
        let second = answer(body)
        let (model, value) = try ModelDecoding.model(Reading.self, named: name, answer: second)
        // THEN the model is the same, and the answer reads the document it holds rather than parse its body
        #expect(value == Reading(city: "Richmond", temperature: 63))
        #expect(model.typeName == name)
        #expect(try second.document().value["city"] == .string("Richmond"))
        #expect(second.parses == 0)
    }

    @Test func theModelAloneComesFromTheSameMemo() throws {
        // GIVEN a body decoded as the model alone (a main resource's way), first unseen, then again
        let name = "Reading-model-only"
        let body = #"{"city": "Richmond", "temperature": 63}"#
        let first = answer(body)
        let decoded = try ModelDecoding.decodedModel(Reading.self, named: name, answer: first)
        #expect(first.parses == 1)
        #expect(decoded.value(as: Reading.self) == Reading(city: "Richmond", temperature: 63))
        // WHEN the same bytes come again, asked for the model alone and with its value
        let second = answer(body), third = answer(body)
        let again = try ModelDecoding.decodedModel(Reading.self, named: name, answer: second)
        let (typed, value) = try ModelDecoding.model(Reading.self, named: name, answer: third)
        // THEN both are the model made the first time, unparsed; other bytes are decoded afresh
        #expect(again === decoded && typed === decoded)
        #expect(value == Reading(city: "Richmond", temperature: 63))
        #expect(second.parses == 0 && third.parses == 0)
        let changed = answer(#"{"city": "Richmond", "temperature": 64}"#)
        let fresh = try ModelDecoding.decodedModel(Reading.self, named: name, answer: changed)
        #expect(fresh !== decoded && changed.parses == 1)
        #expect(fresh.value(as: Reading.self)?.temperature == 64)
        // AND a body that does not decode fails as it would without the memo
        #expect(throws: DecodeFailure.self) { try ModelDecoding.decodedModel(Reading.self, named: name, answer: answer(#"{"city": 1}"#)) }
    }

    @Test func otherBytesAreDecodedAfresh() throws {
        let name = "Reading-other"
        _ = try decode(answer(#"{"city": "Richmond", "temperature": 63}"#), named: name)
        let changed = answer(#"{"city": "Richmond", "temperature": 64}"#)
        #expect(try decode(changed, named: name) == Reading(city: "Richmond", temperature: 64))
        #expect(changed.parses == 1)
    }

    @Test func aBodyThatDoesNotDecodeIsNeverTheMemosAnswer() throws {
        // GIVEN a body that decoded, then one that does not
        let name = "Reading-failing"
        let good = #"{"city": "Richmond", "temperature": 63}"#
        _ = try decode(answer(good), named: name)
        #expect(throws: DecodeFailure.self) { try decode(answer(#"{"city": "Richmond", "temperature": "63"}"#), named: name) }
        // THEN it fails each time, and the good body still decodes from the memo
        #expect(throws: DecodeFailure.self) { try decode(answer(#"{"city": "Richmond", "temperature": "63"}"#), named: name) }
        let again = answer(good)
        #expect(try decode(again, named: name) == Reading(city: "Richmond", temperature: 63))
        #expect(again.parses == 0)
    }

    @Test func anotherModelNameIsAnotherEntry() throws {
        let body = #"{"city": "Richmond", "temperature": 63}"#
        _ = try decode(answer(body), named: "Reading-one")
        let other = answer(body)
        let (model, _) = try ModelDecoding.model(Reading.self, named: "Reading-two", answer: other)
        #expect(model.typeName == "Reading-two")
        #expect(other.parses == 1)
    }

    @Test func aLargeBodyIsDecodedEveryTime() throws {
        let name = "Reading-large"
        let body = #"{"city": ""# + String(repeating: "R", count: ModelMemo.largestBody) + #"", "temperature": 63}"#
        _ = try decode(answer(body), named: name)
        let again = answer(body)
        #expect(try decode(again, named: name).temperature == 63)
        #expect(again.parses == 1)
    }
}
