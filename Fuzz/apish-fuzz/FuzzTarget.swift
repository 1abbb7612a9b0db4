import TestSupport
/// One thing fuzzed: how inputs are made and what must hold for each.
protocol FuzzTarget {
    /// The name used on the command line and in reports.
    var name: String { get }
    /// A new input.
    mutating func generate(using random: inout SeededRandom) -> [UInt8]
    /// Runs one input; throws when a property that must hold does not. A crash or a hang is caught by
    /// the harness.
    mutating func run(_ input: [UInt8]) throws(FuzzFailure)
}

/// A property that did not hold for an input.
struct FuzzFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Text for a report: printable ASCII as is, everything else escaped, cut to `limit` characters.
func printable(_ bytes: [UInt8], limit: Int = 300) -> String {
    var text = ""
    for byte in bytes.prefix(limit) {
        switch byte {
        case 0x20..<0x7F where byte != UInt8(ascii: "\\"): text.append(Character(Unicode.Scalar(byte)))
        case UInt8(ascii: "\\"): text += "\\\\"
        case 0x0A: text += "\\n"
        case 0x0D: text += "\\r"
        case 0x09: text += "\\t"
        default: text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
    }
    return bytes.count > limit ? text + "… (\(bytes.count) bytes)" : text
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
