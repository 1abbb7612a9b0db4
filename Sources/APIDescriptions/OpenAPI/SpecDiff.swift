import JSON
import HTTPClient
/// What changed between two versions of an OpenAPI document, classified breaking or not by the usual
/// rules (as oasdiff): a removed operation, removed success status, removed response property, response
/// type changed, new required parameter or request property, optional parameter now required, narrowed
/// request type or removed request enum value break clients; additions, relaxed requirements and renamed
/// path parameters do not.
///
/// Operations are paired by `OperationPairing`: by `operationId`, else by method and path with path
/// parameters matched by position (so `/pets/{petId}` and `/pets/{id}` are one operation whose path
/// parameter was renamed), else across a version prefix (`/v1/…` → `/v2/…`). A pair that moved is one
/// change (`path: moved`); its parameters and schemas are compared as for any pair.
public enum SpecDiff {
    /// The changes from `a` to `b`, grouped by operation (by path, path parameters aside, then method),
    /// breaking ones first.
    public static func compare(_ a: OpenAPIDocument, _ b: OpenAPIDocument) -> [SpecChange] {
        let pairing = OperationPairing(a, b)
        var schemas = SchemaComparison()
        var changes: [(change: SpecChange, path: String, method: HTTPMethod)] = []
        for pair in pairing.pairs {
            let found = moveChanges(pair) + compare(pair.a, pair.b, schemas: &schemas)
            changes += found.map { ($0, pair.a.pathShape, pair.a.method) }
        }
        for operationA in pairing.removed {
            let removed = SpecChange(operation: operationA.signature, location: "operation", change: "removed", breaking: true,
                                     a: operationA.operationId, b: nil)
            changes.append((removed, operationA.pathShape, operationA.method))
        }
        for operationB in pairing.added {
            let added = SpecChange(operation: operationB.signature, location: "operation", change: "added", breaking: false,
                                   a: nil, b: operationB.operationId)
            changes.append((added, operationB.pathShape, operationB.method))
        }
        return changes.enumerated().sorted { left, right in
            let l = left.element, r = right.element
            if l.path != r.path { return l.path < r.path }
            if l.method != r.method { return methodRank(l.method) < methodRank(r.method) }
            if l.change.breaking != r.change.breaking { return l.change.breaking }
            return left.offset < right.offset
        }.map(\.element.change)
    }

    /// A paired operation that moved (`path: moved (/v1/x → /v2/x)`, breaking for callers that build its
    /// URL) or whose `operationId` changed (`call OLD` stops working; plain HTTP callers do not notice).
    private static func moveChanges(_ pair: OperationPairing.Pair) -> [SpecChange] {
        var changes: [SpecChange] = []
        if pair.a.method != pair.b.method {
            changes.append(SpecChange(operation: pair.a.signature, location: "operation", change: "moved", breaking: true,
                                      a: pair.a.signature, b: pair.b.signature))
        } else if pair.isMoved {
            changes.append(SpecChange(operation: pair.a.signature, location: "path", change: "moved", breaking: true,
                                      a: pair.a.path, b: pair.b.path))
        }
        if pair.isRenamed {
            changes.append(SpecChange(operation: pair.a.signature, location: "operation", change: "renamed", breaking: false,
                                      a: pair.a.operationId, b: pair.b.operationId))
        }
        return changes
    }

    private static let methodOrder: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options, "TRACE"]

    private static func methodRank(_ method: HTTPMethod) -> Int {
        methodOrder.firstIndex(of: method) ?? methodOrder.count
    }

    private static func compare(_ a: OpenAPIOperation, _ b: OpenAPIOperation, schemas: inout SchemaComparison) -> [SpecChange] {
        var changes: [SpecChange] = []
        func add(_ location: String, _ change: String, breaking: Bool, a before: String? = nil, b after: String? = nil) {
            changes.append(SpecChange(operation: a.signature, location: location, change: change, breaking: breaking, a: before, b: after))
        }
        func compareSchemas(_ schemaA: JSONSchema?, _ schemaB: JSONSchema?, at location: String, _ direction: SchemaComparison.Direction) {
            guard let schemaA, let schemaB else { return }
            for change in schemas.compare(schemaA, schemaB, direction: direction) {
                add(change.location(under: location), change.change, breaking: change.breaking, a: change.a, b: change.b)
            }
        }
        if a.pathParameterNames != b.pathParameterNames {
            add("path", "path parameter renamed", breaking: false, a: a.path, b: b.path)
        }
        if !a.deprecated, b.deprecated {
            add("operation", "deprecated", breaking: false)
        }

        let parametersB = Dictionary(b.parameters.map { (parameterKey($0, in: b), $0) }, uniquingKeysWith: { first, _ in first })
        var keysA = Set<String>()
        for parameterA in a.parameters {
            let key = parameterKey(parameterA, in: a)
            keysA.insert(key)
            let location = "parameter \(parameterA.name)"
            guard let parameterB = parametersB[key] else {
                add(location, "removed", breaking: false, a: parameterA.typeDescription)
                continue
            }
            if !parameterA.required, parameterB.required {
                add(location, "now required", breaking: true)
            } else if parameterA.required, !parameterB.required {
                add(location, "no longer required", breaking: false)
            }
            compareSchemas(parameterA.schema, parameterB.schema, at: location, .request)
        }
        for parameterB in b.parameters where !keysA.contains(parameterKey(parameterB, in: b)) {
            add("parameter \(parameterB.name)", "added", breaking: parameterB.required,
                b: (parameterB.required ? "required " : "optional ") + parameterB.typeDescription)
        }

        switch (a.requestBody, b.requestBody) {
        case (nil, let bodyB?):
            add("request body", "added", breaking: bodyB.required, b: bodyB.required ? "required" : "optional")
        case (_?, nil):
            add("request body", "removed", breaking: false)
        case let (bodyA?, bodyB?):
            if !bodyA.required, bodyB.required {
                add("request body", "now required", breaking: true)
            } else if bodyA.required, !bodyB.required {
                add("request body", "no longer required", breaking: false)
            }
            compareSchemas(bodyA.schema, bodyB.schema, at: "request body", .request)
        case (nil, nil):
            break
        }

        for responseA in a.responses {
            guard let responseB = b.responses.first(where: { $0.status.uppercased() == responseA.status.uppercased() }) else {
                add("status \(responseA.status)", "removed", breaking: responseA.isSuccess)
                continue
            }
            compareSchemas(responseA.schema, responseB.schema, at: "response \(responseA.status) body", .response)
        }
        for responseB in b.responses where !a.responses.contains(where: { $0.status.uppercased() == responseB.status.uppercased() }) {
            add("status \(responseB.status)", "added", breaking: false)
        }
        return changes
    }

    /// Path parameters by their position in the template, so a renamed one still matches; others by
    /// location and name (header names in any case).
    private static func parameterKey(_ parameter: OpenAPIParameter, in operation: OpenAPIOperation) -> String {
        switch parameter.location {
        case .path:
            if let position = operation.pathParameterNames.firstIndex(of: parameter.name) { return "path #\(position)" }
            return "path \(parameter.name)"
        case .header:
            return "header \(parameter.name.lowercased())"
        case .query, .cookie:
            return "\(parameter.location.rawValue) \(parameter.name)"
        }
    }
}
