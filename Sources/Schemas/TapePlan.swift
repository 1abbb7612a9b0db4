#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree
import JSON

/// A schema graph compiled for a fast first pass over a parsed answer: the keywords real answer schemas
/// use (types, "or null", string enums, bounds, lengths, patterns, `properties`, `required`,
/// `additionalProperties`, `items`, `$ref`, `allOf`, `anyOf`, `oneOf`), held in flat arrays of plain values
/// that the pass reads through pointers, so walking a large answer counts no references and makes no
/// strings. Member names are compared as the bytes the tape points at.
///
/// The pass only ever says "valid" when the full validator (`SchemaValidator`) would find nothing and not
/// stop: on a failure, or on anything it does not decide itself (a keyword outside its set, an escaped key,
/// a key written twice, a number equal to a bound as a `Double`, a budget half spent), it gives up, and the
/// full validator checks the answer from the start and says what is wrong, as it always has. So a valid
/// answer costs one fast pass, and an invalid one a fast pass and the full check.
final class TapePlan: @unchecked Sendable {
    /// A range of `names`: a property name, a string of an `enum`, a required name.
    struct Span {
        var start: Int32
        var count: Int32
    }

    struct Property {
        var name: Span
        var schema: Int32
        /// `SchemaUse` bits (`useBit`) for which the property is required.
        var requiredFor: UInt8
    }

    /// One schema node's keywords as the pass reads them; -1 (or `nil`-like flags) where a keyword is absent.
    struct Node {
        /// False when the node holds a keyword the pass leaves to the full validator.
        var supported = true
        var kind = SchemaNode.Kind.keywords
        var types: UInt8 = 0
        var hasTypes = false
        var nullable = false
        var draft4 = false
        var checks: UInt8 = 0
        var hasEnum = false
        var enumHasOthers = false
        var enumStrings = Span(start: 0, count: 0)
        var enumSpend = 0
        var minLength = -1
        var maxLength = -1
        var pattern: Int32 = -1
        var minimum = 0.0
        var maximum = 0.0
        var hasMinimum = false
        var hasMaximum = false
        var minimumExclusive = false
        var maximumExclusive = false
        /// Whether the bound is a short integer, which its `Double` holds exactly.
        var minimumExact = false
        var maximumExact = false
        /// In `indexes`: the merge sources in document order (-1: the node's own `properties`).
        var sources = Span(start: 0, count: 0)
        var anyOf = Span(start: 0, count: 0)
        var oneOf = Span(start: 0, count: 0)
        /// In `properties`.
        var properties = Span(start: 0, count: 0)
        /// How many properties are required, by `SchemaUse` bit (request, response, any).
        var requiredCounts: (Int32, Int32, Int32) = (0, 0, 0)
        /// In `strings`: required names `properties` does not declare.
        var beyond = Span(start: 0, count: 0)
        var additional: Int32 = -1
        var additionalRefuses = false
        var minProperties = -1
        var maxProperties = -1
        var items: Int32 = -1
        var minItems = -1
        var maxItems = -1
    }

    // Plain values only, allocated once and read by pointer (so no pass counts a reference); never
    // written after `init`, which is why the plan can be shared (`@unchecked Sendable`).
    let nodes: UnsafeBufferPointer<Node>
    let targets: UnsafeBufferPointer<Int32>
    let properties: UnsafeBufferPointer<Property>
    let names: UnsafeBufferPointer<UInt8>
    let strings: UnsafeBufferPointer<Span>
    let indexes: UnsafeBufferPointer<Int32>
    let patterns: [BoundedRegex]
    /// Each node's bounds as exact decimals, for a value equal to one as a `Double` (`5.00` against 5).
    let exactBounds: [(minimum: SchemaDecimal?, maximum: SchemaDecimal?)]

