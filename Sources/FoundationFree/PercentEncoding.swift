/// Percent-encoding of UTF-8 bytes (RFC 3986), the one codec that forms, URLs, paths and secret matching use:
/// upper-case hex out, either case in; a decoder that never fails and a strict one.
public enum PercentEncoding {
    /// Percent-encodes every UTF-8 byte outside the RFC 3986 unreserved set.
    public static func encode<S: StringProtocol>(_ string: S) -> String {
        encode(string, keeping: isUnreserved)
    }

    /// `addingPercentEncoding(withAllowedCharacters:)` for an ASCII set: every UTF-8 byte `keeping` refuses
    /// becomes `%XX` (upper-case hex).
    public static func encode<S: StringProtocol>(_ string: S, keeping: (UInt8) -> Bool) -> String {
        encode(String(string), keeping: keeping)
    }

    /// `encode` of a `String`, the common case, compiled for it: the generic form, called from another
    /// module, looks up its string type's views by name at run time on first use.
    public static func encode(_ string: String) -> String {
        encode(string, keeping: isUnreserved)
    }

    public static func encode(_ string: String, keeping: (UInt8) -> Bool) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if keeping(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(HexDigits.digit(byte >> 4, uppercase: true))
                encoded.append(HexDigits.digit(byte, uppercase: true))
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Reverses `encode`. A `%` not followed by two hex digits is kept literally, and bytes
    /// that do not form valid UTF-8 become U+FFFD, so decoding never fails.
    public static func decode<S: StringProtocol>(_ string: S, plusAsSpace: Bool = false) -> String {
        let bytes = Array(string.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = HexDigits.value(of: bytes[index + 1]), let low = HexDigits.value(of: bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// `removingPercentEncoding`: nil when a `%` is not followed by two hex digits or the bytes are not UTF-8.
    public static func strictDecode(_ string: String) -> String? {
        let bytes = Array(string.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = HexDigits.value(of: bytes[index + 1]), let low = HexDigits.value(of: bytes[index + 2]) else {
                return nil
            }
            decoded.append(high << 4 | low)
            index += 3
        }
        return String(validating: decoded, as: UTF8.self)
    }

    /// `CharacterSet.urlPathAllowed`: the unreserved set, the sub-delimiters but `;`, and `:@/`.
    public static func isURLPathAllowed(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "!$&'()*+,=:@/".utf8.contains(byte)
    }

    /// `CharacterSet.urlQueryAllowed`: the path set plus `;` and `?`.
    public static func isURLQueryAllowed(_ byte: UInt8) -> Bool {
        isURLPathAllowed(byte) || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "?")
    }

    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
