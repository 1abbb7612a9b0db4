import FoundationFree

/// Appends JSON text for values to a byte buffer.
struct JSONWriter {
    let pretty: Bool
    let sortedKeys: Bool
    private(set) var bytes: [UInt8] = []

    init(pretty: Bool, sortedKeys: Bool) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
    }

    mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let bool):
            bytes.append(contentsOf: (bool ? "true" : "false").utf8)
        case .number(let number):
            bytes.append(contentsOf: number.text.utf8)
        case .string(let string):
            writeString(string)
        case .array(let elements):
            guard !elements.isEmpty else {
                bytes.append(contentsOf: "[]".utf8)
                return
            }
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent: indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent: indent)
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                bytes.append(contentsOf: "{}".utf8)
                return
            }
            bytes.append(UInt8(ascii: "{"))
            var members = Array(zip(object.keys, object.values))
            if sortedKeys { members.sort { $0.0 < $1.0 } }
            for (position, (key, member)) in members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent: indent + 1)
                writeString(key)
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(UInt8(ascii: " ")) }
                write(member, indent: indent + 1)
            }
            newline(indent: indent)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(indent: Int) {
        guard pretty else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// A JSON string. Besides what JSON requires, U+2028 and U+2029 are escaped: they are valid inside
    /// JSON strings, but line-splitting consumers of `--json` output (and JavaScript before ES2019) take
    /// them for line ends. So are DEL and the C1 controls U+0080–U+009F (`\u009b`, the one-byte CSI), which
    /// a terminal showing the JSON would obey.
    private mutating func writeString(_ string: String) {
        Self.appendString(string, to: &bytes)
    }

    /// Appends `string` as a JSON string literal, escaped as `writeString` escapes it.
    static func appendString(_ string: String, to bytes: inout [UInt8], quoted: Bool = true) {
        if quoted { bytes.append(UInt8(ascii: "\"")) }
        var string = string
        string.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case 0..<0x20, 0x7F:
                    appendUnicodeEscape(UInt16(byte), to: &bytes)
                case 0xC2 where index + 1 < utf8.count && (0x80..<0xA0).contains(utf8[index + 1]):
                    // U+0080–U+009F are C2 80 – C2 9F.
                    appendUnicodeEscape(UInt16(utf8[index + 1]), to: &bytes)
                    index += 1
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    // U+2028 LINE SEPARATOR is E2 80 A8, U+2029 PARAGRAPH SEPARATOR is E2 80 A9.
                    appendUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &bytes)
                    index += 2
                default:
                    bytes.append(byte)
                }
                index += 1
            }
        }
        if quoted { bytes.append(UInt8(ascii: "\"")) }
    }

    private static func appendUnicodeEscape(_ unit: UInt16, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        HexDigits.append(UInt32(unit), digits: 4, uppercase: false, to: &bytes)
    }
}
