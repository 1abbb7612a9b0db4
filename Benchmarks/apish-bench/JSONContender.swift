import Facade
import Foundation
import JSON

/// One of the JSON parsers being compared. Each parse returns the number of groups found, which
/// both checks the result and keeps the optimiser from discarding the work.
enum JSONContender: String, CaseIterable, Sendable {
    case ours
    case tree
    case decoder
    case serialization

    var label: String {
        switch self {
        case .ours: "ours"
        case .tree: "ours, as a JSONValue tree"
        case .decoder: "JSONDecoder"
        case .serialization: "JSONSerialization"
        }
    }

    struct WrongShape: Error, CustomStringConvertible {
        let contender: JSONContender
        var description: String { "\(contender.label) did not find the results array" }
    }

    func groupCount(in data: Data) throws -> Int {
        try withParsed(data) { $0 }
    }

    /// Parses `data` and hands the group count to `body` while the parsed value is still alive, so a
    /// memory measurement taken inside `body` sees what the parsed tree occupies.
    func withParsed<Result>(_ data: Data, _ body: (Int) -> Result) throws -> Result {
        switch self {
        case .ours:
            // What a response body becomes: the document and its tape.
            let document = try JSONDocument.parse(data)
            guard let count = document.count(at: JSONPath([.key("results")])) else { throw WrongShape(contender: self) }
            return withExtendedLifetime(document) { body(count) }
        case .tree:
            let value = try JSONValue.parse(data)
            guard let results = value["results"]?.arrayValue else { throw WrongShape(contender: self) }
            return withExtendedLifetime(value) { body(results.count) }
        case .decoder:
            let value = try JSONDecoder().decode(AnyJSON.self, from: data)
            guard case .object(let members) = value, case .array(let results) = members["results"] else {
                throw WrongShape(contender: self)
            }
            return withExtendedLifetime(value) { body(results.count) }
        case .serialization:
            let value = try JSONSerialization.jsonObject(with: data)
            guard let results = (value as? [String: Any])?["results"] as? [Any] else { throw WrongShape(contender: self) }
            return withExtendedLifetime(value) { body(results.count) }
        }
    }
}
