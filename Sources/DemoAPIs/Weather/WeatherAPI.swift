import Facade
import Shell
import HTTPClient
import FoundationFree
import JSON
/// The weather service (seed 000): `GET {url}?city=…` at v1 (temperature as a string), v2 (a number and
/// the conditions) and v3 (humidity and a forecast).
public final class WeatherAPI: APIDefinition {
    public static let apiName = "weather"
    public let major: Int

    /// Nil for a major version apish has no model for.
    public init?(major: Int) {
        guard (1...3).contains(major) else { return nil }
        self.major = major
    }

    public var modelName: String { "WeatherV\(major)" }

    public func mainResource(_ context: APIContext) throws(FacadeError) -> Endpoint<DecodedModel> {
        switch major {
        case 1: Endpoint<WeatherV1>.decoding(modelName: modelName).erased()
        case 2: Endpoint<WeatherV2>.decoding(modelName: modelName).erased()
        default: Endpoint<WeatherV3>.decoding(modelName: modelName).erased()
        }
    }
}
