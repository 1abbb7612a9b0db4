import JSON
/// A JSON number as an exact decimal, for `minimum`, `maximum` and `multipleOf`: compared and divided by
/// value, never through a `Double`, so `9007199254740993 > 9007199254740992` and `0.3` is a multiple of `0.1`.
///
/// value = (negative ? -1 : 1) × digits × 10^exponent, with no leading or trailing zero digit; zero has no
/// digits. Read as `JSONNumber`'s equality reads it (`decimalParts`), exponents clamped to ±2^40.
package struct SchemaDecimal: Sendable, Equatable {
    var negative = false
    var digits: [UInt8] = []
    var exponent = 0

    var isZero: Bool { digits.isEmpty }

    init(_ number: JSONNumber) {
        (negative, digits, exponent) = number.decimalParts
    }

    init(_ value: Int) {
        self.init(JSONNumber(value))
    }

    /// -1, 0 or 1 as `lhs` is below, equal to or above `rhs`.
    package static func compare(_ lhs: SchemaDecimal, _ rhs: SchemaDecimal) -> Int {
        if lhs.isZero && rhs.isZero { return 0 }
        let lhsSign = lhs.isZero ? 0 : (lhs.negative ? -1 : 1)
        let rhsSign = rhs.isZero ? 0 : (rhs.negative ? -1 : 1)
        if lhsSign != rhsSign { return lhsSign < rhsSign ? -1 : 1 }
        let magnitude = compareMagnitude(lhs, rhs)
        return lhsSign < 0 ? -magnitude : magnitude
    }

    private static func compareMagnitude(_ lhs: SchemaDecimal, _ rhs: SchemaDecimal) -> Int {
        // The position of the leading digit decides, then the digits from the left.
        let lhsTop = lhs.digits.count + lhs.exponent
        let rhsTop = rhs.digits.count + rhs.exponent
        if lhsTop != rhsTop { return lhsTop < rhsTop ? -1 : 1 }
        for position in 0..<max(lhs.digits.count, rhs.digits.count) {
            let left = position < lhs.digits.count ? lhs.digits[position] : 0
            let right = position < rhs.digits.count ? rhs.digits[position] : 0
            if left != right { return left < right ? -1 : 1 }
        }
        return 0
    }

    /// How many zeros long division may append before it gives up (`1e1000000000` by `7`).
    static let divisionLimit = 100_000

    /// Whether `self` ÷ `divisor` is a whole number; nil when the division is too long to do
    /// (`divisionLimit`), which the validator reports as a stop. `divisor` is not zero.
    func isMultiple(of divisor: SchemaDecimal) -> Bool? {
        if isZero { return true }
        if divisor.isZero { return false }
        let shift = exponent - divisor.exponent
        // self = a·10^e, divisor = b·10^f. With e < f the quotient is a / (b·10^(f-e)), and `a` ends in a digit
        // other than 0, so 10 does not divide it: never whole.
        guard shift >= 0 else { return false }
        if divisor.digits.count <= 18 {
            var modulus: UInt64 = 0
            for digit in divisor.digits { modulus = modulus * 10 + UInt64(digit) }
            var remainder: UInt64 = 0
            for digit in digits { remainder = Self.multiplyMod(remainder, 10, modulus) &+ UInt64(digit); remainder %= modulus }
            return Self.multiplyMod(remainder, Self.powerOfTenMod(shift, modulus), modulus) == 0
        }
        guard shift <= Self.divisionLimit else { return nil }
        // Long division by a divisor of more than 18 digits: the remainder as decimal digits.
        var remainder: [UInt8] = []
        func step(_ digit: UInt8) {
            remainder.append(digit)
            while let first = remainder.first, first == 0 { remainder.removeFirst() }
            while !Self.isBelow(remainder, divisor.digits) { Self.subtract(divisor.digits, from: &remainder) }
        }
        for digit in digits { step(digit) }
        for _ in 0..<shift { step(0) }
        return remainder.isEmpty
    }

    private static func multiplyMod(_ a: UInt64, _ b: UInt64, _ modulus: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return modulus.dividingFullWidth((product.high, product.low)).remainder
    }

    private static func powerOfTenMod(_ power: Int, _ modulus: UInt64) -> UInt64 {
        var result: UInt64 = 1 % modulus
        var base: UInt64 = 10 % modulus
        var power = power
        while power > 0 {
            if power & 1 == 1 { result = multiplyMod(result, base, modulus) }
            base = multiplyMod(base, base, modulus)
            power >>= 1
        }
        return result
    }

    /// Whether the digits (no leading zeros) `lhs` are below `rhs`.
    private static func isBelow(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        for (left, right) in zip(lhs, rhs) where left != right { return left < right }
        return false
    }

    private static func subtract(_ rhs: [UInt8], from lhs: inout [UInt8]) {
        var borrow: Int = 0
        var position = lhs.count - 1
        var other = rhs.count - 1
        while position >= 0 {
            var digit = Int(lhs[position]) - borrow - (other >= 0 ? Int(rhs[other]) : 0)
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 10 }
            lhs[position] = UInt8(digit)
            position -= 1
            other -= 1
        }
        while let first = lhs.first, first == 0 { lhs.removeFirst() }
    }
}
