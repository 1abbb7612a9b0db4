/// `application/x-www-form-urlencoded` encoding of ordered fields, as seed 002 intended it.
///
/// Every byte of the UTF-8 form of a name or value outside the RFC 3986 unreserved set
/// (`A-Z a-z 0-9 - . _ ~`) is percent-encoded with uppercase hex, so a space becomes `%20` and
/// `+ & = / :` can never be mistaken for separators. Decoding also accepts `+` as a space, because
/// browsers and many servers produce it.
public enum FormEncoding {
    /// Encodes fields as `name=value` pairs joined by `&`, in the given order.
    public static func encode(_ fields: [FormField]) -> String {
        fields.map { percentEncode($0.name) + "=" + percentEncode($0.value) }.joined(separator: "&")
    }

    /// Decodes a form body or query string into fields, in order. Empty segments (`a=1&&b=2`) are
    /// skipped; a segment without `=` is a field with an empty value.
    public static func decode(_ string: String) -> [FormField] {
        string.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let equals = pair.firstIndex(of: "=") {
                let name = pair[pair.startIndex..<equals]
                let value = pair[pair.index(after: equals)...]
                return FormField(name: percentDecode(name, plusAsSpace: true),
                                 value: percentDecode(value, plusAsSpace: true))
            }
            return FormField(name: percentDecode(pair, plusAsSpace: true), value: "")
        }
    }

    /// Percent-encodes every UTF-8 byte outside the RFC 3986 unreserved set.
    public static func percentEncode<S: StringProtocol>(_ string: S) -> String {
        percentEncode(string, keeping: isUnreserved)
    }

    /// `addingPercentEncoding(withAllowedCharacters:)` for an ASCII set: every UTF-8 byte `keeping` refuses
    /// becomes `%XX` (upper-case hex).
    package static func percentEncode<S: StringProtocol>(_ string: S, keeping: (UInt8) -> Bool) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if keeping(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Reverses `percentEncode`. A `%` not followed by two hex digits is kept literally, and bytes
    /// that do not form valid UTF-8 become U+FFFD, so decoding never fails.
    public static func percentDecode<S: StringProtocol>(_ string: S, plusAsSpace: Bool = false) -> String {
        let bytes = Array(string.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
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
    package static func strictPercentDecode(_ string: String) -> String? {
        let bytes = Array(string.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                return nil
            }
            decoded.append(high << 4 | low)
            index += 3
        }
        return String(validating: decoded, as: UTF8.self)
    }

    /// `CharacterSet.urlPathAllowed`: the unreserved set, the sub-delimiters but `;`, and `:@/`.
    package static func isURLPathAllowed(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "!$&'()*+,=:@/".utf8.contains(byte)
    }

    /// `CharacterSet.urlQueryAllowed`: the path set plus `;` and `?`.
    package static func isURLQueryAllowed(_ byte: UInt8) -> Bool {
        isURLPathAllowed(byte) || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "?")
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
