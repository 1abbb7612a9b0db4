/// The documents a locator entry refers to (`schema`, `openapi`), fetched once per `locate`.
struct EntryDocuments {
    var schema: SchemaDocument?
}
