import Facade
import Rendering

/// Turns a decoded model into what the shell shows: the presenter of the bundle whose model it is, a
/// schema model's labelled rows, or generic JSON for anything else. Open to registration: each built-in
/// API brings its presenter in its bundle.
public struct ModelPresenter: Sendable {
    private let presenters: [@Sendable (DecodedModel) -> Presentation?]

    public init(bundles: [APIBundle] = []) {
        presenters = bundles.map(\.present)
    }

    public func present(_ model: DecodedModel) -> Presentation {
        for present in presenters {
            if let presentation = present(model) { return presentation }
        }
        if let schemaModel = model.value as? SchemaModel { return SchemaPresenter.present(schemaModel) }
        return .json(model.body)
    }
}
