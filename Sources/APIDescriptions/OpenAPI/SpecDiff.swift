import FoundationFree
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
///
/// A change inside a schema that both documents declare as the same component (`#/components/schemas/Pet`)
/// is reported once, at the component (`components.schemas.Pet`, location `Pet.tag`), with the operations
/// that reach it (`usedBy`), however many operations use it: `breaking` counts it once.
public enum SpecDiff {
    /// How many changes a diff lists; the rest are counted (`Report.omitted`), so two documents built to
    /// differ everywhere still give a short answer.
    public static let changeLimit = SchemaComparison.changeLimit

    /// The changes found, at most `changeLimit` of them, with the counts of all.
    public struct Report: Sendable {
        public var changes: [SpecChange] = []
        /// Changes found beyond the list, and how many of those break clients.
        public var omitted = 0
        public var omittedBreaking = 0
        /// Schema pairs not compared: nested deeper than any real document, or past the work budget.
        public var uncompared = 0
        /// Ctrl-C stopped the comparison; what was found until then is listed.
        public var cancelled = false

        public init(changes: [SpecChange] = [], omitted: Int = 0, omittedBreaking: Int = 0) {
            self.changes = changes
            self.omitted = omitted
            self.omittedBreaking = omittedBreaking
        }

        public var total: Int { changes.count + omitted }
        public var breaking: Int { changes.count(where: \.breaking) + omittedBreaking }
    }

    /// The changes from `a` to `b`, grouped by operation (by path, path parameters aside, then method),
    /// breaking ones first; at most `changeLimit` of them.
    public static func compare(_ a: OpenAPIDocument, _ b: OpenAPIDocument) -> [SpecChange] {
        report(a, b).changes
    }

    /// `compare` with the counts beyond the list; a tripped `cancellation` stops it with what it found.
    public static func report(_ a: OpenAPIDocument, _ b: OpenAPIDocument, cancellation: CancellationToken? = nil) -> Report {
        let pairing = OperationPairing(a, b, cancellation: cancellation)
        var schemas = SchemaComparison(cancellation: cancellation)
        var report = Report()
        // A pairing cut short would call the unpaired rest removed and added: none of that is a finding.
        guard !pairing.cancelled else {
            report.cancelled = true
            return report
        }
        var changes: [(change: SpecChange, path: String, method: HTTPMethod)] = []
        func keep(_ change: SpecChange, _ operation: OpenAPIOperation) {
            if changes.count < changeLimit {
                changes.append((change, operation.pathShape, operation.method))
            } else {
                report.omitted += 1
                if change.breaking { report.omittedBreaking += 1 }
            }
        }
        var components = ComponentChanges()
        for pair in pairing.pairs {
            if schemas.cancelled || cancellation?.isCancelled == true {
                report.cancelled = true
                break
            }
            moveChanges(pair).forEach { keep($0, pair.a) }
            let found = compare(pair.a, pair.b, schemas: &schemas, components: &components,
                                room: max(0, changeLimit - changes.count - components.count))
            found.changes.forEach { keep($0, pair.a) }
            report.omitted += found.omitted
            report.omittedBreaking += found.omittedBreaking
        }
        report.omitted += components.omitted
        report.omittedBreaking += components.omittedBreaking
        for operationA in pairing.removed {
            keep(SpecChange(operation: operationA.signature, location: "operation", change: "removed", breaking: true,
                            a: operationA.operationId, b: nil), operationA)
        }
        for operationB in pairing.added {
            keep(SpecChange(operation: operationB.signature, location: "operation", change: "added", breaking: false,
                            a: nil, b: operationB.operationId), operationB)
        }
        report.uncompared = schemas.cut
        report.cancelled = report.cancelled || schemas.cancelled
        report.changes = changes.enumerated().sorted { left, right in
            let l = left.element, r = right.element
            if l.path != r.path { return l.path < r.path }
            if l.method != r.method { return methodRank(l.method) < methodRank(r.method) }
            if l.change.breaking != r.change.breaking { return l.change.breaking }
            return left.offset < right.offset
        }.map(\.element.change) + components.sorted
        return report
    }

    /// Changes found inside the components the operations share, each kept once however many operations
    /// (and places in them) reach it, with the operations that do. A change breaking for one use (a
    /// response) and not for another (a request) is breaking.
    private struct ComponentChanges {
        private struct Key: Hashable {
            let component: String
            let location: String
            let change: String
            let a: String?
            let b: String?
        }

