/// Percent-decoding for paths and query strings, and the escaping used when the server builds URLs.
enum URLEncoding {
    /// Decodes `%XX` sequences (and `+` as space when `plusAsSpace`); malformed sequences stay as written
    /// rather than failing the request. Undecodable UTF-8 becomes U+FFFD.
    static func decode(_ text: Substring, plusAsSpace: Bool) -> String {
        let source = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "%"), index + 2 < source.count,
               let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else if byte == UInt8(ascii: "+"), plusAsSpace {
                bytes.append(UInt8(ascii: " "))
                index += 1
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `a=1&b=two+words` → `[("a","1"), ("b","two words")]`, in order, duplicates kept.
    static func decodeForm(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0], plusAsSpace: true)
            let value = parts.count > 1 ? decode(parts[1], plusAsSpace: true) : ""
            return (name, value)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
