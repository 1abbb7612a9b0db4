import Foundation
import JSON
@testable import DemoServer

extension TestResponse {
    /// The body read strictly by the JSON module's parser. Its `==` ignores member order, as JSON does;
    /// tests that pin the order compare `keys` or `encoded()`.
    func json() throws -> JSONValue {
        try JSONValue.parse(Data(body))
    }
}

extension JSONValue {
    /// The member names of an object, in order (empty for anything else).
    var keys: [String] {
        objectValue?.map(\.0) ?? []
    }

    /// The value at a JSON pointer (`#/components/schemas/Pet` or `/paths/~1pets`), nil when absent.
    func resolving(pointer: String) -> JSONValue? {
        var current: JSONValue? = self
        let tokens = pointer.drop { $0 == "#" }.split(separator: "/", omittingEmptySubsequences: true)
        for token in tokens {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object?: current = current?[key]
            case .array(let items)?: current = Int(key).flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: return nil
            }
        }
        return current
    }
}
