import FoundationFree
import JSON

/// What a plain (unquoted, untagged) YAML scalar means under the YAML 1.2 core schema, as a JSON value.
///
/// `null`/`Null`/`NULL`/`~`/empty, `true`/`false` in three spellings, decimal, `0o` octal and `0x` hex
/// integers, decimal floats, `.inf` and `.nan`; everything else is a string. YAML 1.1's extra booleans
/// (`yes`, `no`, `on`, `off`), sexagesimal numbers and timestamps stay strings. Decided on the bytes
/// with one look at the first byte for the common case (a word), no regular expressions.
enum YAMLCoreSchema {
    static func resolve(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue {
        guard let first = bytes.first else { return .null }
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            if isNull(bytes) { return .null }
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            if matches(bytes, "true", "True", "TRUE") { return .bool(true) }
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            if matches(bytes, "false", "False", "FALSE") { return .bool(false) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if let number = number(bytes) { return number }
        default:
            break
        }
        return .string(String(decoding: bytes, as: UTF8.self))
    }

    /// A mapping key as JSON spells it: a number, boolean or null key by its JSON text (`200`, `0x10` →
    /// `16`, `true`, `null`), as JSON encoders turn such keys into member names.
    static func key(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool) -> String {
        guard plain else { return String(decoding: bytes, as: UTF8.self) }
        switch resolve(bytes) {
        case .string(let text): return text
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let number): return number.text
        case .array, .object: return String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func isNull(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        (bytes.count == 1 && bytes[0] == UInt8(ascii: "~")) || matches(bytes, "null", "Null", "NULL")
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ spellings: StaticString...) -> Bool {
        for spelling in spellings where spelling.utf8CodeUnitCount == bytes.count {
            if memcmpEqual(bytes, spelling) { return true }
        }
        return false
    }

    private static func memcmpEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ spelling: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount)
        for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A core-schema integer or float as JSON number text, or nil when the scalar is not one.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        let count = bytes.count
        if count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "x") { return radixInteger(bytes, from: 2, radix: 16) }
            if bytes[1] == UInt8(ascii: "o") { return radixInteger(bytes, from: 2, radix: 8) }
        }
        var position = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            position = 1
        }
        if position < count, bytes[position] == UInt8(ascii: ".") {
            let rest = UnsafeBufferPointer(rebasing: bytes[(position + 1)...])
            if matches(rest, "inf", "Inf", "INF") {
                return .number(JSONNumber(validatedText: negative ? "-1e999" : "1e999"))
            }
            if position == 0, matches(rest, "nan", "NaN", "NAN") { return .null }
        }
        let integerStart = position
        while position < count, isDigit(bytes[position]) { position += 1 }
        let integerEnd = position
        var fractionStart = position
        var fractionEnd = position
        var isFloat = false
        if position < count, bytes[position] == UInt8(ascii: ".") {
            isFloat = true
            position += 1
            fractionStart = position
            while position < count, isDigit(bytes[position]) { position += 1 }
            fractionEnd = position
        }
        // `.` alone, or a sign alone, is not a number; `.5` and `5.` are.
        guard integerEnd > integerStart || fractionEnd > fractionStart else { return nil }
        var exponentStart = position
        if position < count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isFloat = true
            position += 1
            exponentStart = position
            if position < count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") { position += 1 }
            let digitsStart = position
            while position < count, isDigit(bytes[position]) { position += 1 }
            guard position > digitsStart else { return nil }
        }
        guard position == count else { return nil }

        // JSON text: no `+`, no leading zeros, a digit on each side of the point.
        var text = ""
        text.reserveCapacity(count + 2)
        if negative { text.append("-") }
        var firstSignificant = integerStart
        while firstSignificant < integerEnd - 1, bytes[firstSignificant] == UInt8(ascii: "0") { firstSignificant += 1 }
        if integerEnd > integerStart {
            text += String(decoding: UnsafeBufferPointer(rebasing: bytes[firstSignificant..<integerEnd]), as: UTF8.self)
        } else {
            text.append("0")
        }
        if fractionEnd > fractionStart {
            text.append(".")
            text += String(decoding: UnsafeBufferPointer(rebasing: bytes[fractionStart..<fractionEnd]), as: UTF8.self)
        }
        if isFloat, exponentStart < count {
            text.append("e")
            text += String(decoding: UnsafeBufferPointer(rebasing: bytes[exponentStart..<count]), as: UTF8.self)
        }
        return .number(JSONNumber(validatedText: text))
    }

    /// `0x1F`, `0o17` in decimal; one too large for 64 bits stays text, as it could not be used as a number.
    private static func radixInteger(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, radix: UInt64) -> JSONValue? {
        var value: UInt64 = 0
        var overflow = false
        for index in start..<bytes.count {
            guard let digit = HexDigits.value(of: bytes[index]).map(UInt64.init), digit < radix else { return nil }
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: radix)
            let (sum, carried) = shifted.addingReportingOverflow(digit)
            overflow = overflow || overflowed || carried
            value = sum
        }
        if overflow { return .string(String(decoding: bytes, as: UTF8.self)) }
        return .number(JSONNumber(validatedText: String(value)))
    }
}
