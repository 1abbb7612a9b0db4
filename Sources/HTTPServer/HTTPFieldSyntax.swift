/// RFC 9110's field syntax, for what a server reads and what it writes: a header name is a token, a value
/// holds no CR, LF, NUL or other control byte. Text that breaks either would end the head early or add a
/// header (response splitting), so nothing a route hands over is written without passing here.
package enum HTTPFieldSyntax {
    /// RFC 9110 `tchar`: the bytes allowed in methods and header names.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// `field-vchar`, space or tab: any byte but the controls (tab aside) and DEL.
    package static func isValueByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0x7F || byte == 0x09
    }

    package static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    package static func isValue(_ text: String) -> Bool {
        text.utf8.allSatisfy(isValueByte)
    }

    /// The headers that frame a message, which the server writes from the body it sends: one a route
    /// also wrote would contradict them (two Content-Lengths desync a keep-alive client).
    package static func isFraming(_ name: String) -> Bool {
        ["content-length", "transfer-encoding", "connection"].contains(name.lowercased())
    }

    /// Why a header a route hands over cannot be written, or nil when it can.
    package static func problem(name: String, value: String) -> String? {
        if !isToken(name) { return "its name is not an HTTP token" }
        if isFraming(name) { return "the server writes \(name) itself" }
        if !isValue(value) { return "its value holds a control character (CR, LF, NUL…)" }
        return nil
    }
}
