import APIDescriptions
import JSON
import Schemas
import FoundationFree

/// A value that a schema accepts, made from the schema alone: its `const`, else (unless `dynamic`) its
/// `example` or `default` when they fit, else its first enum value, else one built from its type and
/// keywords — `format` (date-time, date, uuid, email, uri…), `required`, bounds, lengths, a simple
/// `pattern`, `allOf` merged, the first `oneOf`/`anyOf` branch whose value the whole schema accepts.
/// Deterministic: the same seed gives the same value.
///
/// Bounded: beyond `depthLimit` levels only required members are written, and after `budget` values
/// none that can be left out, so a recursive or huge schema answers small.
struct ValueGenerator {
    let document: RawDocument
    /// `Prefer: dynamic=true`: examples and defaults are passed over and choices are drawn.
    let dynamic: Bool
    /// Request or answer: a `readOnly` member is left out of one, a `writeOnly` one out of the other.
    let forRequest: Bool
    private var random: SeededRandom
    private var budget = 2_000
    private var patternTexts: [String: String?] = [:]
    /// The schemas being made, outermost first: a branch among them is recursive.
    private var making: [Int] = []
    /// What the value leaves out of what its schema asks (a recursion cut short), for `X-Mock-Warning`.
    private(set) var shortfalls: [String] = []
    static let depthLimit = 8
    /// Values made beyond `budget` before the rest are cut to null.
    static let overdraft = 20_000
    /// Elements, members and characters written for one value at most, whatever `minItems`,
    /// `minProperties` or `minLength` ask: a schema asking for more gets a value the check refuses, not a
    /// mock that runs out of memory.
    static let sizeLimit = 1_000
    /// Past this depth even required members are cut; a schema that requires itself has no finite value.
    static let hardDepthLimit = 32

    init(document: RawDocument, seed: String, dynamic: Bool = false, forRequest: Bool = false) {
        self.document = document
        self.dynamic = dynamic
        self.forRequest = forRequest
        random = SeededRandom(seed: seed)
    }

    mutating func value(for schema: JSONSchema) -> JSONValue {
        value(for: schema, depth: 0)
    }

    private mutating func value(for schema: JSONSchema, depth: Int) -> JSONValue {
        budget -= 1
        // Past the budget by this much (required members that require more, branches within branches), the
        // value is cut short: the work of one answer stays bounded whatever the schema.
        guard budget > -Self.overdraft else { return .null }
        guard depth < Self.hardDepthLimit else { return cut(schema) }
        making.append(schema.node)
        defer { making.removeLast() }
        if let constant = schema.constValue { return constant }
        let keywords = SchemaKeywords(schema, in: document)
        if !dynamic {
            for candidate in [keywords.example, keywords.defaultValue] {
                if let candidate, schema.validate(candidate, limit: 1).isEmpty { return candidate }
            }
        }
        if let values = schema.enumValues, !values.isEmpty {
            return dynamic ? values[random.below(values.count)] : values[0]
        }
        let branches = schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf
        guard branches.isEmpty else { return composed(schema, branches: branches, keywords: keywords, depth: depth) }
        return typed(schema, keywords: keywords, depth: depth)
    }

    /// The first branch (from a drawn one, when dynamic) whose value, merged with the schema's own
    /// members, the whole schema accepts; the first branch's when none does.
    private mutating func composed(_ schema: JSONSchema, branches: [JSONSchema], keywords: SchemaKeywords, depth: Int) -> JSONValue {
        let own: JSONValue? = schema.properties.isEmpty && schema.types.isEmpty ? nil : typed(schema, keywords: keywords, depth: depth)
        let start = dynamic ? random.below(branches.count) : 0
        let drawn = branches.indices.map { branches[(start + $0) % branches.count] }
        // A branch that is one of the schemas being made would only make it again: the others go first.
        let ordered = drawn.filter { !making.contains($0.node) } + drawn.filter { making.contains($0.node) }
        var first: JSONValue?
        for (offset, branch) in ordered.enumerated() where offset == 0 || budget > 0 {
            var candidate = value(for: branch, depth: depth + 1)
            if case .object(var merged)? = own, case .object(let extra) = candidate {
                for (name, member) in extra { merged[name] = member }
                candidate = .object(merged)
            }
            if first == nil { first = candidate }
            if schema.validate(candidate, limit: 1).isEmpty { return candidate }
        }
        return first ?? .null
    }

