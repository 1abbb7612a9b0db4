import JSON
import Schemas

/// A description as written, for what the OpenAPI reader does not keep: examples, response headers and
/// media types, and the schema keywords `JSONSchema` does not show. References are local (`#/…`): the
/// bundled document has every other file inside it.
struct RawDocument: Sendable {
    let root: JSONValue

    /// `$ref` hops followed before giving up (a cycle of references refers to nothing).
    static let hopLimit = 32

    /// The value at `pointer` (`#/components/schemas/Pet`), if there is one.
    func value(at pointer: String) -> JSONValue? {
        JSONPointer(pointer)?.resolve(in: root)
    }

    /// `value` with a `$ref` standing for it followed to what it names.
    func resolved(_ value: JSONValue?) -> JSONValue? {
        var current = value
        for _ in 0..<Self.hopLimit {
            guard case .string(let reference)? = current?["$ref"] else { return current }
            guard let target = self.value(at: reference) else { return nil }
            current = target
        }
        return nil
    }

    /// The operation object of `method` on `path`, as written.
    func operation(path: String, method: String) -> JSONValue? {
        let pathItem = resolved(root["paths"]?[path])
        return resolved(pathItem?[method.lowercased()])
    }
}
