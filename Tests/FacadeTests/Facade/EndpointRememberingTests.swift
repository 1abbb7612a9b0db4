import Testing
@testable import Facade

/// An endpoint that also remembers its answer (`remembering`) is the same request: every field carried over.
@Suite struct EndpointRememberingTests {
    @Test func rememberingKeepsHowThePathGoesOut() {
        // GIVEN an endpoint whose path is normalised before it goes out
        let endpoint = Endpoint<Int>(method: .get, path: "/a/../b", query: [], modelName: "N", pathAsBuilt: false) { _, _ in (nil, 1) }
        // WHEN it also remembers what it decodes
        var remembered: [Int] = []
        let remembering = endpoint.remembering { remembered.append($0) }
        // THEN it still goes out as the first would, and both rememberers run
        #expect(remembering.pathAsBuilt == false)
        #expect(remembering.path == "/a/../b" && remembering.modelName == "N")
        remembering.remember(7)
        #expect(remembered == [7])
    }
}