    /// An integer of at most 15 digits, which a `Double` holds exactly (`TapeFastPass.double` reads such a
    /// value exactly too).
    static func isShortInteger(_ text: String) -> Bool {
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
        return !digits.isEmpty && digits.count <= 15 && text.utf8.count - digits.count <= 1
            && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    static func useBit(_ use: SchemaUse) -> UInt8 {
        switch use {
        case .request: 1
        case .response: 2
        case .any: 4
        }
    }

    /// The plan of a graph, or nil when the pass could not help it: a graph whose `$dynamicRef`s read the
    /// dynamic scope, or one too large for the plan's 32-bit indexes.
    init?(_ graph: SchemaGraph) {
        guard !graph.keepsDynamicScope, graph.nodes.count < Int(Int32.max) else { return nil }
        graph.settleForChecks()
        var nodes: [Node] = []
        var properties: [Property] = []
        var names: [UInt8] = []
        var strings: [Span] = []
        var indexes: [Int32] = []
        var patterns: [BoundedRegex] = []
        nodes.reserveCapacity(graph.nodes.count)
        func span(_ text: String) -> Span {
            let start = Int32(truncatingIfNeeded: names.count)
            names.append(contentsOf: text.utf8)
            return Span(start: start, count: Int32(truncatingIfNeeded: names.count) - start)
        }
        func list(_ values: [Int]) -> Span {
            let start = Int32(truncatingIfNeeded: indexes.count)
            indexes.append(contentsOf: values.map { Int32(truncatingIfNeeded: $0) })
            return Span(start: start, count: Int32(truncatingIfNeeded: values.count))
        }
        for node in graph.nodes {
            var plan = Node()
            plan.supported = node.constValue == nil && node.multipleOf == nil && node.patternProperties.isEmpty
                && node.propertyNames == nil && node.dependentRequired.isEmpty && node.dependentSchemas.isEmpty
                && node.unevaluatedProperties == nil && node.unevaluatedItems == nil && node.prefixItems.isEmpty
                && node.contains == nil && !node.uniqueItems && node.dynamicRef == nil && node.not == nil
                && node.ifSchema == nil && node.discriminator == nil && (node.minProperties ?? 0) <= 1
                && (node.pattern.map { $0.regex != nil } ?? true)
                && (node.minimum.map { $0.double != nil } ?? true) && (node.maximum.map { $0.double != nil } ?? true)
            plan.kind = node.kind
            plan.types = node.typeSet.rawValue
            plan.hasTypes = !node.types.isEmpty
            plan.nullable = node.nullable
            plan.draft4 = node.dialect.isDraft4
            plan.checks = node.checks.rawValue
            if let values = node.enumValues {
                plan.hasEnum = true
                plan.enumSpend = node.enumSet == nil ? values.count : 1
                let start = Int32(truncatingIfNeeded: strings.count)
                for value in values {
                    if case .string(let text) = value { strings.append(span(text)) } else { plan.enumHasOthers = true }
                }
                plan.enumStrings = Span(start: start, count: Int32(truncatingIfNeeded: strings.count) - start)
            }
            plan.minLength = node.minLength ?? -1
            plan.maxLength = node.maxLength ?? -1
            if let regex = node.pattern?.regex {
                plan.pattern = Int32(truncatingIfNeeded: patterns.count)
                patterns.append(regex)
            }
            if let minimum = node.minimum, let double = minimum.double {
                plan.hasMinimum = true
                plan.minimum = double
                plan.minimumExclusive = minimum.exclusive
                plan.minimumExact = Self.isShortInteger(minimum.number.text)
            }
            if let maximum = node.maximum, let double = maximum.double {
                plan.hasMaximum = true
                plan.maximum = double
                plan.maximumExclusive = maximum.exclusive
                plan.maximumExact = Self.isShortInteger(maximum.number.text)
            }
            plan.sources = list(node.mergeSources.map { $0 ?? -1 })
            plan.anyOf = list(node.anyOf)
            plan.oneOf = list(node.oneOf)
            let start = Int32(truncatingIfNeeded: properties.count)
            var counts: (Int32, Int32, Int32) = (0, 0, 0)
            for (offset, property) in node.properties.enumerated() {
                var required: UInt8 = 0
                if node.propertyIsRequired.indices.contains(offset), node.propertyIsRequired[offset] {
                    let view = graph.views[property.schema]
                    if view?.readOnly != true { required |= 1; counts.0 += 1 }
                    if view?.writeOnly != true { required |= 2; counts.1 += 1 }
                    required |= 4
                    counts.2 += 1
                }
                properties.append(Property(name: span(property.name), schema: Int32(truncatingIfNeeded: property.schema), requiredFor: required))
            }
            plan.properties = Span(start: start, count: Int32(truncatingIfNeeded: properties.count) - start)
            plan.requiredCounts = counts
            let beyondStart = Int32(truncatingIfNeeded: strings.count)
            for name in node.requiredBeyondProperties { strings.append(span(name)) }
            plan.beyond = Span(start: beyondStart, count: Int32(truncatingIfNeeded: strings.count) - beyondStart)
            if let additional = node.additionalProperties {
                plan.additional = Int32(truncatingIfNeeded: additional)
                plan.additionalRefuses = graph.nodes[graph.targets[additional]].kind == .nothing
            }
            plan.minProperties = node.minProperties ?? -1
            plan.maxProperties = node.maxProperties ?? -1
            plan.items = node.items.map { Int32(truncatingIfNeeded: $0) } ?? -1
            plan.minItems = node.minItems ?? -1
            plan.maxItems = node.maxItems ?? -1
            nodes.append(plan)
        }
        guard names.count < Int(Int32.max), indexes.count < Int(Int32.max) else { return nil }
        self.nodes = Self.owned(nodes)
        targets = Self.owned(graph.checkTargets.map { Int32(truncatingIfNeeded: $0) })
        self.properties = Self.owned(properties)
        self.names = Self.owned(names)
        self.strings = Self.owned(strings)
        self.indexes = Self.owned(indexes)
        self.patterns = patterns
        exactBounds = graph.nodes.map { ($0.minimum?.value, $0.maximum?.value) }
    }

    /// Whether the document is valid against node `start`, when the fast pass can tell that for sure;
    /// false when it is invalid or the pass cannot tell (the full validator then decides).
    func accepts(_ document: JSONDocument, from start: Int, use: SchemaUse, cancellation: CancellationToken?) -> Bool {
        document.withTapeWalk { walk in
            // Below the full validator's budget (2M + 16 a value): entries count keys too, never more than one
            // a value, so half of 2M + 16 an entry is less.
            let entries = min(walk.next(0), 2 * SchemaValidator.defaultBudget)
            let budget = (SchemaValidator.defaultBudget + SchemaValidator.stepsPerValue * entries) / 2
            var pass = TapeFastPass(walk: walk, plan: self, useBit: Self.useBit(use), budget: budget, cancellation: cancellation)
            return pass.check(0, against: start, depth: 0, hops: 0) == .valid
        }
    }

    deinit {
        for buffer in [UnsafeRawBufferPointer(nodes), UnsafeRawBufferPointer(targets), UnsafeRawBufferPointer(properties),
                       UnsafeRawBufferPointer(names), UnsafeRawBufferPointer(strings), UnsafeRawBufferPointer(indexes)] {
            buffer.deallocate()
        }
    }

    /// A copy of `values` that the plan owns until it goes: the pass reads it by pointer, counting no reference.
    private static func owned<Value>(_ values: [Value]) -> UnsafeBufferPointer<Value> {
        let buffer = UnsafeMutableBufferPointer<Value>.allocate(capacity: max(values.count, 1))
        _ = buffer.initialize(from: values)
        return UnsafeBufferPointer(rebasing: buffer[..<values.count])
    }
}

/// One fast pass of a `TapePlan` over a document's tape.
struct TapeFastPass {
    enum Verdict {
        case valid
        case invalid
        /// The pass does not decide: the full validator must.
        case unknown
    }