    /// The value of a schema met deeper than `hardDepthLimit`: its const or first enum value, else the
    /// smallest of its type or of its first branch that needs no deeper level, written down as a
    /// shortfall when the schema refuses it (a `minItems` or `required` that asks for itself).
    private mutating func cut(_ schema: JSONSchema) -> JSONValue {
        let smallest = Self.smallest(schema)
            ?? (schema.oneOf + schema.anyOf).lazy.compactMap { Self.smallest($0) }.first { $0.arrayValue == nil && $0.objectValue == nil }
            ?? .null
        if !schema.validate(smallest, limit: 1).isEmpty, shortfalls.count < 8 {
            shortfalls.append("\(schema.pointer) nests itself deeper than \(Self.hardDepthLimit) levels; cut short there")
        }
        return smallest
    }

    /// The smallest value a schema's own type takes, without looking into its members; nil for a schema
    /// that names no type.
    private static func smallest(_ schema: JSONSchema) -> JSONValue? {
        if let constant = schema.constValue { return constant }
        if let first = schema.enumValues?.first { return first }
        switch schema.types.first(where: { $0 != "null" }) ?? schema.types.first {
        case "object": return .object(JSONObject())
        case "array": return .array([])
        case "integer", "number": return .number(JSONNumber(0))
        case "string": return .string("")
        case "boolean": return .bool(true)
        case "null": return .null
        default: return nil
        }
    }

    private mutating func typed(_ schema: JSONSchema, keywords: SchemaKeywords, depth: Int) -> JSONValue {
        switch type(of: schema, keywords: keywords) {
        case "object": return object(schema, keywords: keywords, depth: depth)
        case "array": return array(schema, keywords: keywords, depth: depth)
        case "integer": return integer(keywords, format: schema.format)
        case "number": return number(keywords)
        case "boolean": return .bool(dynamic ? random.below(2) == 0 : true)
        case "null": return .null
        default: return .string(string(schema.format, keywords: keywords))
        }
    }

    /// The declared type (the first that is not `null`), else the one the keywords imply.
    private func type(of schema: JSONSchema, keywords: SchemaKeywords) -> String {
        if let declared = schema.types.first(where: { $0 != "null" }) { return declared }
        if schema.types == ["null"] { return "null" }
        if !schema.properties.isEmpty || !schema.required.isEmpty { return "object" }
        if schema.items != nil { return "array" }
        if keywords.suggestsString || schema.format != nil { return "string" }
        if keywords.suggestsNumber { return "number" }
        return "object"
    }

    private mutating func object(_ schema: JSONSchema, keywords: SchemaKeywords, depth: Int) -> JSONValue {
        guard depth < Self.hardDepthLimit else { return .object(JSONObject()) }
        let required = Set(schema.required)
        var members = JSONObject()
        for (name, property) in schema.properties {
            let isRequired = required.contains(name)
            if !isRequired {
                if depth >= Self.depthLimit || budget <= 0 { continue }
                let leftOut = SchemaKeywords(property, in: document)
                if forRequest ? leftOut.readOnly : leftOut.writeOnly { continue }
            }
            members[name] = value(for: property, depth: depth + 1)
        }
        // Required names no property declares, and members up to minProperties, are plain text.
        for name in schema.required where members[name] == nil {
            members[name] = .string(word())
        }
        if let least = keywords.minProperties, schema.allowsAdditionalProperties {
            var index = 1
            while members.count < min(least, Self.sizeLimit), index <= Self.sizeLimit {
                if members["extra\(index)"] == nil { members["extra\(index)"] = .string(word()) }
                index += 1
            }
        }
        return .object(members)
    }

    private mutating func array(_ schema: JSONSchema, keywords: SchemaKeywords, depth: Int) -> JSONValue {
        let least = min(keywords.minItems ?? 0, Self.sizeLimit)
        var count = depth >= Self.depthLimit || budget <= 0 || depth >= Self.hardDepthLimit ? least : max(least, 1)
        if let most = keywords.maxItems { count = min(count, most) }
        guard let items = schema.items, count > 0 else { return .array([]) }
        var elements: [JSONValue] = []
        var attempts = 0
        while elements.count < count, attempts < count * 4 + 4 {
            attempts += 1
            var element = value(for: items, depth: depth + 1)
            if keywords.uniqueItems, elements.contains(element) {
                var varied = ValueGenerator(document: document, seed: "\(attempts)", dynamic: true, forRequest: forRequest)
                element = varied.value(for: items, depth: depth + 1)
                if elements.contains(element) { continue }
            }
            elements.append(element)
        }
        return .array(elements)
    }

