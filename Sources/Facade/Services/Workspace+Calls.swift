import APIDescriptions

extension Workspace {
    /// The OpenAPI definition `call OPERATION` uses: while the entry's description is known only by its
    /// summary, one made of the operation's fragment (`LoadedDescription.document(calling:)`), which reads
    /// to the same operation as the whole description, so a one-shot `call` does not read the whole;
    /// otherwise (and without an operation) `openAPIDefinition(for:)`.
    func openAPIDefinition(for entry: LocatorEntry, calling operation: String?) -> OpenAPIServiceAPI? {
        if let operation, let document = documents[entry.key]?.openapi?.document(calling: operation) {
            return OpenAPIServiceAPI(document: document, key: entry.key)
        }
        return openAPIDefinition(for: entry)
    }

    /// Whether the entry's description surely has no `operation`, told without reading the whole
    /// (`LoadedDescription.lacksOperation(named:)`), so looking for which service has it reads no
    /// description that does not.
    func lacksOperation(_ operation: String, in entry: LocatorEntry) -> Bool {
        documents[entry.key]?.openapi?.lacksOperation(named: operation) ?? false
    }
}
