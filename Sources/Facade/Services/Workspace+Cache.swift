extension Workspace {
    /// Empties the document cache (`DocumentCache.clear`): how many files went, nil when the session
    /// keeps no cache.
    public func clearCache() -> (folder: String, removed: Int)? {
        documentCache.map { ($0.directory, $0.clear()) }
    }
}