        private var index: [Key: Int] = [:]
        private var found: [(key: Key, breaking: Bool)] = []
        private var users: [String: [String]] = [:]
        private var userSets: [String: Set<String>] = [:]
        /// Components whose changes were taken, for requests or for responses.
        private var taken: Set<SchemaComparison.ComponentKey> = []
        var omitted = 0
        var omittedBreaking = 0

        var count: Int { found.count }

        /// Records that `operation` reaches `component`, and the component's changes the first time it is
        /// reached this way; a new change is listed while fewer than `room` are, else counted.
        mutating func add(_ component: SchemaComparison.ComponentKey, of schemas: SchemaComparison, from operation: String,
                          room: Int) {
            let name = component.name
            if userSets[name, default: []].insert(operation).inserted { users[name, default: []].append(operation) }
            guard taken.insert(component).inserted, let result = schemas.componentResults[component] else { return }
            for change in result.changes {
                let key = Key(component: name, location: change.location(under: name), change: change.change, a: change.a, b: change.b)
                if let known = index[key] {
                    // Found for requests and for responses: one change, breaking when either use breaks.
                    if change.breaking { found[known].breaking = true }
                } else if found.count < room {
                    index[key] = found.count
                    found.append((key, change.breaking))
                } else {
                    omitted += 1
                    if change.breaking { omittedBreaking += 1 }
                }
            }
            omitted += result.total - result.changes.count
            omittedBreaking += result.breaking - result.changes.count(where: \.breaking)
        }

        /// By component, then breaking first, then in the order found.
        var sorted: [SpecChange] {
            found.enumerated().sorted { left, right in
                let l = left.element, r = right.element
                if l.key.component != r.key.component { return l.key.component < r.key.component }
                if l.breaking != r.breaking { return l.breaking }
                return left.offset < right.offset
            }.map { entry in
                let key = entry.element.key
                return SpecChange(operation: "components.schemas.\(key.component)", location: key.location, change: key.change,
                                  breaking: entry.element.breaking, a: key.a, b: key.b, usedBy: users[key.component] ?? [])
            }
        }
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

    /// One operation's changes, at most `room` of them listed, the rest counted.
    private static func compare(_ a: OpenAPIOperation, _ b: OpenAPIOperation, schemas: inout SchemaComparison,
                                components: inout ComponentChanges, room: Int)
        -> (changes: [SpecChange], omitted: Int, omittedBreaking: Int)
    {
        var changes: [SpecChange] = []
        var omitted = 0
        var omittedBreaking = 0
        // The room is shared with the component changes this operation finds first.
        let componentsBefore = components.count
        func add(_ location: String, _ change: String, breaking: Bool, a before: String? = nil, b after: String? = nil) {
            guard changes.count + components.count - componentsBefore < room else {
                omitted += 1
                if breaking { omittedBreaking += 1 }
                return
            }
            changes.append(SpecChange(operation: a.signature, location: location, change: change, breaking: breaking, a: before, b: after))
        }
        func compareSchemas(_ schemaA: JSONSchema?, _ schemaB: JSONSchema?, at location: String, _ direction: SchemaComparison.Direction) {
            guard let schemaA, let schemaB else { return }
            let found = schemas.compare(schemaA, schemaB, direction: direction)
            for change in found.changes {
                add(change.location(under: location), change.change, breaking: change.breaking, a: change.a, b: change.b)
            }
            omitted += found.total - found.changes.count
            omittedBreaking += found.breaking - found.changes.count(where: \.breaking)
            for component in found.components {
                components.add(component, of: schemas, from: a.signature, room: componentsBefore + room - changes.count)
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

        // Statuses by key, so thousands of them match in linear time.
        var responsesB: [String: OpenAPIResponse] = [:]
        for responseB in b.responses where responsesB[responseB.status.uppercased()] == nil {
            responsesB[responseB.status.uppercased()] = responseB
        }
        var statusesA = Set<String>()
        for responseA in a.responses where statusesA.insert(responseA.status.uppercased()).inserted {
            guard let responseB = responsesB[responseA.status.uppercased()] else {
                add("status \(responseA.status)", "removed", breaking: responseA.isSuccess)
                continue
            }
            compareSchemas(responseA.schema, responseB.schema, at: "response \(responseA.status) body", .response)
        }
        for responseB in b.responses where statusesA.insert(responseB.status.uppercased()).inserted {
            add("status \(responseB.status)", "added", breaking: false)
        }
        return (changes, omitted, omittedBreaking)
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
