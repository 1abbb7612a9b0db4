import APIDescriptions
import Facade
import HTTPClient
import HTTPTypes
import JSON
import Schemas
import FoundationFree
import ScriptLanguage
import Reports
import Scripts
import Shell

extension ImpactScanner {
    /// `expect version SERVICE == VERSION`: a pin of A, which `--fix` makes B.
    mutating func scanExpectVersion(_ context: inout LineContext, service: ScriptEffect.Argument, version: ScriptEffect.Argument?) {
        guard let named = value(of: service, in: context) else {
            context.findings.append(finding("unresolved", "the service is known only at run time", .unknown, nil))
            return
        }
        guard reaches(named), let versionArgument = version else { return }
        guard let version = value(of: versionArgument, in: context) else {
            context.findings.append(finding("unresolved", "the version is known only at run time", .unknown, nil))
            return
        }
        if ServiceVersion(version) == entryA.version, entryA.version != entryB.version {
            context.findings.append(finding("version", "pins \(a), which --fix makes \(b)", .breaking, nil))
            if let version = Self.written(b), let position = versionArgument.position { context.replace(position + 1, with: version) }
        }
    }

    /// A `let` after a request: the response property it captures.
    mutating func scanCapture(_ context: inout LineContext, name: ScriptEffect.Argument, path: [ScriptEffect.Argument]) {
        guard let request = readRequest(&context, reading: [name] + path),
              let path = try? JSONPath.parse(path.map(\.text).joined(separator: " ").trimmingBlanks()) else { return }
        context.findings.append(checkRead(path, of: request, context: &context))
    }

    /// An `expect` after a request: the status or the response property it checks, read by `expect`'s grammar.
    mutating func scanCheck(_ context: inout LineContext, _ words: [ScriptEffect.Argument]) {
        guard var request = readRequest(&context, reading: words) else { return }
        let typed = context.words
        let parsed = try? Expectation.parse(words.map { word in
            Expectation.Argument(word.text, quoted: word.position.map { typed.indices.contains($0 + 1) && typed[$0 + 1].isQuoted } ?? false)
        })
        let path: JSONPath
        switch parsed {
        case .status(let comparison, let status)?:
            if comparison == .equal { request.expectedStatus = status }
            lastRequest = request
            context.findings.append(checkStatus(status, comparison: comparison, of: request))
            return
        case .value(let found, _)?, .exists(let found)?, .count(let found, _, _)?:
            path = found
        default:
            return
        }
        context.findings.append(checkRead(path, of: request, context: &context))
    }

    /// The request whose response a `let` or `expect` reads, when it reached the service and the words it
    /// reads with are known; else nil, with the finding that says why when it is not known.
    private func readRequest(_ context: inout LineContext, reading arguments: [ScriptEffect.Argument]) -> RequestUse? {
        if lastRequestUnknown {
            context.findings.append(finding("unresolved", "reads the response of a request known only at run time", .unknown, nil))
            return nil
        }
        guard let request = lastRequest else { return nil }
        guard !arguments.contains(where: { value(of: $0, in: context) == nil }) else {
            context.findings.append(finding("unresolved", "the check is known only at run time", .unknown, request.operation.displayName))
            return nil
        }
        return request
    }

    package func pair(of operation: OpenAPIOperation) -> OperationPairing.Pair? {
        pairing.pair(of: operation)
    }

    private func checkStatus(_ status: Int, comparison: ExpectationOperator, of request: RequestUse) -> ImpactFinding {
        let operation = request.operation.displayName
        guard let pair = pair(of: request.operation) else {
            return finding("operation removed", "reads the answer of \(operation), removed in \(b)", .breaking, operation)
        }
        guard comparison == .equal else { return finding("unchanged", "status \(comparison.rawValue) \(status): not pinned to one status", .ok, operation) }
        let declared = { (responses: [OpenAPIResponse]) in
            responses.contains { $0.status == String(status) || $0.status.uppercased() == "\(status / 100)XX" }
        }
        if declared(pair.b.responses) {
            return finding("unchanged", "status \(status) still declared", .ok, operation)
        }
        let statuses = pair.b.responses.map(\.status).joined(separator: ", ")
        return finding("status removed", "status \(status) no longer declared (\(b): \(statuses))",
                       declared(pair.a.responses) ? .breaking : .review, operation)
    }

