import Facade
import JSON
import HTTPClient
import HTTPTypes
import Secrets
import FoundationFree
import Secrets
import Shell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an expectation is checked against: the last request and the versions in use, or the data of a
/// command that stands in for a response (`diff --spec`).
public struct ExpectationContext {
    /// How the last request ended; nil before any request, and for a command's data.
    public var outcome: Outcome?
    /// The last response body when it was JSON, or the command's data.
    public var body: JSONValue?
    /// The last response's parsed body, walked by paths instead of `body` when there is no `subject`.
    public var document: JSONDocument?
    /// The command whose data `body` is (`diff --spec`), when it is not a response.
    public var subject: String?
    /// The last response's headers; nil when it got none (or for a command's data).
    public var headers: HTTPHeaders?
    /// The version of a service in use; nil for a service the locator does not have.
    public var activeVersion: (String) -> ServiceVersion?
    /// Stops a long `matches` (Ctrl-C).
    public var cancellation: CancellationToken?

    public init(
        outcome: Outcome?, body: JSONValue?, document: JSONDocument? = nil, subject: String? = nil,
        headers: HTTPHeaders? = nil, activeVersion: @escaping (String) -> ServiceVersion? = { _ in nil }
    ) {
        self.headers = headers
        self.outcome = outcome
        self.body = body
        self.document = document
        self.subject = subject
        self.activeVersion = activeVersion
    }
}

/// Whether an expectation held, and a line saying so: `status 200` when it passed,
/// `expected data[0].likeCount == 4, got 3` when it did not.
public struct ExpectationResult: Sendable, Equatable {
    public let passed: Bool
    public let message: String
    /// The value that was checked, for `--json`.
    public let actual: JSONValue?
}

extension Expectation: CustomStringConvertible {
    /// The expectation as it is written after `expect` (canonical spelling).
    public var description: String {
        switch self {
        case let .status(comparison, status):
            comparison == .equal ? "status \(status)" : "status \(comparison.rawValue) \(status)"
        case let .result(kind, negated):
            negated ? "result != \(kind.rawValue)" : "result \(kind.rawValue)"
        case let .version(service, version, negated):
            "version \(service) \(negated ? "!=" : "==") \(version)"
        case let .count(path, comparison, count):
            "count \(path) \(comparison.rawValue) \(count)"
        case let .value(path, .compare(comparison, expected)):
            "\(path) \(comparison.rawValue) \(expected.written)"
        case let .value(path, .contains(expected)):
            "\(path) contains \(expected.written)"
        case let .value(path, .matches(pattern)):
            "\(path) matches \(pattern)"
        case let .exists(path):
            "\(path) exists"
        case let .header(name, .equals(value, negated)):
            "header \(name) \(negated ? "!=" : "==") \(Self.written(value))"
        case let .header(name, .contains(value)):
            "header \(name) contains \(Self.written(value))"
        case let .header(name, .matches(pattern)):
            "header \(name) matches \(pattern)"
        case let .header(name, .exists):
            "header \(name) exists"
        case .schema:
            "schema"
        }
    }

