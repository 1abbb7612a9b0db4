import HTTPServer

/// What a request's `Prefer` header asks of the mock, as Prism reads it: `code=404` (that declared
/// status), `example=NAME` (that named example), `dynamic=true` (a value drawn from the schema rather than
/// the document's examples). Several go in one header or in several, separated by `,` or `;`.
struct MockPreference: Equatable {
    var code: Int?
    /// A `code=` that is not a final status (200–599), as written: the request is refused with a 400.
    var invalidCode: String?
    var example: String?
    var dynamic = false

    init() {}

    init(headers: [(name: String, value: String)]) {
        for header in headers where header.name.lowercased() == "prefer" {
            for item in header.value.split(whereSeparator: { $0 == "," || $0 == ";" }) {
                let parts = item.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let name = parts[0].trimmedHTTPWhitespace.lowercased()
                var value = parts[1].trimmedHTTPWhitespace
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                switch name {
                case "code":
                    if let status = MockStatus.code(value) {
                        code = status
                    } else {
                        invalidCode = value
                    }
                case "example": example = value
                case "dynamic": dynamic = value.lowercased() == "true"
                default: continue
                }
            }
        }
    }
}
