import JSON
import HTTPClient
/// What changed between two versions of an OpenAPI document, classified breaking or not by the usual
/// rules (as oasdiff): a removed operation, removed success status, removed response property, response
/// type changed, new required parameter or request property, optional parameter now required, narrowed
/// request type or removed request enum value break clients; additions, relaxed requirements and renamed
/// path parameters do not.
///
/// Operations are matched by method and path with path parameters matched by position, so
/// `/pets/{petId}` and `/pets/{id}` are one operation whose path parameter was renamed.
public enum SpecDiff {
    /// The changes from `a` to `b`, grouped by operation (by path, path parameters aside, then method),
    /// breaking ones first.
    public static func compare(_ a: OpenAPIDocument, _ b: OpenAPIDocument) -> [SpecChange] {
        var operationsB: [String: OpenAPIOperation] = [:]
        for operation in b.operations where operationsB[key(operation)] == nil {
            operationsB[key(operation)] = operation
        }
        var keysA = Set<String>()
        var schemas = SchemaComparison()
        var changes: [(change: SpecChange, path: String, method: HTTPMethod)] = []
        for operationA in a.operations where keysA.insert(key(operationA)).inserted {
            let found = operationsB[key(operationA)].map { compare(operationA, $0, schemas: &schemas) }
                ?? [SpecChange(operation: operationA.signature, location: "operation", change: "removed", breaking: true,
                               a: operationA.operationId, b: nil)]
            changes += found.map { ($0, operationA.pathShape, operationA.method) }
        }
        for operationB in b.operations where !keysA.contains(key(operationB)) {
            keysA.insert(key(operationB))
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

    private static func key(_ operation: OpenAPIOperation) -> String {
        "\(operation.method) \(operation.pathShape)"
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
