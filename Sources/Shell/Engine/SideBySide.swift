import JSON

/// The same call made on two versions (`compare SERVICE A B`): what each side asked and answered, and the
/// changes between the answers by JSON path (`JSONDiff.compare`). The bodies are already masked.
public struct SideBySide: Sendable {
    /// One version's answer.
    public struct Side: Sendable {
        /// `weather v1`: shown above the column.
        public let title: String
        /// `GET /v1/weather → 200`: shown under the title.
        public let request: String
        public let body: JSONValue

        public init(title: String, request: String, body: JSONValue) {
            self.title = title
            self.request = request
            self.body = body
        }
    }

    public let a: Side
    public let b: Side
    public let changes: [JSONChange]
    /// `2 changes between weather v1 and v2`.
    public let summary: String

    public init(a: Side, b: Side, changes: [JSONChange], summary: String) {
        self.a = a
        self.b = b
        self.changes = changes
        self.summary = summary
    }
}
