import FoundationFree
import HTTPTypes
import Schemas

/// Which operation of a newer document is which operation of an older one: the one step `diff --spec`
/// and `impact` share, so both call the same operation renamed or moved.
///
/// In order, each operation taken at most once:
/// 1. the same `operationId` (wherever the operation now lives: a path moved by a version prefix or a
///    rename keeps its id);
/// 2. the same method and path template, path parameter names aside (`/pets/{petId}` is `/pets/{id}`);
///    when both have an `operationId` and they differ, the operation was renamed;
/// 3. the same method and path template once version segments are set aside (`/v1/Things/{Sid}` is
///    `/v2/Things/{Sid}`), for operations whose id changed as well as their path.
/// What is left of the older document was removed; what is left of the newer one was added.
public struct OperationPairing: Sendable {
    /// How a pair was found.
    public enum Match: Sendable, Equatable {
        /// The same method and path template (its id, if any, unchanged).
        case samePath
        /// The same `operationId`, on another method or path.
        case operationId
        /// The same method and path template under another `operationId`.
        case renamed
        /// The same method and path template once version segments are ignored, under another id.
        case versionPrefix
    }

    /// One operation in both documents.
    public struct Pair: Sendable {
        public let a: OpenAPIOperation
        public let b: OpenAPIOperation
        public let match: Match

        /// Whether the `operationId` changed: `call OLD` no longer finds it.
        public var isRenamed: Bool {
            guard let idA = a.operationId, let idB = b.operationId else { return false }
            return idA != idB
        }

        /// Whether callers building the URL themselves must change it: another method, or a path template
        /// that no longer matches every URL the older one did (names aside; `/compare/{base}...{head}` →
        /// `/compare/{basehead}` did not move).
        public var isMoved: Bool {
            guard a.method == b.method else { return true }
            guard a.pathShape != b.pathShape else { return false }
            return !PathURLCoverage.covers(b.path, a.path) { name in
                guard let index = b.parameterIndex(.path, name) else { return true }
                return b.parameters[index].schema.map(Self.acceptsAnyText) ?? true
            }
        }

        /// A path parameter's schema that takes any text: a string (or no type) without pattern, enum or format.
        private static func acceptsAnyText(_ schema: JSONSchema) -> Bool {
            let types = schema.types.filter { $0 != "null" }
            return (types.isEmpty || types == ["string"]) && schema.enumValues == nil && schema.constValue == nil
                && (schema.format ?? "").isEmpty && schema.facet({ $0.pattern?.source }) == nil
        }
    }

    /// In the older document's order.
    public let pairs: [Pair]
    /// Operations of the older document with no counterpart, in its order.
    public let removed: [OpenAPIOperation]
    /// Operations of the newer document with no counterpart, in its order.
    public let added: [OpenAPIOperation]
    /// Ctrl-C stopped the pairing: the pairs, removals and additions are those found until then, and
    /// not all there are.
    public let cancelled: Bool

