#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import Schemas
import HTTPTypes
/// What changed between two versions of an OpenAPI document, each change with oasdiff's id and level
/// (`SpecChangeRules`): breaking (a removed operation or success status, a new required parameter, a
/// narrowed request, an answer that may hold more or other), warning (a removed optional answer
/// property or parameter, a changed pattern) or info (additions, relaxed requirements, deprecations).
/// It covers operations (with their deprecation and `x-sunset`), parameters, request bodies and their
/// media types, statuses, answer headers and media types, schemas at any depth (types, "or null",
/// enums, patterns, limits, defaults; readOnly and writeOnly understood), security, servers and webhooks.
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
    /// From how many paired operations on a diff compares on more than one processor.
    static let parallelPairs = 32

    /// The changes found, at most `changeLimit` of them, with the counts of all.
    public struct Report: Sendable {
        public var changes: [SpecChange] = []
        /// Changes found beyond the list, by level.
        public var omitted: [SpecChangeLevel: Int] = [:]
        /// Schema pairs not compared: nested deeper than any real document, or past the work budget.
        public var uncompared = 0
        /// Ctrl-C stopped the comparison; what was found until then is listed.
        public var cancelled = false
        /// Changes past the list that a filter of the list (`--only`, `--path`) could not look at.
        public var unfiltered = 0

        public init(changes: [SpecChange] = [], omitted: [SpecChangeLevel: Int] = [:]) {
            self.changes = changes
            self.omitted = omitted
        }

        public var omittedCount: Int { omitted.values.reduce(0, +) }
        public var total: Int { changes.count + omittedCount }
        /// Changes of `level`, listed or not.
        public func count(_ level: SpecChangeLevel) -> Int { changes.count { $0.level == level } + omitted[level, default: 0] }
        public var breaking: Int { count(.breaking) }
    }

    /// Today in UTC (`2026-12-01`), against which a sunset date is read.
    public static func today() -> String {
        CivilTime.isoDay(secondsSince1970: Date().timeIntervalSince1970)
    }

    /// The changes from `a` to `b`, grouped by operation (by path, path parameters aside, then method),
    /// breaking ones first; at most `changeLimit` of them.
    public static func compare(_ a: OpenAPIDocument, _ b: OpenAPIDocument) -> [SpecChange] {
        report(a, b).changes
    }

    /// `compare` with the counts beyond the list; a tripped `cancellation` stops it with what it found
    /// (`Report.cancelled`); `progress` counts what it has done, for a progress line.
    public static func report(_ a: OpenAPIDocument, _ b: OpenAPIDocument, today: String = today(),
                              cancellation: CancellationToken? = nil, progress: SpecDiffProgress? = nil) -> Report {
        report(a, b, today: today, cancellation: cancellation, progress: progress, skipsUnchanged: true, extraThreads: nil)
    }

    /// `report`, where `skipsUnchanged: false` compares what both documents write alike too (`UnchangedSchemas`)
    /// and `extraThreads` sets how many more threads compare (by default none for a few operations, else up to
    /// one per processor): for tests that find the same report whichever way.
    static func report(_ a: OpenAPIDocument, _ b: OpenAPIDocument, today: String, cancellation: CancellationToken?,
                       progress: SpecDiffProgress?, skipsUnchanged: Bool, extraThreads: Int?) -> Report {
        // Pairing the operations and finding the schemas written alike share nothing: for big documents they
        // run at once, on two threads.
        let big = a.operations.count + b.operations.count >= 2 * parallelPairs && Threads.processorCount > 1
        let pair = { OperationPairing(a, b, cancellation: cancellation) }
        let findUnchanged: @Sendable () -> UnchangedSchemas? = {
            skipsUnchanged ? UnchangedSchemas(a, b, cancellation: cancellation) : nil
        }
        let (pairing, unchanged) = big ? Threads.both(pair, findUnchanged) : (pair(), findUnchanged())
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
                report.omitted[change.level, default: 0] += 1
            }
        }
        progress?.begin(operations: pairing.pairs.count)
        // Big documents are compared on more than one processor; a few operations are not worth a thread.
        let extraThreads = extraThreads ?? (pairing.pairs.count < parallelPairs ? 0 : min(Threads.processorCount, 4) - 1)
        let findings = compareTogether(pairing.pairs, unchanged: unchanged,
                                       extraThreads: extraThreads, today: today, cancellation: cancellation, progress: progress)
        // The shared components each operation reaches directly, in the order of the diff.
        var reached: [(operation: String, components: Set<SchemaComparison.ComponentKey>)] = []
        // By position: a pair of operations is large, and copying each (a retain of every field) showed.
        for index in findings.pairs.indices {
            guard let found = findings.pairs[index] else {
                report.cancelled = true
                break
            }
            found.moves.forEach { keep($0, pairing.pairs[index].a) }
            let room = max(0, changeLimit - changes.count)
            found.changes.prefix(room).forEach { keep($0, pairing.pairs[index].a) }
            found.changes.dropFirst(room).forEach { report.omitted[$0.level, default: 0] += 1 }
            found.omitted.forEach { report.omitted[$0.key, default: 0] += $0.value }
            reached.append((pairing.pairs[index].a.signature, found.components))
        }
        var components = ComponentChanges(findings.componentResults, reached: reached)
        components.take(room: max(0, changeLimit - changes.count))
        components.omitted.forEach { report.omitted[$0.key, default: 0] += $0.value }
        let pathsB = Set(b.operations.map(\.pathShape))
        for operationA in pairing.removed {
            removal(of: operationA, wholePath: !pathsB.contains(operationA.pathShape), today: today).map { keep($0, operationA) }
        }
        for operationB in pairing.added {
            keep(SpecChange(id: "endpoint-added", operation: operationB.signature, location: "operation", change: "added",
                            a: nil, b: operationB.operationId), operationB)
        }
        var documentChanges: [SpecChange] = []
        documentLevelChanges(a, b, into: &documentChanges)
        report.uncompared = findings.cut + findings.uncomparedComponents
        report.cancelled = report.cancelled || findings.cancelled || cancellation?.isCancelled == true
        // Positions are sorted, not the changes: moving each change while sorting copied all its texts.
        report.changes = changes.indices.sorted { left, right in
            let l = changes[left], r = changes[right]
            if l.path != r.path { return l.path < r.path }
            if l.method != r.method { return methodRank(l.method) < methodRank(r.method) }
            if l.change.breaking != r.change.breaking { return l.change.breaking }
            return left < right
        }.map { changes[$0].change } + components.sorted + documentChanges
        return report
    }

    /// Changes found inside the components the operations share, each kept once however many operations
    /// (and places in them) reach it, with the operations that do, directly or through other components.
    /// A change found for requests and for answers is listed once, at the higher of its levels.
    private struct ComponentChanges {
        private struct Key: Hashable {
            let component: String
            let location: String
            let change: String
            let a: String?
            let b: String?
        }

        private let results: [SchemaComparison.ComponentKey: SchemaComparison.Found]
        private var index: [Key: Int] = [:]
        private var found: [(key: Key, id: String)] = []
        /// Each component's users in the order of the diff, and the components in the order first reached.
        private var users: [String: [String]] = [:]
        private var order: [SchemaComparison.ComponentKey] = []
        var omitted: [SpecChangeLevel: Int] = [:]

        /// Who uses what: each operation's components, then those they reach. The walks go over components
        /// numbered once (`ComponentGraph`), and through groups of components that reach each other
        /// (`ComponentGraph.Groups`): an operation that reaches one component of a group reaches all of it,
        /// so what it uses is the changed names of the groups it reaches, and Stripe's operations, which each
        /// reach one group of hundreds of components, cost a few steps each (issue 47's realdiff-stripe row).
        /// The components are walked one by one only by an operation that reaches some no operation before
        /// it did, so they are listed in the order the walk first meets them.
        init(_ results: [SchemaComparison.ComponentKey: SchemaComparison.Found],
             reached: [(operation: String, components: Set<SchemaComparison.ComponentKey>)]) {
            self.results = results
            let graph = ComponentGraph(results, reached: reached.map(\.components))
            let uses = ComponentGraph.uses(next: graph.next, changed: graph.changed, names: graph.names, direct: graph.direct)
            order = uses.order.map { graph.keys[$0] }
            // Each walk is one paired operation, and no two share a signature (`OperationPairing` keeps one
            // operation per method and path template), so a name's walks are its users.
            for (name, walks) in uses.users.enumerated() where !walks.isEmpty {
                users[graph.nameTexts[name]] = walks.map { reached[$0].operation }
            }
        }

        /// Lists the changes of every component an operation uses, while fewer than `room` are; counts the rest.
        mutating func take(room: Int) {
            for component in order where users[component.name] != nil {
                guard let result = results[component] else { continue }
                let name = component.name
                for change in result.changes {
                    let key = Key(component: name, location: change.location(under: name), change: change.change, a: change.a, b: change.b)
                    if let known = index[key] {
                        if change.level < SpecChangeRules.level(of: found[known].id) { found[known].id = change.id }
                    } else if found.count < room {
                        index[key] = found.count
                        found.append((key, change.id))
                    } else {
                        omitted[change.level, default: 0] += 1
                    }
                }
                result.omitted.forEach { omitted[$0.key, default: 0] += $0.value }
            }
        }

        /// By component, then by level, then in the order found.
        var sorted: [SpecChange] {
            found.indices.sorted { left, right in
                let l = found[left], r = found[right]
                if l.key.component != r.key.component { return l.key.component < r.key.component }
                let levelL = SpecChangeRules.level(of: l.id), levelR = SpecChangeRules.level(of: r.id)
                if levelL != levelR { return levelL < levelR }
                return left < right
            }.map { position in
                let (key, id) = found[position]
                return SpecChange(id: id, operation: "components.schemas.\(key.component)", location: key.location,
                                  change: key.change, a: key.a, b: key.b, usedBy: users[key.component] ?? [])
            }
        }
    }

    /// An operation of A that B no longer has: breaking unless A deprecated it; a deprecated one whose
    /// `x-sunset` is still ahead breaks, and one past its sunset went as announced.
    private static func removal(of operation: OpenAPIOperation, wholePath: Bool, today: String) -> SpecChange? {
        let scope = wholePath ? "api-path-removed" : "api-removed"
        let id: String
        if !operation.deprecated {
            id = scope + "-without-deprecation"
        } else if let sunset = operation.sunset.flatMap(isoDay) {
            id = today < sunset ? scope + "-before-sunset" : "api-removed-after-sunset"
        } else {
            id = scope + "-with-deprecation"
        }
        return SpecChange(id: id, operation: operation.signature, location: "operation", change: "removed",
                          a: operation.operationId, b: operation.sunset.map { "sunset \($0)" })
    }

    /// `2025-01-31` of a sunset written `2025-01-31` (or with a time after it); nil for other spellings.
    private static func isoDay(_ text: String) -> String? {
        let day = String(text.prefix(10))
        let digits = day.utf8.enumerated().allSatisfy { offset, byte in
            offset == 4 || offset == 7 ? byte == UInt8(ascii: "-") : (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        return day.utf8.count == 10 && digits ? day : nil
    }

    /// A paired operation that moved (`path: moved (/v1/x → /v2/x)`, breaking for callers that build its
    /// URL) or whose `operationId` changed (`call OLD` stops working; plain HTTP callers do not notice).
    static func moveChanges(_ pair: OperationPairing.Pair) -> [SpecChange] {
        var changes: [SpecChange] = []
        if pair.a.method != pair.b.method {
            changes.append(SpecChange(id: "api-operation-moved", operation: pair.a.signature, location: "operation", change: "moved",
                                      a: pair.a.signature, b: pair.b.signature))
        } else if pair.isMoved {
            changes.append(SpecChange(id: "api-path-moved", operation: pair.a.signature, location: "path", change: "moved",
                                      a: pair.a.path, b: pair.b.path))
        }
        switch (pair.a.operationId, pair.b.operationId) {
        case let (before?, after?) where before != after:
            changes.append(SpecChange(id: "api-operation-id-removed", operation: pair.a.signature, location: "operation",
                                      change: "renamed", a: before, b: after))
        case (let before?, nil):
            changes.append(SpecChange(id: "api-operation-id-removed", operation: pair.a.signature, location: "operation",
                                      change: "operationId removed", a: before))
        case (nil, let after?):
            changes.append(SpecChange(id: "api-operation-id-added", operation: pair.a.signature, location: "operation",
                                      change: "operationId added", b: after))
        default:
            break
        }
        return changes
    }

    private static let methodOrder: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options, "TRACE"]

    private static func methodRank(_ method: HTTPMethod) -> Int {
        methodOrder.firstIndex(of: method) ?? methodOrder.count
    }

    /// One operation's changes, at most `room` of them listed, the rest counted.
    static func compare(_ a: OpenAPIOperation, _ b: OpenAPIOperation, schemas: inout SchemaComparison,
                                room: Int, today: String)
        -> (changes: [SpecChange], omitted: [SpecChangeLevel: Int], components: Set<SchemaComparison.ComponentKey>)
    {
        var changes: [SpecChange] = []
        var omitted: [SpecChangeLevel: Int] = [:]
        var components = Set<SchemaComparison.ComponentKey>()
        func add(_ id: String, _ location: String, _ change: String, a before: String? = nil, b after: String? = nil) {
            guard changes.count < room else {
                omitted[SpecChangeRules.level(of: id), default: 0] += 1
                return
            }
            changes.append(SpecChange(id: id, operation: a.signature, location: location, change: change, a: before, b: after))
        }
        func compareSchemas(_ schemaA: JSONSchema?, _ schemaB: JSONSchema?, at location: String, _ context: SchemaComparison.Context) {
            guard let schemaA, let schemaB else { return }
            let found = schemas.compare(schemaA, schemaB, context: context)
            for change in found.changes {
                add(change.id, change.location(under: location), change.change, a: change.a, b: change.b)
            }
            found.omitted.forEach { omitted[$0.key, default: 0] += $0.value }
            components.formUnion(found.components)
        }
        // Every other media type both declare, by its own schemas (`text/plain`, `application/xml`), but
        // the one B's body was already compared as.
        func compareOtherMediaTypes(_ others: MediaTypeSchemas, compared: String?, in schemaB: (String) -> JSONSchema?,
                                    at place: String, _ context: SchemaComparison.Context) {
            for (mediaType, schemaA) in others.schemas
            where compared.map(OpenAPIMediaType.essence) != OpenAPIMediaType.essence(mediaType) {
                compareSchemas(schemaA, schemaB(mediaType), at: "\(place) \(mediaType)", context)
            }
        }
        if a.pathParameterNames != b.pathParameterNames {
            add("request-path-parameter-renamed", "path", "path parameter renamed", a: a.path, b: b.path)
        }
        switch (a.deprecated, b.deprecated) {
        case (false, true):
            add(b.sunset == nil ? "endpoint-deprecated" : "endpoint-deprecated-with-sunset", "operation", "deprecated",
                b: b.sunset.map { "sunset \($0)" })
        case (true, false):
            add("endpoint-reactivated", "operation", "no longer deprecated")
        case (true, true) where a.sunset != nil && b.sunset == nil:
            add("sunset-deleted", "operation", "sunset removed", a: a.sunset)
        default:
            break
        }

        let pathPairing = PathParameterPairing(a, b)
        let parametersB = Dictionary(b.parameters.map { (parameterKey($0), $0) }, uniquingKeysWith: { first, _ in first })
        var keysA = Set<String>()
        for parameterA in a.parameters {
            let key = parameterKey(parameterA, partner: pathPairing.partner)
            keysA.insert(key)
            let location = "parameter \(parameterA.name)"
            // Merged into the parameter that now fills its whole segment: its values still travel.
            if parameterA.location == .path, pathPairing.merged.contains(parameterA.name) { continue }
            guard let parameterB = parametersB[key] else {
                var id = parameterA.deprecated ? "request-parameter-removed-with-deprecation" : "request-parameter-removed"
                if parameterA.deprecated, let sunset = parameterA.sunset.flatMap(isoDay), today < sunset {
                    id = "request-parameter-removed-before-sunset"
                }
                add(id, location, "removed", a: parameterA.typeDescription)
                continue
            }
            if parameterA.deprecated, parameterB.deprecated, parameterA.sunset != nil, parameterB.sunset == nil {
                add("request-parameter-sunset-deleted", location, "sunset removed", a: parameterA.sunset)
            }
            if !parameterA.required, parameterB.required {
                add("request-parameter-became-required", location, "now required")
            } else if parameterA.required, !parameterB.required {
                add("request-parameter-became-optional", location, "no longer required")
            }
            if parameterA.deprecated != parameterB.deprecated {
                add(parameterB.deprecated ? "request-parameter-deprecated" : "request-parameter-reactivated", location,
                    parameterB.deprecated ? "deprecated" : "no longer deprecated")
            }
            compareSchemas(parameterA.schema, parameterB.schema, at: location, .parameter)
        }
        for parameterB in b.parameters where !keysA.contains(parameterKey(parameterB)) {
            let id = parameterB.location == .path ? "new-request-path-parameter"
                : parameterB.isShared ? (parameterB.required ? "new-required-request-default-parameter-to-existing-path"
                                                             : "new-optional-request-default-parameter-to-existing-path")
                : parameterB.required ? "new-required-request-parameter" : "new-optional-request-parameter"
            add(id, "parameter \(parameterB.name)", "added", b: (parameterB.required ? "required " : "optional ") + parameterB.typeDescription)
        }

        switch (a.requestBody, b.requestBody) {
        case (nil, let bodyB?):
            add(bodyB.required ? "request-body-added-required" : "request-body-added-optional", "request body", "added",
                b: bodyB.required ? "required" : "optional")
        case (_?, nil):
            add("request-body-removed", "request body", "removed")
        case let (bodyA?, bodyB?):
            if !bodyA.required, bodyB.required {
                add("request-body-became-required", "request body", "now required")
            } else if bodyA.required, !bodyB.required {
                add("request-body-became-optional", "request body", "no longer required")
            }
            mediaTypeChanges(bodyA.contentTypes, bodyB.contentTypes, at: "request body", prefix: "request-body", add: add)
            // A client sends the media type it was written for: when B still takes it, B's schema for it
            // is the one to compare (A multipart only, B multipart and JSON: the multipart schemas).
            let sameType = bodyA.schemaContentType.flatMap(bodyB.schema(forMediaType:))
            compareSchemas(bodyA.schema, sameType ?? bodyB.schema, at: "request body", .requestBody)
            compareOtherMediaTypes(bodyA.otherSchemas, compared: sameType == nil ? bodyB.schemaContentType : bodyA.schemaContentType,
                                   in: bodyB.schema(forMediaType:), at: "request body", .requestBody)
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
                add(responseA.isSuccess ? "response-success-status-removed" : "response-non-success-status-removed",
                    "status \(responseA.status)", "removed")
                continue
            }
            let place = "response \(responseA.status)"
            mediaTypeChanges(responseA.mediaTypes, responseB.mediaTypes, at: place, prefix: "response", add: add)
            headerChanges(responseA, responseB, at: place, add: add, compare: { compareSchemas($0, $1, at: $2, .header) })
            compareSchemas(responseA.schema, responseB.schema, at: "\(place) body", .response)
            compareOtherMediaTypes(responseA.otherSchemas, compared: responseB.schemaMediaType,
                                   in: responseB.schema(forMediaType:), at: "\(place) body", .response)
        }
        for responseB in b.responses where statusesA.insert(responseB.status.uppercased()).inserted {
            add(responseB.isSuccess ? "response-success-status-added" : "response-non-success-status-added",
                "status \(responseB.status)", "added")
        }
        let callbacksB = Set(b.callbacks)
        let callbacksA = Set(a.callbacks)
        for callback in a.callbacks where !callbacksB.contains(callback) { add("api-callback-removed", "callback \(callback)", "removed") }
        for callback in b.callbacks where !callbacksA.contains(callback) { add("api-callback-added", "callback \(callback)", "added") }
        securityChanges(a.declaresSecurity ? a.security : nil, b.declaresSecurity ? b.security : nil, scope: "api-security",
                        location: "security") { id, location, change, before, after in add(id, location, change, a: before, b: after) }
        return (changes, omitted, components)
    }

    /// Media types by essence (`application/json; charset=utf-8` is `application/json`).
    private static func mediaTypeChanges(_ a: [String], _ b: [String], at location: String, prefix: String,
                                         add: (String, String, String, String?, String?) -> Void) {
        let essencesA = Set(a.map(OpenAPIMediaType.essence))
        let essencesB = Set(b.map(OpenAPIMediaType.essence))
        for type in a where !essencesB.contains(OpenAPIMediaType.essence(type)) {
            add("\(prefix)-media-type-removed", "\(location) \(type)", "media type removed", type, nil)
        }
        for type in b where !essencesA.contains(OpenAPIMediaType.essence(type)) {
            add("\(prefix)-media-type-added", "\(location) \(type)", "media type added", nil, type)
        }
    }

    /// Answer headers by name in any case: a removed one a client may read, one no longer always sent.
    private static func headerChanges(_ a: OpenAPIResponse, _ b: OpenAPIResponse, at place: String,
                                      add: (String, String, String, String?, String?) -> Void,
                                      compare: (JSONSchema?, JSONSchema?, String) -> Void) {
        var headersB: [String: OpenAPIHeader] = [:]
        for header in b.headers where headersB[header.name.lowercased()] == nil { headersB[header.name.lowercased()] = header }
        var namesA = Set<String>()
        for headerA in a.headers where namesA.insert(headerA.name.lowercased()).inserted {
            let location = "\(place) header \(headerA.name)"
            guard let headerB = headersB[headerA.name.lowercased()] else {
                add(headerA.required ? "required-response-header-removed" : "optional-response-header-removed", location, "removed", nil, nil)
                continue
            }
            if headerA.required, !headerB.required { add("response-header-became-optional", location, "no longer required", nil, nil) }
            compare(headerA.schema, headerB.schema, location)
        }
        for headerB in b.headers where !namesA.contains(headerB.name.lowercased()) {
            add("response-header-added", "\(place) header \(headerB.name)", "added", nil, headerB.required ? "required" : "optional")
        }
    }

    /// Security requirements (`api-security-…` for an operation's own, `api-global-security-…` for the
    /// document's): each alternative by its schemes, then the scopes of one both have.
    private static func securityChanges(_ a: OpenAPISecurity?, _ b: OpenAPISecurity?, scope: String, location: String,
                                        add: (String, String, String, String?, String?) -> Void) {
        func key(_ requirement: OpenAPISecurity.Requirement) -> String {
            requirement.schemes.map(\.scheme.name).sorted().joined(separator: " + ")
        }
        let alternativesA = a?.alternatives ?? []
        let alternativesB = b?.alternatives ?? []
        let byKeyB = Dictionary(alternativesB.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var keysA = Set<String>()
        for requirementA in alternativesA where keysA.insert(key(requirementA)).inserted {
            let name = key(requirementA)
            guard let requirementB = byKeyB[name] else {
                add("\(scope)-removed", location, "requirement removed", name.isEmpty ? "{}" : name, nil)
                continue
            }
            for (scheme, scopesA) in requirementA.schemes {
                let scopesB = requirementB.schemes.first { $0.scheme.name == scheme.name }?.scopes ?? []
                for removed in scopesA where !scopesB.contains(removed) {
                    add("\(scope)-scope-removed", "\(location) \(scheme.name)", "scope removed", removed, nil)
                }
                for added in scopesB where !scopesA.contains(added) {
                    add("\(scope)-scope-added", "\(location) \(scheme.name)", "scope added", nil, added)
                }
            }
        }
        for requirementB in alternativesB where !keysA.contains(key(requirementB)) {
            let name = key(requirementB)
            add("\(scope)-added", location, "requirement added", nil, name.isEmpty ? "{}" : name)
        }
    }

    /// What the documents declare for all operations: security, servers and webhooks.
    private static func documentLevelChanges(_ a: OpenAPIDocument, _ b: OpenAPIDocument, into changes: inout [SpecChange]) {
        func add(_ id: String, _ location: String, _ change: String, _ before: String?, _ after: String?) {
            changes.append(SpecChange(id: id, operation: "document", location: location, change: change, a: before, b: after))
        }
        securityChanges(a.security, b.security, scope: "api-global-security", location: "security", add: add)
        for name in a.securitySchemes.keys.sorted() where b.securitySchemes[name] == nil {
            add("api-security-component-removed", "components.securitySchemes", "removed", name, nil)
        }
        for name in b.securitySchemes.keys.sorted() where a.securitySchemes[name] == nil {
            add("api-security-component-added", "components.securitySchemes", "added", nil, name)
        }
        for name in a.securitySchemes.keys.sorted() {
            guard let schemeA = a.securitySchemes[name], let schemeB = b.securitySchemes[name] else { continue }
            securitySchemeChanges(schemeA, schemeB, at: "components.securitySchemes.\(name)", add: add)
        }
        let serversB = Set(b.servers.map(\.template))
        let serversA = Set(a.servers.map(\.template))
        for server in a.servers where !serversB.contains(server.template) { add("api-server-removed", "servers", "removed", server.template, nil) }
        for server in b.servers where !serversA.contains(server.template) { add("api-server-added", "servers", "added", nil, server.template) }
        let webhooksB = Set(b.webhooks)
        let webhooksA = Set(a.webhooks)
        for name in a.webhooks where !webhooksB.contains(name) { add("webhook-removed", "webhook \(name)", "removed", nil, nil) }
        for name in b.webhooks where !webhooksA.contains(name) { add("webhook-added", "webhook \(name)", "added", nil, nil) }
    }

    /// One security scheme in both documents: its `type`, and the URLs of an OAuth flow both declare, where
    /// a client gets its tokens (oasdiff's ids; info, as there: the client's configuration, not its calls).
    private static func securitySchemeChanges(_ a: OpenAPISecurityScheme, _ b: OpenAPISecurityScheme, at location: String,
                                              add: (String, String, String, String?, String?) -> Void) {
        func type(_ kind: OpenAPISecurityScheme.Kind) -> String {
            switch kind {
            case .bearer, .basic, .digest, .otherHTTP: "http"
            case .apiKey: "apiKey"
            case .oauth2: "oauth2"
            case .openIdConnect: "openIdConnect"
            case .mutualTLS: "mutualTLS"
            }
        }
        guard type(a.kind) == type(b.kind) else {
            add("api-security-component-type-changed", location, "type changed", type(a.kind), type(b.kind))
            return
        }
        guard case .oauth2(let flowsA) = a.kind, case .oauth2(let flowsB) = b.kind else { return }
        for flowA in flowsA {
            guard let flowB = flowsB.first(where: { $0.name == flowA.name }) else { continue }
            if flowA.authorizationURL != flowB.authorizationURL {
                add("api-security-component-oauth-url-changed", "\(location) \(flowA.name)", "authorizationUrl changed",
                    flowA.authorizationURL, flowB.authorizationURL)
            }
            if flowA.tokenURL != flowB.tokenURL {
                add("api-security-component-oauth-token-url-changed", "\(location) \(flowA.name)", "tokenUrl changed", flowA.tokenURL, flowB.tokenURL)
            }
        }
    }

    /// Path parameters by name, an older one by the name of its partner in the newer template
    /// (`PathParameterPairing`), so a renamed one still matches; others by location and name (header names
    /// in any case).
    private static func parameterKey(_ parameter: OpenAPIParameter, partner: [String: String] = [:]) -> String {
        switch parameter.location {
        case .path:
            return "path \(partner[parameter.name] ?? parameter.name)"
        case .header:
            return "header \(parameter.name.lowercased())"
        case .query, .cookie:
            return "\(parameter.location.rawValue) \(parameter.name)"
        }
    }
}
