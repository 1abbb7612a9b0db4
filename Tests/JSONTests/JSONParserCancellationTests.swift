import Foundation
import Synchronization
import Testing
import FoundationFree
import JSON

/// Ctrl-C stops the parse of a big body: the parser looks at its token every 64K values.
@Suite struct JSONParserCancellationTests {
    /// How often a token was looked at.
    private final class Looks: Sendable {
        let count = Atomic<Int>(0)
    }

    /// A token that trips on its `checks`-th look, counted rather than timed.
    private func token(trippingOnCheck checks: Int, looks: Looks) -> CancellationToken {
        CancellationToken(poll: { looks.count.add(1, ordering: .relaxed).newValue >= checks })
    }

    /// `[{"id":0,"name":"n0"},…]`: three values per element.
    private func document(elements: Int) -> Data {
        var text = "["
        for index in 0..<elements {
            if index > 0 { text += "," }
            text += "{\"id\":\(index),\"name\":\"n\(index)\"}"
        }
        return Data((text + "]").utf8)
    }

    @Test func aTokenTrippingMidParseStopsItWithTheCancellationError() throws {
        // GIVEN a document of 600,000 values and a token that trips on its second look
        let body = document(elements: 200_000)
        let looks = Looks()
        let cancellation = token(trippingOnCheck: 2, looks: looks)
        // WHEN parsed with it
        var thrown: JSONParseError?
        do throws(JSONParseError) {
            _ = try JSONValue.parse(body, cancellation: cancellation)
        } catch {
            thrown = error
        }
        // THEN the parse stops with the cancellation error, in the middle of the document
        let error = try #require(thrown)
        #expect(error.isCancellation)
        #expect(looks.count.load(ordering: .relaxed) == 2)
        #expect(error.offset > 0 && error.offset < body.count)
    }

    @Test func aTokenThatNeverTripsLeavesTheParseAsItWas() throws {
        // GIVEN the same document and a token that is looked at but never trips
        let body = document(elements: 200_000)
        let looks = Looks()
        let cancellation = token(trippingOnCheck: .max, looks: looks)
        // WHEN parsed with and without it
        let value = try JSONValue.parse(body, cancellation: cancellation)
        // THEN the value is the same, and the token was consulted along the way
        #expect(value == (try JSONValue.parse(body)))
        #expect(looks.count.load(ordering: .relaxed) > 0)
    }

    @Test func badInputIsNotACancellation() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Data("[1,]".utf8)) }
        do throws(JSONParseError) {
            _ = try JSONValue.parse(Data("[1,]".utf8), cancellation: CancellationToken())
        } catch {
            #expect(!error.isCancellation)
        }
    }
}
