import Facade
import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The VALUE of `expect PATH == VALUE`, read the way people write it: a bare `63` is a number, `true`,
/// `false` and `null` are themselves, `[1,2]` and `{"a":1}` are JSON, anything else bare (`Boston`,
/// `New York`) is a string, and a quoted word (`"63"`) is always a string.
public struct ExpectedValue: Sendable, Equatable {
    public let value: JSONValue
    /// How the value is shown in messages: strings that could be mistaken for other types are quoted.
    public let written: String

    public init(value: JSONValue, written: String) {
        self.value = value
        self.written = written
    }

    /// Reads the words after the operator (`after` names it for the error message).
    package init(_ arguments: [Expectation.Argument], after operatorWord: String) throws(ExpectationError) {
        guard !arguments.isEmpty else { throw ExpectationError("expect PATH \(operatorWord) needs a value after \(operatorWord)") }
        if arguments.count == 1, arguments[0].quoted {
            let text = arguments[0].text
            self.init(value: .string(text), written: JSONValue.string(text).encoded())
            return
        }
        let joined = arguments.map(\.text).joined(separator: " ")
        if !arguments.contains(where: \.quoted), let parsed = try? JSONValue.parse(joined) {
            self.init(value: parsed, written: parsed.encoded())
        } else {
            self.init(value: .string(joined), written: joined)
        }
    }

    /// Equality as a script means it: same JSON type and the same value; numbers by their decimal value
    /// (`4` equals `4.0`), objects whatever their member order. A string never equals a number, so a v1
    /// `"63"` is told apart from a v2 `63`.
    package func equals(_ actual: JSONValue) -> Bool {
        actual == value
    }

    /// The order of `actual` relative to this value: numbers numerically, strings by their characters;
    /// nil when the two cannot be ordered (different types, or neither numbers nor strings).
    package func order(of actual: JSONValue) -> ComparisonResult? {
        switch (actual, value) {
        case let (.number(left), .number(right)):
            guard let a = left.double, let b = right.double else { return nil }
            if left == right { return .orderedSame }
            return a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
        case let (.string(left), .string(right)):
            return left == right ? .orderedSame : (left < right ? .orderedAscending : .orderedDescending)
        default:
            return nil
        }
    }

    /// `contains`: a substring of a string, an element of an array, a key of an object.
    func isContained(in actual: JSONValue) -> Bool? {
        switch actual {
        case .string(let text):
            // Every string contains the empty string (Foundation's `contains` says otherwise).
            return value.displayText.isEmpty || text.contains(value.displayText)
        case .array(let elements):
            return elements.contains { $0 == value }
        case .object(let object):
            return object[value.displayText] != nil
        default:
            return nil
        }
    }
}