    /// Checks the expectation; never throws: every way of not holding is a failed result with a message.
    public func evaluate(in context: ExpectationContext) -> ExpectationResult {
        switch self {
        case let .status(comparison, expected):
            guard let outcome = context.outcome else { return noRequest(context) }
            guard let status = outcome.status else {
                return fail("got no response (\(outcome.description))", actual: .null)
            }
            let actual = JSONValue.number(JSONNumber(status))
            return comparison.holds(Self.order(status, expected)) ? pass(actual) : fail("got \(status)", actual: actual)

        case let .result(kind, negated):
            guard let outcome = context.outcome else { return noRequest(context) }
            let actual = JSONValue.string(outcome.kind.rawValue)
            if (outcome.kind == kind) != negated { return pass(actual) }
            let detail = outcome.isSuccess ? "" : " (\(outcome.description))"
            return fail("got \(outcome.kind.rawValue)\(detail)", actual: actual)

        case let .version(service, expected, negated):
            guard let active = context.activeVersion(service) else {
                return failure(but: "there is no service \(service) in the locator")
            }
            let actual = JSONValue.string(active.description)
            return (active == expected) != negated ? pass(actual) : fail("got \(active)", actual: actual)

        case let .count(path, comparison, expected):
            let found: JSONValue
            switch lookUp(path, in: context) {
            case .success(let value): found = value
            case .failure(let failure): return failure.result
            }
            let size: Int
            switch found {
            case .array(let elements): size = elements.count
            case .object(let object): size = object.count
            default: return fail("but \(path) is \(PathLookup.describe(found)), not an array or object", actual: found)
            }
            let actual = JSONValue.number(JSONNumber(size))
            return comparison.holds(Self.order(size, expected)) ? pass(actual) : fail("got \(size)", actual: actual)

        case let .exists(path):
            switch lookUp(path, in: context) {
            case .success(let value): return pass(value)
            case .failure(let failure): return failure.result
            }

        case let .header(name, check):
            return evaluate(header: name, check, in: context, cancellation: context.cancellation)

        case .schema:
            guard let outcome = context.outcome, context.subject == nil else { return noRequest(context) }
            if case .decodeError(_, let failure) = outcome {
                return fail("got a schema violation: \(failure)", actual: .string(failure.description))
            }
            guard outcome.status != nil else { return fail("got no response (\(outcome.description))", actual: .null) }
            return pass(.bool(true))

        case let .value(path, check):
            let found: JSONValue
            switch lookUp(path, in: context) {
            case .success(let value): found = value
            case .failure(let failure): return failure.result
            }
            return evaluate(check, on: found, cancellation: context.cancellation)
        }
    }

    /// A value as written after `==`: bare when it is one word, else quoted.
    private static func written(_ value: String) -> String {
        value.isEmpty || value.contains(where: { $0 == " " || $0 == "\"" }) ? JSONValue.string(value).encoded() : value
    }

    private func evaluate(
        header name: String, _ check: HeaderCheck, in context: ExpectationContext, cancellation: CancellationToken?
    ) -> ExpectationResult {
        guard let outcome = context.outcome, context.subject == nil else { return noRequest(context) }
        guard let headers = context.headers else {
            return failure(but: "the last request got no response (\(outcome.description))")
        }
        let values = headers.values(for: name)
        guard !values.isEmpty else {
            let names = headers.map(\.name)
            return failure(but: "the last response has no header \(name)" + (names.isEmpty ? "" : " (it has: \(names.joined(separator: ", ")))"))
        }
        let value = values.joined(separator: ", ")
        // A credential's value (Set-Cookie, a reflected Authorization) is checked, never shown.
        let masked = Redactor.isCredentialLikeHeader(name) || name.lowercased() == "set-cookie"
        let shown = masked ? Redactor.maskKeepingScheme(value) : JSONValue.string(value).encoded()
        let actual = JSONValue.string(masked ? shown : value)
        let holds: Bool
        switch check {
        case .exists:
            holds = true
        case let .equals(expected, negated):
            holds = (value.trimmingWhitespace() == expected) != negated
        case .contains(let part):
            holds = value.literalRange(of: part) != nil
        case .matches(let pattern):
            // The same bounded matcher as for body values: linear in the text, with a step budget.
            if pattern.isEmpty {
                holds = true
            } else {
                do {
                    holds = try BoundedRegex(pattern).matches(value, cancellation: cancellation)
                } catch {
                    return fail(error == .tooCostly ? "pattern too costly: \(error)" : "\(error)", actual: actual)
                }
            }
        }
        return holds ? pass(actual) : fail("got \(shown)", actual: actual)
    }

