import Testing
import Facade
import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A model's typed value, asked for by its type: given only for exactly that type.
@Suite struct DecodedModelValueTests {
    private struct Forecast: Sendable, Equatable { let high: Int }
    private struct Other: Sendable {}

    @Test func theValueIsGivenForItsOwnTypeOnly() throws {
        let document = try JSONDocument.parse(Data(#"{"high":70}"#.utf8))
        let model = DecodedModel(typeName: "Forecast", document: document, value: Forecast(high: 70))
        #expect(model.value(as: Forecast.self) == Forecast(high: 70))
        #expect(model.value(as: Other.self) == nil)
        #expect(model.value(as: Int.self) == nil)
        // An optional of the type is another type: `as?` would wrap the value, an exact match does not.
        #expect(model.value(as: Forecast?.self) == nil)
        let list = DecodedModel(typeName: "[Forecast]", document: document, value: [Forecast(high: 1), Forecast(high: 2)])
        #expect(list.value(as: [Forecast].self)?.map(\.high) == [1, 2])
        #expect(list.value(as: [Other].self) == nil)
        #expect(list.value(as: Forecast.self) == nil)
    }
}
