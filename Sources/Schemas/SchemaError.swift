import JSON
/// Why a JSON Schema (or a fragment of a larger document) could not be loaded. Each is one line naming
/// the pointer at fault, in the fragment form (`#/components/schemas/Pet`).
public enum SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `$ref` whose target does not exist in the document.
    case danglingRef(String)
    /// A `$ref` to a URI that names no schema of the document or of the files bundled with it: apish
    /// resolves `#/…` pointers, `$id`s and anchors there, and fetches nothing.
    case unsupportedRef(String)
    /// A chain of `$ref`s that only point at each other and never reach a schema.
    case refCycle(String)
    /// A value where a schema should be that is neither an object nor `true`/`false`.
    case notAnObject(String)
    /// The pointer given with the document names nothing in it.
    case pointerNotFound(String)
    /// Text that is not a JSON pointer (`#/a/~2`).
    case invalidPointer(String)
    /// A keyword of the supported subset with a value of the wrong kind.
    case invalidKeyword(pointer: String, keyword: String, expected: String)
    /// Merging `allOf`s and `$ref`s would take more than `limit` property entries: a document built to
    /// exhaust memory (diamonds, long chains of wide schemas) rather than one that describes an API.
    case tooComplex(pointer: String, limit: Int)
    /// Loading was stopped by Ctrl-C.
    case cancelled

    public var description: String {
        switch self {
        case .danglingRef(let reference):
            "dangling $ref '\(reference)'"
        case .unsupportedRef(let reference):
            "unsupported $ref '\(reference)': it names no schema of this document or the files bundled with it (apish reads pointers, $ids and anchors there, and fetches nothing)"
        case .refCycle(let pointer):
            "$ref cycle at '\(pointer)' never reaches a schema"
        case .notAnObject(let pointer):
            "schema at '\(pointer)' is not an object"
        case .pointerNotFound(let pointer):
            "pointer '\(pointer)' not found"
        case .invalidPointer(let text):
            "invalid JSON pointer '\(text)'"
        case let .invalidKeyword(pointer, keyword, expected):
            "schema at '\(pointer)': '\(keyword)' must be \(expected)"
        case let .tooComplex(pointer, limit):
            "schemas too costly to merge at '\(pointer)': their allOf/$ref merges exceed \(limit) properties"
        case .cancelled:
            "loading the schemas was cancelled"
        }
    }
}