    let walk: JSONTapeWalk
    let nodes: UnsafeBufferPointer<TapePlan.Node>
    let targets: UnsafeBufferPointer<Int32>
    let properties: UnsafeBufferPointer<TapePlan.Property>
    let names: UnsafeBufferPointer<UInt8>
    let strings: UnsafeBufferPointer<TapePlan.Span>
    let indexes: UnsafeBufferPointer<Int32>
    /// The plan, for what is read only off the common path (patterns, exact bounds); the caller holds it.
    unowned(unsafe) let plan: TapePlan
    let useBit: UInt8
    /// Steps left: the pass spends at least what the full validator would, and its budget is below that
    /// validator's, so a check the full validator would stop is never passed here.
    var budget: Int
    let cancellation: CancellationToken?

    init(walk: JSONTapeWalk, plan: TapePlan, useBit: UInt8, budget: Int, cancellation: CancellationToken?) {
        self.walk = walk
        nodes = plan.nodes
        targets = plan.targets
        properties = plan.properties
        names = plan.names
        strings = plan.strings
        indexes = plan.indexes
        self.plan = plan
        self.useBit = useBit
        self.budget = budget
        self.cancellation = cancellation
    }

    private mutating func spend(_ amount: Int) -> Bool {
        let before = budget
        budget -= amount
        if before >> 12 != budget >> 12, cancellation?.isCancelled == true { budget = -1 }
        return budget > 0
    }

