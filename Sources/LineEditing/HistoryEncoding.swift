/// libedit's history line encoding: its `strvis(3)` with `VIS_WHITE`, so that every entry is one line.
///
/// Written by us so the file can be read and written without libedit's process-wide history state
/// (which tests running in parallel would share); `read_history(3)` in libedit reads what we write,
/// and we read what libedit writes, including its `\^X` and `\M-x` forms.
enum HistoryEncoding {
    static let cookie = "_HiStOrY_V2_"

    static func encode(_ line: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(line.utf8.count)
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: "\\"):
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x21, 0x7F:
                // Space, tab, newline and control bytes as three octal digits, as libedit writes space.
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "0") + (byte >> 6))
                out.append(UInt8(ascii: "0") + ((byte >> 3) & 7))
                out.append(UInt8(ascii: "0") + (byte & 7))
            default:
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Undoes `strvis`; an escape it does not know keeps its character, and bytes that are not UTF-8
    /// become U+FFFD.
    static func decode<Bytes: Collection<UInt8>>(_ encoded: Bytes) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        func next() -> UInt8? {
            guard index < encoded.endIndex else { return nil }
            defer { index = encoded.index(after: index) }
            return encoded[index]
        }
        func peek() -> UInt8? { index < encoded.endIndex ? encoded[index] : nil }

        while let byte = next() {
            guard byte == UInt8(ascii: "\\"), let escape = next() else {
                out.append(byte)
                continue
            }
            switch escape {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escape - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let digit = peek(), (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { break }
                    _ = next()
                    value = value * 8 + UInt32(digit - UInt8(ascii: "0"))
                }
                out.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "^"):
                if let control = next() { out.append(controlByte(control)) }
            case UInt8(ascii: "M"):
                switch next() {
                case UInt8(ascii: "-"):
                    if let meta = next() { out.append(meta | 0x80) }
                case UInt8(ascii: "^"):
                    if let control = next() { out.append(controlByte(control) | 0x80) }
                case let other?:
                    out.append(contentsOf: [UInt8(ascii: "M"), other])
                case nil:
                    out.append(UInt8(ascii: "M"))
                }
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "s"): out.append(0x20)
            case UInt8(ascii: "E"): out.append(0x1B)
            case UInt8(ascii: "$"), 0x0A:
                break  // vis's "hidden" marker and an escaped newline both stand for nothing
            default:
                out.append(escape)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func controlByte(_ character: UInt8) -> UInt8 {
        character == UInt8(ascii: "?") ? 0x7F : character & 0x1F
    }
}
