import JSON
import Schemas
import APIDescriptions
/// The documents a locator entry refers to (`schema`, `openapi`), fetched once per `locate`.
struct EntryDocuments {
    var schema: SchemaDocument?
    var openapi: LoadedDescription?
    /// Why the entry's `openapi` document could not be used, when it names one that could not.
    var openapiProblem: String?
    /// The client-credentials flow of the document's `oauth2` security scheme, when it has one.
}