    mutating func check(_ entry: Int, against start: Int, depth: Int, hops: Int) -> Verdict {
        guard depth < SchemaValidator.depthLimit, hops < SchemaValidator.hopLimit, spend(1) else { return .unknown }
        let index = Int(targets[start])
        let node = nodes.baseAddress.unsafelyUnwrapped + index
        guard node.pointee.supported else { return .unknown }
        switch node.pointee.kind {
        case .anything: return .valid
        case .nothing: return .invalid
        case .keywords: break
        }
        let kind = walk.kind(entry)
        if node.pointee.nullable, kind == .null { return .valid }
        if node.pointee.hasTypes {
            switch hasType(entry, kind, node.pointee.types, draft4: node.pointee.draft4) {
            case .valid: break
            case let other: return other
            }
        }
        let checks = SchemaNode.Checks(rawValue: node.pointee.checks)
        if checks.contains(.value), node.pointee.hasEnum {
            guard spend(node.pointee.enumSpend) else { return .unknown }
            switch kind {
            case .string:
                guard isOneOf(walk.bytes(entry), node.pointee.enumStrings) else { return .invalid }
            case .escapedString:
                return .unknown
            default:
                if !node.pointee.enumHasOthers { return .invalid }
                return .unknown
            }
        }
        if kind == .number {
            if checks.contains(.number) {
                switch checkNumber(entry, node, index) {
                case .valid: break
                case let other: return other
                }
            }
        } else if kind == .string || kind == .escapedString {
            if checks.contains(.string) {
                switch checkString(entry, kind, node) {
                case .valid: break
                case let other: return other
                }
            }
        }
        let isObject = kind == .object, isArray = kind == .array
        guard checks.contains(.inPlace) || (checks.contains(.object) && isObject) || (checks.contains(.array) && isArray) else {
            return .valid
        }
        var membersChecked = false
        let sources = node.pointee.sources
        for offset in 0..<Int(sources.count) {
            let source = Int(indexes[Int(sources.start) + offset])
            let verdict: Verdict
            if source >= 0 {
                verdict = check(entry, against: source, depth: depth, hops: hops + 1)
            } else if isObject {
                verdict = checkMembers(entry, node, depth: depth)
                membersChecked = true
            } else {
                continue
            }
            if verdict != .valid { return verdict }
        }
        if node.pointee.anyOf.count > 0 {
            let verdict = checkAlternatives(entry, node.pointee.anyOf, exactlyOne: false, depth: depth, hops: hops)
            if verdict != .valid { return verdict }
        }
        if node.pointee.oneOf.count > 0 {
            let verdict = checkAlternatives(entry, node.pointee.oneOf, exactlyOne: true, depth: depth, hops: hops)
            if verdict != .valid { return verdict }
        }
        if isObject {
            if !membersChecked {
                let verdict = checkMembers(entry, node, depth: depth)
                if verdict != .valid { return verdict }
            }
            let count = walk.count(entry)
            // A key written twice makes the object smaller than its entries: at most one member is still one
            // or more when there are entries, and fewer entries are never more members.
            if node.pointee.minProperties > 0, count < node.pointee.minProperties { return .invalid }
            if node.pointee.maxProperties >= 0, count > node.pointee.maxProperties { return .unknown }
        } else if isArray {
            let count = walk.count(entry)
            if node.pointee.minItems >= 0, count < node.pointee.minItems { return .invalid }
            if node.pointee.maxItems >= 0, count > node.pointee.maxItems { return .invalid }
            let items = Int(node.pointee.items)
            if items >= 0 {
                var element = entry + 1
                let end = walk.next(entry)
                while element < end {
                    let verdict = check(element, against: items, depth: depth + 1, hops: 0)
                    if verdict != .valid { return verdict }
                    element = walk.next(element)
                }
            }
        }
        return .valid
    }