    private func evaluate(_ check: ValueCheck, on actual: JSONValue, cancellation: CancellationToken?) -> ExpectationResult {
        let shown = PathLookup.shortJSON(actual)
        switch check {
        case let .compare(comparison, expected):
            if comparison == .equal || comparison == .notEqual {
                if expected.equals(actual) == (comparison == .equal) { return pass(actual) }
                let note = actual.typeName != expected.value.typeName && comparison == .equal
                    ? " (\(article(actual.typeName)), not \(article(expected.value.typeName)))" : ""
                return fail("got \(shown)\(note)", actual: actual)
            }
            guard let ordering = expected.order(of: actual) else {
                return fail("got \(shown) (\(article(actual.typeName)); \(comparison.rawValue) compares two numbers or two strings)", actual: actual)
            }
            return comparison.holds(ordering) ? pass(actual) : fail("got \(shown)", actual: actual)

        case let .contains(expected):
            guard let contained = expected.isContained(in: actual) else {
                return fail("got \(shown) (\(article(actual.typeName)); contains looks in a string, an array or an object)", actual: actual)
            }
            return contained ? pass(actual) : fail("got \(shown)", actual: actual)

        case let .matches(pattern):
            let text: String
            switch actual {
            case .string, .number, .bool: text = actual.displayText
            default: return fail("got \(shown) (\(article(actual.typeName)), not text)", actual: actual)
            }
            // The empty pattern matches everything, as in grep. The matcher is linear in the text and bounded.
            if pattern.isEmpty { return pass(actual) }
            do {
                let found = try BoundedRegex(pattern).matches(text, cancellation: cancellation)
                return found ? pass(actual) : fail("got \(shown)", actual: actual)
            } catch {
                return fail(error == .tooCostly ? "pattern too costly: \(error)" : "\(error)", actual: actual)
            }
        }
    }

    /// A lookup that failed, already turned into the expectation's failed result.
    private struct LookupFailure: Error {
        package let result: ExpectationResult
    }

    private func lookUp(_ path: JSONPath, in context: ExpectationContext) -> Result<JSONValue, LookupFailure> {
        let found: PathLookup.Result
        if let subject = context.subject, let data = context.body {
            // A result that says it stopped early (a capped or cancelled diff) passes no expectation.
            if case .bool(false)? = data["complete"] {
                let reason = data["incomplete"]?.stringValue ?? "it stopped early"
                return .failure(LookupFailure(result: failure(but: "the \(subject) result is incomplete (\(reason))")))
            }
            found = PathLookup.find(path, in: data, rootName: "the \(subject) result")
        } else {
            guard let outcome = context.outcome else { return .failure(LookupFailure(result: noRequest(context))) }
            if let document = context.document {
                found = PathLookup.find(path, in: document)
            } else if let body = context.body {
                found = PathLookup.find(path, in: body)
            } else {
                let why = outcome.status == nil ? "the last request got no response (\(outcome.description))" : "the last response has no JSON body"
                return .failure(LookupFailure(result: failure(but: why)))
            }
        }
        switch found {
        case .found(let value):
            return .success(value)
        case .missing(let reason):
            if case .exists = self { return .failure(LookupFailure(result: failure(but: reason))) }
            return .failure(LookupFailure(result: failure(but: "\(path) is missing: \(reason)")))
        }
    }

    private func pass(_ actual: JSONValue?) -> ExpectationResult {
        ExpectationResult(passed: true, message: description, actual: actual)
    }

    /// `expected <expectation>, <what happened>`.
    private func fail(_ what: String, actual: JSONValue?) -> ExpectationResult {
        ExpectationResult(passed: false, message: "expected \(description), \(what)", actual: actual)
    }

    /// `expected <expectation>, but <reason>`; `expected PATH exists` reads badly, so existence says `to exist`.
    private func failure(but reason: String) -> ExpectationResult {
        if case .exists(let path) = self {
            return ExpectationResult(passed: false, message: "expected \(path) to exist, but \(reason)", actual: nil)
        }
        return ExpectationResult(passed: false, message: "expected \(description), but \(reason)", actual: nil)
    }

    private func noRequest(_ context: ExpectationContext) -> ExpectationResult {
        if let subject = context.subject {
            return failure(but: "the last result is from \(subject), which sends no request; check its data, e.g. expect breaking == 0")
        }
        return failure(but: "no request has been made yet; run one first (refresh, call, get …)")
    }

    private static func order(_ actual: Int, _ expected: Int) -> ComparisonResult {
        actual == expected ? .orderedSame : (actual < expected ? .orderedAscending : .orderedDescending)
    }

    private func article(_ typeName: String) -> String {
        switch typeName {
        case "null": "null"
        case "array", "object": "an \(typeName)"
        default: "a \(typeName)"
        }
    }
}
