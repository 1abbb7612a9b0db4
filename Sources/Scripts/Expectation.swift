import Shell
import Facade
import JSON
import FoundationFree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One `expect …` assertion, parsed. Parsing and evaluation (`Expectation+Evaluation.swift`) are pure, so
/// they are tested on plain values; `ExpectCommand` feeds them the session's last response.
///
/// The words `status`, `result`, `count`, `version` and `header` are keywords when they come first; a body field
/// with one of those names is written `.status` (or `["status"]`).
public enum Expectation: Sendable, Equatable {
    /// `expect status 200`, `expect status >= 200`: the HTTP status of the last response.
    case status(ExpectationOperator, Int)
    /// `expect result requestError` (`!= KIND` negates): how the last request was classified.
    case result(OutcomeKind, negated: Bool)
    /// `expect version weather == v2`: the version of a service in use.
    case version(service: String, ServiceVersion, negated: Bool)
    /// `expect count data == 12`: the number of elements (array) or members (object) at a path.
    case count(JSONPath, ExpectationOperator, Int)
    /// `expect PATH OP VALUE`, `expect PATH contains VALUE`, `expect PATH matches REGEX`.
    case value(JSONPath, ValueCheck)
    /// `expect PATH exists` (a `null` there counts as existing).
    case exists(JSONPath)
    /// `expect header Content-Type contains json`: a header of the last response (name case-insensitive;
    /// repeated fields joined with `, `).
    case header(name: String, HeaderCheck)
    /// `expect schema` (or `expect valid`): the last answer matches the schema or model it was checked
    /// against (it was not a `decodeError`).
    case schema

    /// What is checked about a response header: its whole value compared exactly, a substring, a regular
    /// expression, or only that it is there.
    public enum HeaderCheck: Sendable, Equatable {
        case equals(String, negated: Bool)
        case contains(String)
        case matches(String)
        case exists
    }

    /// What is checked about the value at a path.
    public enum ValueCheck: Sendable, Equatable {
        case compare(ExpectationOperator, ExpectedValue)
        /// A substring of a string, an element of an array, or a key of an object.
        case contains(ExpectedValue)
        /// A regular expression searched for in a string (anywhere, unless anchored with `^…$`).
        case matches(String)
    }

    /// One word after `expect`, with whether it was quoted (`"63"` is a string, `63` a number).
    public struct Argument: Sendable, Equatable, ExpressibleByStringLiteral {
        public let text: String
        public let quoted: Bool

        public init(_ text: String, quoted: Bool = false) {
            self.text = text
            self.quoted = quoted
        }

        public init(stringLiteral value: String) {
            self.init(value)
        }
    }

    /// Every form, as `help expect` shows them (read from the command's declaration, so the two agree).
    public static var usage: String { ExpectCommand().signature.usage("expect") }

    /// The forms of one check (`expect status N`), as `help expect` shows them.
    static func usage(of check: String) -> String { ExpectCommand().signature.usage("expect", subcommand: check) }

    /// Parses the words after `expect`.
    public static func parse(_ arguments: [Argument]) throws(ExpectationError) -> Expectation {
        guard let first = arguments.first else { throw ExpectationError("usage: " + usage) }
        let rest = Array(arguments.dropFirst())
        if !first.quoted {
            switch first.text.lowercased() {
            case "status": return try parseStatus(rest)
            case "result": return try parseResult(rest)
            case "version": return try parseVersion(rest)
            case "count": return try parseCount(rest)
            // `expect schema == 1` checks a body member called `schema`.
            case "schema" where rest.isEmpty, "valid" where rest.isEmpty: return .schema
            // `expect header == 1` and `expect header exists` check a body member called `header`.
            case "header" where rest.count >= 2 && ExpectationOperator(rawValue: rest[0].text) == nil
                && !["contains", "matches", "exists"].contains(rest[0].text.lowercased()):
                return try parseHeader(rest)
            default: break
            }
        }
        let path = try parsePath(first.text)
        guard let word = rest.first else {
            throw ExpectationError("expect \(first.text): say what to check, e.g. expect \(first.text) exists or expect \(first.text) == VALUE")
        }
        let operands = Array(rest.dropFirst())
        if !word.quoted {
            switch word.text.lowercased() {
            case "exists":
                guard operands.isEmpty else { throw ExpectationError("expect PATH exists takes nothing after exists") }
                return .exists(path)
            case "contains":
                return .value(path, .contains(try ExpectedValue(operands, after: "contains")))
            case "matches":
                guard operands.count == 1 else {
                    throw ExpectationError("expect PATH matches REGEX takes one pattern (quote it if it has spaces)")
                }
                let pattern = operands[0].text
                do {
                    if !pattern.isEmpty { _ = try BoundedRegex(pattern) }
                } catch {
                    throw ExpectationError("invalid regular expression \(JSONValue.string(pattern).encoded()): \(error)")
                }
                return .value(path, .matches(pattern))
            default:
                break
            }
        }
        guard !word.quoted, let comparison = ExpectationOperator(rawValue: word.text) else {
            throw ExpectationError("expect \(first.text): '\(word.text)' is not a check; use ==, !=, <, >, <=, >=, contains, matches or exists")
        }
        return .value(path, .compare(comparison, try ExpectedValue(operands, after: comparison.rawValue)))
    }