    /// The JSON Schema type test of `SchemaValidator.value(_:isOneOf:draft4:)`; an integer written with a
    /// fraction or exponent outside draft 4 (`1.0`) is left to the full validator.
    private func hasType(_ entry: Int, _ kind: JSONTapeWalk.Kind, _ raw: UInt8, draft4: Bool) -> Verdict {
        let types = SchemaNode.TypeSet(rawValue: raw)
        switch kind {
        case .string, .escapedString: return types.contains(.string) ? .valid : .invalid
        case .number:
            if types.contains(.number) { return .valid }
            guard types.contains(.integer) else { return .invalid }
            let plain = !walk.bytes(entry).contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            if plain { return .valid }
            return draft4 ? .invalid : .unknown
        case .object: return types.contains(.object) ? .valid : .invalid
        case .array: return types.contains(.array) ? .valid : .invalid
        case .true, .false: return types.contains(.boolean) ? .valid : .invalid
        case .null: return types.contains(.null) ? .valid : .invalid
        }
    }

    private func isOneOf(_ bytes: UnsafeBufferPointer<UInt8>, _ list: TapePlan.Span) -> Bool {
        for offset in 0..<Int(list.count) where equal(bytes, strings[Int(list.start) + offset]) {
            return true
        }
        return false
    }

