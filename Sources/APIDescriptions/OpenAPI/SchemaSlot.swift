import JSON
import Schemas
/// A schema found while an OpenAPI document is read, before the document's schema graph is complete:
/// operations are read first and share one graph, which is attached to every slot at the end.
struct SchemaSlot: Sendable {
    let index: Int
    var graph: SchemaGraph?

    init(index: Int) {
        self.index = index
    }

    var schema: JSONSchema? {
        graph.map { JSONSchema(graph: $0, index: index) }
    }
}
