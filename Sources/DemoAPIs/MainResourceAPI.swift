import Facade
import HTTPClient
import HTTPTypes
import JSON
import Rendering

/// An API that is one main resource, `GET {url}` with the caller's query, whose model changes with the
/// major version: a table from major version to model. A major not in the table has no definition, so
/// the catalogue falls back to plain JSON for it.
public protocol MainResourceTable {
    /// What the API is called in messages.
    static var apiName: String { get }
    /// The model of each major version apish knows.
    static var versions: [Int: MainResourceModel] { get }
}

/// The model one major version of a main resource decodes into, and its name in messages.
///
/// Sendable though `Endpoint` is not: its one endpoint's closure captures only the model's type and its
/// name, both immutable, so any thread may send it.
public struct MainResourceModel: @unchecked Sendable {
    public let name: String
    /// The one call of the main resource, made once: every `refresh` sends it as it is.
    let endpoint: Endpoint<DecodedModel>

    /// `Model`, called `name` (`WeatherV2`).
    public init<Model: Decodable & Sendable>(_ model: Model.Type, name: String) {
        self.name = name
        endpoint = Endpoint<DecodedModel>(modelName: name) { answer, cancellation throws(DecodeFailure) in
            let decoded = try ModelDecoding.decodedModel(Model.self, named: name, answer: answer, cancellation: cancellation)
            return (decoded, decoded)
        }
    }
}

/// The definition of a `MainResourceTable` API bound to one major version.
public final class MainResourceAPI<Table: MainResourceTable>: APIDefinition {
    public static var apiName: String { Table.apiName }
    public let major: Int
    private let model: MainResourceModel

    /// Nil for a major version apish has no model for.
    public init?(major: Int) {
        guard let model = Table.versions[major] else { return nil }
        self.major = major
        self.model = model
    }

    public var modelName: String { model.name }

    public func mainResource(_ context: APIContext) throws(FacadeError) -> Endpoint<DecodedModel> {
        model.endpoint
    }
}
