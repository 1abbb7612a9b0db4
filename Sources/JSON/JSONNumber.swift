/// A JSON number that keeps the exact text it was written with.
///
/// Keeping the text (rather than converting to `Double` at parse time) means integers beyond 2^53, long
/// decimals and out-of-range exponents survive a parse → encode round trip byte for byte.
///
/// Equality and hashing compare the exact decimal value, not the text and not a `Double`: `1`, `1.0`,
/// `10e-1` and `1E0` are equal, `-0` equals `0`, and `9007199254740993` differs from `9007199254740992`
/// even though both convert to the same `Double`. (Exponents beyond ±2^40 are clamped for this
/// comparison only; no real document has them.)
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    /// The number exactly as written in JSON (always valid RFC 8259 number syntax).
    public let text: String

    /// Wraps text the parser has already checked against the number grammar.
    package init(validatedText text: String) {
        self.text = text
    }

    /// Creates a number from JSON number text; `nil` when `text` is not valid RFC 8259 number syntax
    /// (no leading `+`, no leading zeros, no `.5`, no `Infinity`, no surrounding whitespace).
    public init?(text: String) {
        guard case .number(let number)? = try? JSONValue.parse(text), number.text == text else { return nil }
        self.text = text
    }

    public init(_ value: Int) {
        text = String(value)
    }

    /// Creates a number from a `Double`; `nil` for NaN and infinities, which JSON cannot express.
    /// Whole values below 2^53 are written without a fraction (`63`, not `63.0`), like `JSONEncoder` does.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        text = Self.text(for: value)
    }

    public init(integerLiteral value: Int) {
        self.init(value)
    }

    public init(floatLiteral value: Double) {
        // A float literal is always finite, so the text is always valid.
        text = Self.text(for: value)
    }

    private static func text(for value: Double) -> String {
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int(value))
        }
        // Swift's shortest round-trip form ("1e-05", "1.5", "1e+20") is valid JSON number syntax.
        return "\(value)"
    }

    /// The nearest `Double`, or `nil` when the magnitude is beyond `Double`'s range (`1e400`).
    public var double: Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The value as an `Int` only when that is exact: `3`, `3.0` and `3e2` give a value, `3.5` and
    /// integers outside `Int`'s range give `nil`.
    public var int: Int? {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            return Int(text)
        }
        let decimal = canonical
        if decimal.digits.isEmpty { return 0 }
        guard decimal.exponent >= 0, decimal.digits.count + decimal.exponent <= 19 else { return nil }
        // Accumulate as a negative number so that Int.min is reachable.
        var value = 0
        for digit in decimal.digits + [UInt8](repeating: 0, count: decimal.exponent) {
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = shifted.subtractingReportingOverflow(Int(digit))
            if overflowA || overflowB { return nil }
            value = next
        }
        if decimal.negative { return value }
        let (positive, overflow) = (0).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }

    /// Whether the value is a whole number (`1`, `1.0`, `1e3`, `1e400`), whatever its size.
    public var isInteger: Bool {
        let decimal = canonical
        return decimal.digits.isEmpty || decimal.exponent >= 0
    }

    public var description: String { text }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.text == rhs.text || lhs.canonical == rhs.canonical
    }

    public func hash(into hasher: inout Hasher) {
        let decimal = canonical
        hasher.combine(decimal.negative)
        hasher.combine(decimal.digits)
        hasher.combine(decimal.exponent)
    }

    /// The number as an exact decimal, `canonical` below: what a schema's bounds and `multipleOf` compare.
    package var decimalParts: (negative: Bool, digits: [UInt8], exponent: Int) {
        let decimal = canonical
        return (decimal.negative, decimal.digits, decimal.exponent)
    }

    /// value = (negative ? -1 : 1) × digits × 10^exponent, with no leading or trailing zero digits;
    /// zero is `digits == []`, `exponent == 0`, not negative. Two numbers are equal exactly when their
    /// canonical forms are.
    private struct Canonical: Equatable {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
    }

    private var canonical: Canonical {
        let exponentLimit = 1 << 40
        var result = Canonical()
        var fractionDigits = 0
        var writtenExponent = 0
        var exponentNegative = false
        var part = 0  // 0 integer, 1 fraction, 2 exponent
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"):
                if part == 2 { exponentNegative = true } else { result.negative = true }
            case UInt8(ascii: "+"):
                break
            case UInt8(ascii: "."):
                part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                part = 2
            default:
                let digit = byte &- UInt8(ascii: "0")
                if part == 2 {
                    writtenExponent = min(writtenExponent * 10 + Int(digit), exponentLimit)
                } else {
                    if digit != 0 || !result.digits.isEmpty { result.digits.append(digit) }
                    if part == 1 { fractionDigits += 1 }
                }
            }
        }
        var trailingZeros = 0
        while let last = result.digits.last, last == 0 {
            result.digits.removeLast()
            trailingZeros += 1
        }
        if result.digits.isEmpty { return Canonical() }
        result.exponent = (exponentNegative ? -writtenExponent : writtenExponent) - fractionDigits + trailingZeros
        return result
    }
}
