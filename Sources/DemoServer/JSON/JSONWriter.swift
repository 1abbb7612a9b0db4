import FoundationFree

/// Encodes `JSON` values: compact for responses, two-space indented for fixture files.
enum JSONWriter {
    static func encode(_ value: JSON, pretty: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, into: &output, pretty: pretty, depth: 0)
        if pretty { output.append(UInt8(ascii: "\n")) }
        return output
    }

    /// Appends `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else as UTF-8.
    static func appendString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(HexDigits.digit(byte >> 4, uppercase: false))
                output.append(HexDigits.digit(byte, uppercase: false))
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func write(_ value: JSON, into output: inout [UInt8], pretty: Bool, depth: Int) {
        switch value {
        case .null:
            output.append(contentsOf: Array("null".utf8))
        case .bool(let flag):
            output.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .number(let literal):
            output.append(contentsOf: Array(literal.utf8))
        case .string(let text):
            appendString(text, into: &output)
        case .array(let items):
            guard !items.isEmpty else { return output.append(contentsOf: [0x5B, 0x5D]) }
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, pretty: pretty, depth: depth + 1)
                write(item, into: &output, pretty: pretty, depth: depth + 1)
            }
            newline(into: &output, pretty: pretty, depth: depth)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return output.append(contentsOf: [0x7B, 0x7D]) }
            output.append(UInt8(ascii: "{"))
            for (index, (key, item)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, pretty: pretty, depth: depth + 1)
                appendString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                write(item, into: &output, pretty: pretty, depth: depth + 1)
            }
            newline(into: &output, pretty: pretty, depth: depth)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(into output: inout [UInt8], pretty: Bool, depth: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }
}