    private mutating func integer(_ keywords: SchemaKeywords, format: String? = nil) -> JSONValue {
        // A bound written as an integer is taken exactly (9007199254740993 is not 2^53 + 0); others through
        // a Double, rounded inwards.
        var low = keywords.exactMinimum?.int.map { keywords.exclusiveMinimum && $0 < Int.max ? $0 + 1 : $0 }
            ?? keywords.minimum.map { bound -> Int in
                let ceiled = bound.rounded(.up)
                return Self.clamped(keywords.exclusiveMinimum && ceiled == bound ? ceiled + 1 : ceiled)
            }
        var high = keywords.exactMaximum?.int.map { keywords.exclusiveMaximum && $0 > Int.min ? $0 - 1 : $0 }
            ?? keywords.maximum.map { bound -> Int in
                let floored = bound.rounded(.down)
                return Self.clamped(keywords.exclusiveMaximum && floored == bound ? floored - 1 : floored)
            }
        if format == "int32" {
            // The format's range bounds the value as `minimum` and `maximum` would.
            low = max(low ?? Int(Int32.min), Int(Int32.min))
            high = min(high ?? Int(Int32.max), Int(Int32.max))
            if low == Int(Int32.min), high == Int(Int32.max) { low = nil; high = nil }
        }
        if let step = keywords.multipleOf, step >= 1, step.rounded() == step, step < 1e15 {
            let whole = Int(step)
            low = low.map { Self.roundUp($0, to: whole) }
            high = high.map { $0 - (($0 % whole) + whole) % whole }
            let base = low ?? (high.map { min($0, whole) } ?? whole)
            return .number(JSONNumber(base))
        }
        let from = low ?? min(1, high ?? 1)
        let to = high ?? (from <= Int.max - 100 ? from + 100 : Int.max)
        guard from <= to else { return .number(JSONNumber(from)) }
        // Small numbers near the lower bound read like data; a drawn one may be anywhere in range.
        let (span, overflow) = to.subtractingReportingOverflow(from)
        let top = dynamic || (!overflow && span < 100) ? to : from + 99
        return .number(JSONNumber(random.integer(in: from...top)))
    }

    private mutating func number(_ keywords: SchemaKeywords) -> JSONValue {
        if let step = keywords.multipleOf, step < 1 || step.rounded() != step {
            // A multiple of a fraction: zero when the bounds allow it, else the smallest one above the
            // minimum, written as its step count times the step's own digits so no rounding creeps in.
            let low = keywords.minimum ?? 0
            let zeroFits = (keywords.minimum.map { $0 < 0 || ($0 == 0 && !keywords.exclusiveMinimum) } ?? true)
                && (keywords.maximum.map { $0 > 0 || ($0 == 0 && !keywords.exclusiveMaximum) } ?? true)
            if zeroFits { return .number(JSONNumber(0)) }
            var steps = (low / step).rounded(.up)
            if keywords.exclusiveMinimum && steps * step <= low { steps += 1 }
            if let exact = keywords.exactMultipleOf, let count = Int(exactly: steps), let multiple = Self.multiple(exact, times: count) {
                return .number(multiple)
            }
            return JSONNumber(steps * step).map(JSONValue.number) ?? .number(JSONNumber(0))
        }
        if keywords.multipleOf != nil { return integer(keywords) }
        let low = keywords.minimum, high = keywords.maximum
        switch (low, high) {
        case let (low?, high?):
            if high - low < 2 || keywords.exclusiveMinimum || keywords.exclusiveMaximum {
                return JSONNumber((low + high) / 2).map(JSONValue.number) ?? .number(JSONNumber(0))
            }
            return integer(keywords)
        default:
            return integer(keywords)
        }
    }

    /// Text for a string schema: its format's shape, else the shortest text its pattern matches (at its
    /// `minLength`), else a word, then fitted to its lengths.
    private mutating func string(_ format: String?, keywords: SchemaKeywords) -> String {
        if let format, let shaped = formatted(format) { return shaped }
        if let pattern = keywords.pattern, let written = patternText(pattern, minimumLength: keywords.minLength ?? 0) {
            return written
        }
        var text = word()
        if let least = keywords.minLength, text.count < least {
            text += String(repeating: "x", count: min(least - text.count, Self.sizeLimit))
        }
        if let most = keywords.maxLength, text.count > most {
            text = String(text.prefix(most))
        }
        return text
    }

    /// Text `pattern` matches, as the validator's regex engine reads it, with at least `minimumLength`
    /// characters where the pattern allows (else padded after a match that is not anchored at its end);
    /// nil when the engine refuses the pattern or no text is found within its bounds (the caller writes a
    /// word; the mock warned of the pattern at start). Remembered per pattern for the rest of the value.
    private mutating func patternText(_ pattern: String, minimumLength: Int) -> String? {
        let key = "\(minimumLength) \(pattern)"
        if let known = patternTexts[key] { return known }
        var text: String?
        if let regex = try? BoundedRegex(pattern) {
            text = regex.example(minimumLength: minimumLength)
            if text == nil, let shortest = regex.example(), shortest.count < minimumLength {
                let padded = shortest + String(repeating: "x", count: min(minimumLength - shortest.count, Self.sizeLimit))
                if (try? regex.matches(padded)) == true { text = padded }
            }
        }
        patternTexts[key] = .some(text)
        return text
    }

