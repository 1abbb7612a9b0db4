import Facade
import Shell
import HTTPClient
import FoundationFree
import JSON
/// The stock quote service (seed 000): `GET {url}?symbol=…` at v1 (price as a string) and v2 (opening
/// price and percentage change).
public final class StockQuoteAPI: APIDefinition {
    public static let apiName = "stockQuote"
    public let major: Int

    /// Nil for a major version apish has no model for.
    public init?(major: Int) {
        guard (1...2).contains(major) else { return nil }
        self.major = major
    }

    public var modelName: String { "StockV\(major)" }

    public func mainResource(_ context: APIContext) throws(FacadeError) -> Endpoint<DecodedModel> {
        major == 1
            ? Endpoint<StockV1>.decoding(modelName: modelName).erased()
            : Endpoint<StockV2>.decoding(modelName: modelName).erased()
    }
}