    /// Pairs the operations of two documents. Operations that repeat a method and path template already
    /// seen in the same document are ignored, as a reader of the document would.
    /// A tripped `cancellation`, looked at every thousand operations, stops it with what it found.
    public init(_ a: [OpenAPIOperation], _ b: [OpenAPIOperation], cancellation: CancellationToken? = nil) {
        var steps = 0
        var cancelled = false
        /// Whether to stop now: Ctrl-C, looked at every 1,024 steps.
        func stopping() -> Bool {
            steps += 1
            if !cancelled, steps & 0x3FF == 0, cancellation?.isCancelled == true { cancelled = true }
            return cancelled
        }
        // Positions in `a` and `b`, not copies: an operation is a large value, copied once, into its pair.
        let operationsA = Self.distinct(a, stopping: stopping)
        let operationsB = Self.distinct(b, stopping: stopping)
        var partner = [Int?](repeating: nil, count: operationsA.count)
        var match = [Match](repeating: .samePath, count: operationsA.count)
        var taken = [Bool](repeating: false, count: operationsB.count)

        var byId: [String: Int] = [:]
        for (index, position) in operationsB.enumerated() {
            if stopping() { break }
            if let id = b[position].operationId, byId[id] == nil { byId[id] = index }
        }
        for (index, position) in operationsA.enumerated() {
            if stopping() { break }
            guard let id = a[position].operationId, let found = byId[id], !taken[found] else { continue }
            partner[index] = found
            taken[found] = true
            match[index] = Self.key(a[position]) == Self.key(b[operationsB[found]]) ? .samePath : .operationId
        }

        func pairRemaining(by key: (OpenAPIOperation) -> String, as kind: (OpenAPIOperation, OpenAPIOperation) -> Match) {
            var free: [String: Int] = [:]
            for (index, position) in operationsB.enumerated() where !taken[index] {
                if stopping() { return }
                let text = key(b[position])
                if free[text] == nil { free[text] = index }
            }
            for (index, position) in operationsA.enumerated() where partner[index] == nil {
                if stopping() { return }
                guard let found = free[key(a[position])], !taken[found] else { continue }
                partner[index] = found
                taken[found] = true
                match[index] = kind(a[position], b[operationsB[found]])
            }
        }
        pairRemaining(by: Self.key) { a, b in
            a.operationId != nil && b.operationId != nil && a.operationId != b.operationId ? .renamed : .samePath
        }
        pairRemaining(by: Self.versionlessKey) { _, _ in .versionPrefix }

        var pairs: [Pair] = []
        var removed: [OpenAPIOperation] = []
        for (index, position) in operationsA.enumerated() {
            if let found = partner[index] {
                pairs.append(Pair(a: a[position], b: b[operationsB[found]], match: match[index]))
            } else {
                removed.append(a[position])
            }
        }
        self.pairs = pairs
        self.removed = removed
        self.added = operationsB.indices.filter { !taken[$0] }.map { b[operationsB[$0]] }
        self.cancelled = cancelled
    }

    /// Pairs the operations of two documents.
    public init(_ a: OpenAPIDocument, _ b: OpenAPIDocument, cancellation: CancellationToken? = nil) {
        self.init(a.operations, b.operations, cancellation: cancellation)
    }

    /// The pair whose older operation is this one (same method and path as written).
    public func pair(of operation: OpenAPIOperation) -> Pair? {
        pairs.first { $0.a.method == operation.method && $0.a.path == operation.path }
    }

    /// `GET /pets/{}`: the method and path template, parameter names aside.
    static func key(_ operation: OpenAPIOperation) -> String {
        "\(operation.method) \(operation.pathShape)"
    }

    /// `GET /{v}/Things/{}`: the key with every version segment (`v1`, `v2beta`, `2010-04-01`) alike.
    static func versionlessKey(_ operation: OpenAPIOperation) -> String {
        let segments = PathTemplate.segmentTexts(of: operation.pathShape[...]).map { segment in
            isVersionSegment(segment) ? "{v}" : String(segment)
        }
        return "\(operation.method) " + segments.joined(separator: "/")
    }

    /// `v1`, `v2`, `v1beta2`, `v2.1`, or a date `2010-04-01`.
    static func isVersionSegment(_ segment: Substring) -> Bool {
        let bytes = Array(segment.utf8)
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        if bytes.count >= 2, bytes[0] | 0x20 == UInt8(ascii: "v"), isDigit(bytes[1]) {
            return bytes.dropFirst(2).allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: ".") }
        }
        if bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") {
            return bytes.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || isDigit($0.element) }
        }
        return false
    }

    /// The positions of the operations whose method and path template were not seen before them.
    private static func distinct(_ operations: [OpenAPIOperation], stopping: () -> Bool) -> [Int] {
        var seen = Set<String>()
        var kept: [Int] = []
        for (index, operation) in operations.enumerated() {
            if stopping() { break }
            if seen.insert(key(operation)).inserted { kept.append(index) }
        }
        return kept
    }
}