    /// The response schema a read of `request` sees in one operation: the status it pinned, else the
    /// first success.
    private func responseSchema(_ operation: OpenAPIOperation, status: Int?) -> JSONSchema? {
        if let status, let response = operation.responses.first(where: { $0.status == String(status) }) {
            return response.schema
        }
        return operation.responses.first(where: \.isSuccess)?.schema
    }

    private func checkRead(_ path: JSONPath, of request: RequestUse, context: inout LineContext) -> ImpactFinding {
        let operation = request.operation.displayName
        guard let pair = pair(of: request.operation) else {
            return finding("operation removed", "reads the answer of \(operation), removed in \(b)", .breaking, operation)
        }
        guard var schemaA = responseSchema(pair.a, status: request.expectedStatus) else {
            return finding("undeclared", "\(path) is not described by \(a)'s document", .review, operation)
        }
        // B answers with its own success status when A's pinned one is gone (201 → 200).
        guard var schemaB = responseSchema(pair.b, status: request.expectedStatus) else {
            return finding("response removed", "\(pair.b.displayName) declares no JSON answer in \(b)", .breaking, operation)
        }
        var walked = ""
        for component in path.components {
            switch component {
            case .key(let key):
                let parent = walked
                walked = JSONPath.appending(key: key, to: walked)
                guard let nextA = schemaA.property(named: key) else {
                    return finding("undeclared", "response property \(walked) is not declared in \(a) either", .review, operation)
                }
                let requiredInA = schemaA.required.contains(key)
                guard let nextB = schemaB.property(named: key) else {
                    // Not gone: what held it became one of several shapes (`oneOf [string, object]`), and
                    // only some hold it.
                    if schemaB.property(namedInAnyAlternative: key) != nil {
                        let shapes = (schemaB.oneOf.isEmpty ? schemaB.anyOf : schemaB.oneOf).map(\.typeDescription).joined(separator: ", ")
                        let place = parent.isEmpty ? "the response" : "response property \(parent)"
                        context.fix.comments.append("\(place) is one of \(shapes) in \(b); \(walked) is in only some of them")
                        return finding("response property changed", "\(place) changed to one of \(shapes); \(walked) is in only some",
                                       .breaking, operation)
                    }
                    context.fix.comments.append("\(walked) was removed from the response in \(b); decide what this line should read")
                    // The diff calls an optional property's going a warning; a line that reads it fails.
                    return finding("response property removed", "response property \(walked) removed", .breaking, operation)
                }
                // As the spec diff grades it (`response-property-became-optional`): the line may find nothing.
                if requiredInA, !schemaB.required.contains(key), !nextB.isWriteOnly {
                    context.fix.comments.append("\(walked) may be missing from the response in \(b); check this line still holds")
                    return finding("response property optional", "response property \(walked) is no longer required in \(b)",
                                   ImpactVerdict(SpecChangeRules.level(of: "response-property-became-optional")), operation)
                }
                schemaA = nextA
                schemaB = nextB
            case .index, .match:
                walked += "[]"
                guard let nextA = schemaA.items, let nextB = schemaB.items else {
                    return finding("undeclared", "response \(walked) is not an array in both versions", .review, operation)
                }
                schemaA = nextA
                schemaB = nextB
            }
        }
        let typesA = Self.types(schemaA), typesB = Self.types(schemaB)
        if typesA != typesB {
            context.fix.comments.append("\(path) is \(Self.text(typesB)) in \(b), was \(Self.text(typesA)); check what this line compares")
            return finding("response property changed type", "response property \(path) changed type (\(Self.text(typesA)) → \(Self.text(typesB)))",
                           .breaking, operation)
        }
        return finding("unchanged", "reads \(path), unchanged", .ok, operation)
    }
}
