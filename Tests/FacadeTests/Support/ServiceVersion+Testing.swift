@testable import Facade
import Testing

extension ServiceVersion {
    /// A version a test spells out, failing the test when it does not parse.
    static func parsed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ServiceVersion {
        try #require(ServiceVersion(text), sourceLocation: sourceLocation)
    }
}