    private mutating func formatted(_ format: String) -> String? {
        let n = random.below(10_000)
        switch format.lowercased() {
        case "date-time": return CivilTime.iso8601(secondsSince1970: Double(1_704_067_200 + n * 3_600))
        case "date": return CivilTime.isoDay(secondsSince1970: Double(1_704_067_200 + n * 86_400))
        case "time": return "12:00:00Z"
        case "uuid": return uuid()
        case "email", "idn-email": return "user\(n)@example.com"
        case "uri", "url", "iri", "uri-reference", "iri-reference": return "https://example.com/\(word())/\(n)"
        case "uri-template": return "https://example.com/\(word()){/id}"
        case "hostname", "idn-hostname": return "host\(n).example.com"
        case "ipv4": return "192.0.2.\(n % 254 + 1)"
        case "ipv6": return "2001:db8::\(String(n, radix: 16))"
        case "duration": return "P\(n % 30 + 1)D"
        case "byte": return "ZXhhbXBsZQ=="
        case "binary": return "example"
        case "password": return "secret-\(n)"
        case "json-pointer": return "/\(word())/\(n % 10)"
        case "relative-json-pointer": return "0/\(word())"
        case "regex": return "^[a-z]+$"
        default: return nil
        }
    }

    /// Text for a value the reader keeps no `JSONSchema` of (a response header): the written schema's
    /// example, default, const or first enum value, else its type's or format's shape.
    mutating func text(forWritten schema: JSONValue?) -> String {
        let schema = document.resolved(schema)
        for keyword in ["example", "default", "const"] {
            if let value = schema?[keyword] { return Self.text(value) }
        }
        if case .array(let values)? = schema?["enum"], let first = values.first { return Self.text(first) }
        let type = schema?["type"]?.stringValue ?? schema?["type"]?.arrayValue?.first(where: { $0 != .string("null") })?.stringValue
        switch type {
        case "integer", "number": return schema?["minimum"]?.numberValue?.description ?? String(1 + random.below(100))
        case "boolean": return "true"
        default: return schema?["format"]?.stringValue.flatMap { formatted($0) } ?? word()
        }
    }

    private static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.encoded()
    }

    private mutating func uuid() -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        for index in 0..<32 {
            if [8, 12, 16, 20].contains(index) { text += "-" }
            // Version 4, variant 10xx: a UUID any reader accepts.
            let digit = index == 12 ? 4 : index == 16 ? 8 + random.below(4) : random.below(16)
            text.append(digits[digit])
        }
        return text
    }

    private mutating func word() -> String {
        let words = ["alpha", "bravo", "delta", "echo", "kilo", "lima", "oscar", "sierra", "tango", "zulu"]
        return words[random.below(words.count)]
    }

    /// `count` × `step`, exactly: the step's digits times the count, at the step's exponent; nil when
    /// that overflows.
    private static func multiple(_ step: JSONNumber, times count: Int) -> JSONNumber? {
        let parts = step.decimalParts
        var digits = 0
        for digit in parts.digits {
            let (shifted, overflowA) = digits.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = shifted.addingReportingOverflow(Int(digit))
            guard !overflowA, !overflowB else { return nil }
            digits = next
        }
        let (product, overflow) = digits.multipliedReportingOverflow(by: count)
        guard !overflow else { return nil }
        return JSONNumber(text: "\(parts.negative ? -product : product)e\(parts.exponent)")
    }

    private static func clamped(_ value: Double) -> Int {
        guard value.isFinite else { return value < 0 ? Int.min / 2 : Int.max / 2 }
        return Int(max(min(value, 4e18), -4e18))
    }

    private static func roundUp(_ value: Int, to step: Int) -> Int {
        let remainder = ((value % step) + step) % step
        return remainder == 0 ? value : value + (step - remainder)
    }
}

/// A value of `schema` as the mock makes one for an answer (examples first, then what the keywords ask),
/// for the benchmark that checks generated answers.
package enum GeneratedInstance {
    package static func of(_ schema: JSONSchema, in document: JSONValue, seed: String) -> JSONValue {
        var generator = ValueGenerator(document: RawDocument(root: document), seed: seed)
        return generator.value(for: schema)
    }
}
