import FoundationFree

/// How much an imported file may ask for: an imported file can be hostile, so each count and size is
/// capped, and going past a cap is an error that names it.
public struct ImportLimits: Sendable, Equatable {
    /// Files one `import` reads.
    public var files: Int
    /// Requests in one file.
    public var requests: Int
    /// Folder nesting of a Postman collection.
    public var depth: Int
    /// Lines of one `.http` or `.hurl` file.
    public var lines: Int

    public init(files: Int = 64, requests: Int = 10_000, depth: Int = 32, lines: Int = 200_000) {
        self.files = files
        self.requests = requests
        self.depth = depth
        self.lines = lines
    }

    /// The largest file read (an imported file, an environment file, a body file): `SecureFile.limit`.
    public static var fileBytes: Int { SecureFile.limit }
}