    @inline(__always)
    private func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ span: TapePlan.Span) -> Bool {
        let count = Int(span.count)
        guard bytes.count == count else { return false }
        guard count > 0, let left = bytes.baseAddress, let names = names.baseAddress else { return true }
        let right = names + Int(span.start)
        guard left[0] == right[0], left[count - 1] == right[count - 1] else { return false }
        // Names are short: compared a word at a time here, the last word overlapping, rather than by a call.
        guard count >= 8 else {
            for offset in 1..<count where left[offset] != right[offset] { return false }
            return true
        }
        let leftRaw = UnsafeRawPointer(left), rightRaw = UnsafeRawPointer(right)
        var offset = 0
        while offset + 8 <= count {
            if leftRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != rightRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        return leftRaw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == rightRaw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }

    private mutating func checkNumber(_ entry: Int, _ node: UnsafePointer<TapePlan.Node>, _ index: Int) -> Verdict {
        guard node.pointee.hasMinimum || node.pointee.hasMaximum else { return .valid }
        guard let (value, exact) = Self.double(walk.bytes(entry)) else { return .unknown }
        if node.pointee.hasMinimum {
            if value == node.pointee.minimum {
                // Equal as `Double`s: equal for sure when both are short integers, else told by their decimals.
                let order = exact && node.pointee.minimumExact ? 0 : exactOrder(entry, plan.exactBounds[index].minimum)
                if order < 0 || (order == 0 && node.pointee.minimumExclusive) { return .invalid }
            } else if value < node.pointee.minimum {
                return .invalid
            }
        }
        if node.pointee.hasMaximum {
            if value == node.pointee.maximum {
                let order = exact && node.pointee.maximumExact ? 0 : exactOrder(entry, plan.exactBounds[index].maximum)
                if order > 0 || (order == 0 && node.pointee.maximumExclusive) { return .invalid }
            } else if value > node.pointee.maximum {
                return .invalid
            }
        }
        return .valid
    }

    /// How the number at `entry` orders against a bound, by their exact decimals, as the full validator
    /// orders them.
    private func exactOrder(_ entry: Int, _ bound: SchemaDecimal?) -> Int {
        guard let bound else { return 0 }
        let number = JSONNumber(validatedText: String(decoding: walk.bytes(entry), as: UTF8.self))
        return SchemaDecimal.compare(SchemaDecimal(number), bound)
    }

    /// The nearest `Double` of a number's text, as `JSONNumber.double` gives it, and whether it is exact.
    /// Short integers are read digit by digit. A number of at most 15 significant digits whose decimal
    /// exponent is within ±22 is its digits (exact in a `Double`) times or divided by a power of ten (exact
    /// too): one correctly rounded operation, the nearest `Double` as `strtod` gives it. Anything else is
    /// read by `Double(_:)`.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> (Double, exact: Bool)? {
        var digits = 0, value = 0, scale = 0
        var negative = false, fraction = false, exponent = 0, exponentNegative = false, inExponent = false
        var exponentDigits = 0
        var fallback = false
        for byte in text {
            if inExponent {
                if byte == UInt8(ascii: "-") { exponentNegative = true; continue }
                if byte == UInt8(ascii: "+") { continue }
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), exponentDigits < 4 else { fallback = true; break }
                exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                exponentDigits += 1
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                // Leading zeros are not significant digits.
                if digits == 0, byte == UInt8(ascii: "0") {
                    if fraction { scale -= 1 }
                    continue
                }
                guard digits < 15 else { fallback = true; break }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                if fraction { scale -= 1 }
            } else if byte == UInt8(ascii: "-"), !negative, digits == 0, !fraction {
                negative = true
            } else if byte == UInt8(ascii: "."), !fraction {
                fraction = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                inExponent = true
            } else {
                fallback = true
                break
            }
        }
        if !fallback {
            let power = scale + (exponentNegative ? -exponent : exponent)
            let magnitude = Double(value)
            if !fraction, !inExponent {
                return (negative ? -magnitude : magnitude, true)
            }
            if value == 0 { return (negative ? -0.0 : 0.0, false) }
            if power >= -22, power <= 22 {
                let result = power < 0 ? magnitude / powersOfTen[-power] : magnitude * powersOfTen[power]
                return (negative ? -result : result, false)
            }
        }
        guard let parsed = Double(String(decoding: text, as: UTF8.self)), parsed.isFinite else { return nil }
        return (parsed, false)
    }

    /// 10⁰ … 10²², each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...22).map { power in
        var result = 1.0
        for _ in 0..<power { result *= 10 }
        return result
    }

    private mutating func checkString(_ entry: Int, _ kind: JSONTapeWalk.Kind, _ node: UnsafePointer<TapePlan.Node>) -> Verdict {
        // Escapes are decoded by the full validator.
        guard kind == .string else { return .unknown }
        let bytes = walk.bytes(entry)
        if node.pointee.minLength >= 0 || node.pointee.maxLength >= 0 {
            var length = bytes.count
            if !walk.isASCII(entry) {
                length = 0
                for byte in bytes where byte & 0xC0 != 0x80 { length += 1 }
            }
            guard spend(1 + length >> 8) else { return .unknown }
            if node.pointee.minLength >= 0, length < node.pointee.minLength { return .invalid }
            if node.pointee.maxLength >= 0, length > node.pointee.maxLength { return .invalid }
        }
        let pattern = Int(node.pointee.pattern)
        if pattern >= 0 {
            guard spend(1 + bytes.count >> 6) else { return .unknown }
            let matched: Bool
            do {
                if walk.isASCII(entry) {
                    matched = try plan.patterns[pattern].matches(ascii: bytes, cancellation: cancellation)
                } else {
                    matched = try plan.patterns[pattern].matches(String(decoding: bytes, as: UTF8.self), cancellation: cancellation)
                }
            } catch {
                return .unknown
            }
            if !matched { return .invalid }
        }
        return .valid
    }

    /// `properties`, `required` and `additionalProperties`, in one walk over the members.
    private mutating func checkMembers(_ object: Int, _ node: UnsafePointer<TapePlan.Node>, depth: Int) -> Verdict {
        let declared = node.pointee.properties
        let count = Int(declared.count)
        let additional = Int(node.pointee.additional)
        guard count > 0 || additional >= 0 || node.pointee.beyond.count > 0 else { return .valid }
        // Which declared properties were met, to tell a key written twice (left to the full validator).
        var seen: UInt64 = 0
        var seenMore = count > 64 ? [Bool](repeating: false, count: count) : []
        var required: Int32 = 0
        var hint = 0
        var key = object + 1
        let end = walk.next(object)
        while key < end {
            guard walk.kind(key) == .string else { return .unknown }
            let name = walk.bytes(key)
            let value = key + 1
            if let found = find(name, declared, from: hint) {
                if count > 64 {
                    if seenMore[found] { return .unknown }
                    seenMore[found] = true
                } else {
                    let bit: UInt64 = 1 << UInt64(found)
                    if seen & bit != 0 { return .unknown }
                    seen |= bit
                }
                hint = found + 1
                let property = properties[Int(declared.start) + found]
                if property.requiredFor & useBit != 0 { required += 1 }
                let verdict = check(value, against: Int(property.schema), depth: depth + 1, hops: 0)
                if verdict != .valid { return verdict }
            } else if additional >= 0 {
                if node.pointee.additionalRefuses { return .invalid }
                let verdict = check(value, against: additional, depth: depth + 1, hops: 0)
                if verdict != .valid { return verdict }
            }
            key = walk.next(value)
        }
        let counts = node.pointee.requiredCounts
        let wanted = useBit == 1 ? counts.0 : useBit == 2 ? counts.1 : counts.2
        if required != wanted { return .invalid }
        let beyond = node.pointee.beyond
        for offset in 0..<Int(beyond.count) {
            let name = strings[Int(beyond.start) + offset]
            var present = false
            var member = object + 1
            while member < end, !present {
                present = equal(walk.bytes(member), name)
                member = walk.next(member + 1)
            }
            if !present { return .invalid }
        }
        return .valid
    }

    /// The declared property named `name`, looked for from `hint` on (members are mostly written in their
    /// schema's order) and then from the start.
    @inline(__always)
    private func find(_ name: UnsafeBufferPointer<UInt8>, _ declared: TapePlan.Span, from hint: Int) -> Int? {
        let count = Int(declared.count)
        guard count > 0 else { return nil }
        var offset = hint < count ? hint : 0
        for _ in 0..<count {
            if equal(name, properties[Int(declared.start) + offset].name) { return offset }
            offset += 1
            if offset == count { offset = 0 }
        }
        return nil
    }

    /// `anyOf` (some branch) or `oneOf` (exactly one), each branch tried as the full validator tries it.
    private mutating func checkAlternatives(_ entry: Int, _ branches: TapePlan.Span, exactlyOne: Bool, depth: Int, hops: Int) -> Verdict {
        var matching = 0
        for offset in 0..<Int(branches.count) {
            guard spend(1) else { return .unknown }
            switch check(entry, against: Int(indexes[Int(branches.start) + offset]), depth: depth, hops: hops + 1) {
            case .valid:
                matching += 1
                if !exactlyOne { return .valid }
            case .invalid:
                continue
            case .unknown:
                return .unknown
            }
        }
        return matching == 1 ? .valid : .invalid
    }
}