    private static func parseStatus(_ rest: [Argument]) throws(ExpectationError) -> Expectation {
        let (comparison, operand) = try operatorAndOperand(rest, usage: usage(of: "status"))
        guard let status = Int(operand.text), (100...999).contains(status) else {
            throw ExpectationError("expect status: '\(operand.text)' is not an HTTP status like 200 or 404")
        }
        return .status(comparison, status)
    }

    private static func parseResult(_ rest: [Argument]) throws(ExpectationError) -> Expectation {
        let kinds = OutcomeKind.allCases.map(\.rawValue).joined(separator: "|")
        let (comparison, operand) = try operatorAndOperand(rest, usage: usage(of: "result"))
        guard comparison == .equal || comparison == .notEqual else {
            throw ExpectationError("expect result compares with == or != only")
        }
        guard let kind = OutcomeKind.allCases.first(where: { $0.rawValue.lowercased() == operand.text.lowercased() }) else {
            throw ExpectationError("expect result: '\(operand.text)' is not a result; use one of \(kinds)")
        }
        return .result(kind, negated: comparison == .notEqual)
    }

    private static func parseVersion(_ rest: [Argument]) throws(ExpectationError) -> Expectation {
        guard let service = rest.first else { throw ExpectationError("usage: " + usage(of: "version")) }
        let (comparison, operand) = try operatorAndOperand(Array(rest.dropFirst()), usage: usage(of: "version"))
        guard comparison == .equal || comparison == .notEqual else {
            throw ExpectationError("expect version compares with == or != only")
        }
        guard let version = ServiceVersion.parse(operand.text) else {
            throw ExpectationError("expect version: '\(operand.text)' is not a version like v2")
        }
        return .version(service: service.text, version, negated: comparison == .notEqual)
    }

    private static func parseHeader(_ rest: [Argument]) throws(ExpectationError) -> Expectation {
        let usage = usage(of: "header")
        let name = rest[0].text
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw ExpectationError("expect header: '\(name)' is not a header name; usage: \(usage)")
        }
        guard rest.count >= 2 else { throw ExpectationError("usage: \(usage)") }
        let word = rest[1]
        let value = rest.dropFirst(2).map(\.text).joined(separator: " ")
        let hasValue = rest.count > 2
        switch word.quoted ? "" : word.text.lowercased() {
        case "exists":
            guard !hasValue else { throw ExpectationError("expect header NAME exists takes nothing after exists") }
            return .header(name: name, .exists)
        case "==", "!=":
            guard hasValue else { throw ExpectationError("usage: \(usage)") }
            return .header(name: name, .equals(value, negated: word.text == "!="))
        case "contains":
            guard hasValue else { throw ExpectationError("usage: \(usage)") }
            return .header(name: name, .contains(value))
        case "matches":
            guard rest.count == 3 else {
                throw ExpectationError("expect header NAME matches REGEX takes one pattern (quote it if it has spaces)")
            }
            // Read by the matcher that will match it (linear in the text, bounded), so a pattern it cannot
            // match is refused here, as for a body value, rather than when the line runs.
            do {
                if !value.isEmpty { _ = try BoundedRegex(value) }
            } catch {
                throw ExpectationError("invalid regular expression \(JSONValue.string(value).encoded()): \(error)")
            }
            return .header(name: name, .matches(value))
        default:
            throw ExpectationError("expect header \(name): '\(word.text)' is not a check; use ==, !=, contains, matches or exists")
        }
    }

    private static func parseCount(_ rest: [Argument]) throws(ExpectationError) -> Expectation {
        guard let pathWord = rest.first else { throw ExpectationError("usage: " + usage(of: "count")) }
        let path = try parsePath(pathWord.text)
        let (comparison, operand) = try operatorAndOperand(Array(rest.dropFirst()), usage: usage(of: "count"))
        guard let count = Int(operand.text), count >= 0 else {
            throw ExpectationError("expect count: '\(operand.text)' is not a whole number")
        }
        return .count(path, comparison, count)
    }

    /// `[N]` (meaning `== N`) or `[OP, N]`.
    private static func operatorAndOperand(_ rest: [Argument], usage: String) throws(ExpectationError) -> (ExpectationOperator, Argument) {
        switch rest.count {
        case 1:
            return (.equal, rest[0])
        case 2:
            guard !rest[0].quoted, let comparison = ExpectationOperator(rawValue: rest[0].text) else {
                throw ExpectationError("'\(rest[0].text)' is not a comparison; usage: \(usage)")
            }
            return (comparison, rest[1])
        default:
            throw ExpectationError("usage: \(usage)")
        }
    }

    private static func parsePath(_ text: String) throws(ExpectationError) -> JSONPath {
        do {
            return try JSONPath.parse(text)
        } catch {
            throw ExpectationError(error.description)
        }
    }
}

/// `==`, `!=`, `<`, `>`, `<=`, `>=`.
public enum ExpectationOperator: String, Sendable, Equatable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case greater = ">"
    case lessOrEqual = "<="
    case greaterOrEqual = ">="

    /// Whether `ordering` (the actual value compared with the expected one) satisfies the operator.
    package func holds(_ ordering: ComparisonResult) -> Bool {
        switch self {
        case .equal: ordering == .orderedSame
        case .notEqual: ordering != .orderedSame
        case .less: ordering == .orderedAscending
        case .greater: ordering == .orderedDescending
        case .lessOrEqual: ordering != .orderedDescending
        case .greaterOrEqual: ordering != .orderedAscending
        }
    }
}

/// An `expect` line that cannot be understood: one line with the usage.
public struct ExpectationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
