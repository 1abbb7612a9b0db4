/// Hexadecimal digits as ASCII bytes: the one reader (either case) and the one writer, for percent-encoding,
/// `\u` escapes and `0x` numbers.
public enum HexDigits {
    /// The value of one hex digit, in either case; nil for any other byte.
    @inlinable
    public static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// The digit for the low four bits of `nibble`.
    @inlinable
    public static func digit(_ nibble: UInt8, uppercase: Bool) -> UInt8 {
        let value = nibble & 0x0F
        if value < 10 { return UInt8(ascii: "0") + value }
        return (uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")) + value - 10
    }

    /// Appends `value` as exactly `count` digits, most significant first (`\u` escapes take four).
    @inlinable
    public static func append(_ value: UInt32, digits count: Int, uppercase: Bool, to bytes: inout [UInt8]) {
        for position in stride(from: count - 1, through: 0, by: -1) {
            bytes.append(digit(UInt8(truncatingIfNeeded: value >> (4 * UInt32(position))), uppercase: uppercase))
        }
    }
}
