/// A strict RFC 8259 recursive-descent parser over raw bytes.
///
/// It reads straight from the caller's buffer through a pointer (no Foundation, no `Decodable`, no
/// intermediate token array), validates UTF-8 inside strings as it goes, and only builds a `String` once
/// per string token: directly from the buffer when the token has no escapes, else from a reused scratch
/// buffer. Errors carry the byte offset; line and column are worked out only when an error is thrown.
struct JSONParser {
    /// Deeper documents are rejected rather than risking the stack; 512 is far beyond any real API.
    static let maximumDepth = 512
    /// How many values are parsed between two looks at the cancellation token: rare enough to cost
    /// nothing, frequent enough that Ctrl-C stops a 60 MB body within milliseconds.
    static let valuesPerCancellationCheck = 65_536

    private let base: UnsafePointer<UInt8>
    private let end: Int
    private var index = 0
    private var depth = 0
    private var scratch: [UInt8] = []
    private let valueStack = JSONParseStack<JSONValue>()
    private let keyStack = JSONParseStack<String>()
    private let cancellation: CancellationToken?
    private var valuesUntilCheck = JSONParser.valuesPerCancellationCheck

    /// Parses one complete document, rejecting anything but whitespace after it. When `cancellation`
    /// trips, the parse stops with `JSONParseError.cancelled`.
    static func parse(
        _ buffer: UnsafeRawBufferPointer, cancellation: CancellationToken? = nil
    ) throws(JSONParseError) -> JSONValue {
        guard let start = buffer.baseAddress, buffer.count > 0 else {
            throw JSONParseError(line: 1, column: 1, offset: 0, message: "empty input; expected a JSON value")
        }
        var parser = JSONParser(
            base: start.assumingMemoryBound(to: UInt8.self), end: buffer.count, cancellation: cancellation)
        return try parser.parseDocument()
    }

    private init(base: UnsafePointer<UInt8>, end: Int, cancellation: CancellationToken?) {
        self.base = base
        self.end = end
        self.cancellation = cancellation
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            throw error(at: 0, "byte order mark (U+FEFF) is not allowed before JSON")
        }
        skipWhitespace()
        guard index < end else { throw error(at: index, "unexpected end of input; expected a JSON value") }
        let value = try parseValue()
        skipWhitespace()
        if index < end {
            throw error(at: index, "unexpected \(describeCharacter(at: index)) after the JSON value")
        }
        return value
    }


    /// Parses the value starting at `index`, which must be in bounds and not whitespace.
    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        valuesUntilCheck &-= 1
        if valuesUntilCheck == 0 {
            valuesUntilCheck = Self.valuesPerCancellationCheck
            if cancellation?.isCancelled == true { throw .cancelled(at: index) }
        }
        switch base[index] {
        case UInt8(ascii: "{"):
            return try parseObject()
        case UInt8(ascii: "["):
            return try parseArray()
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default:
            throw error(at: index, "unexpected \(describeCharacter(at: index)); expected a JSON value")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let length = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        for offset in 0..<length {
            guard start + offset < end, base[start + offset] == expected[offset] else {
                throw error(at: start, "invalid literal; expected '\(literal)'")
            }
        }
        index = start + length
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error(at: index, "nesting deeper than \(Self.maximumDepth) levels")
        }
        index += 1
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        skipWhitespace()
        guard index < end else { throw endOfInput("expected a value or ']'") }
        if base[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        let start = valueStack.count
        while true {
            valueStack.push(try parseValue())
            skipWhitespace()
            guard index < end else { throw endOfInput("expected ',' or ']' after array element") }
            switch base[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                guard index < end else { throw endOfInput("expected a value after ','") }
                if base[index] == UInt8(ascii: "]") {
                    throw error(at: index, "trailing comma before ']'")
                }
            case UInt8(ascii: "]"):
                index += 1
                return .array(valueStack.popArray(from: start))
            default:
                throw error(at: index, "expected ',' or ']' after array element, found \(describeCharacter(at: index))")
            }
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        skipWhitespace()
        guard index < end else { throw endOfInput("expected a string key or '}'") }
        if base[index] == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject())
        }
        let keysStart = keyStack.count
        let valuesStart = valueStack.count
        while true {
            guard base[index] == UInt8(ascii: "\"") else {
                throw error(at: index, "expected a string key, found \(describeCharacter(at: index))")
            }
            keyStack.push(try parseString())
            skipWhitespace()
            guard index < end else { throw endOfInput("expected ':' after object key") }
            guard base[index] == UInt8(ascii: ":") else {
                throw error(at: index, "expected ':' after object key, found \(describeCharacter(at: index))")
            }
            index += 1
            skipWhitespace()
            guard index < end else { throw endOfInput("expected a value after ':'") }
            valueStack.push(try parseValue())
            skipWhitespace()
            guard index < end else { throw endOfInput("expected ',' or '}' after object member") }
            switch base[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                guard index < end else { throw endOfInput("expected a string key after ','") }
                if base[index] == UInt8(ascii: "}") {
                    throw error(at: index, "trailing comma before '}'")
                }
            case UInt8(ascii: "}"):
                index += 1
                return .object(JSONObject(
                    parsedKeys: keyStack.popArray(from: keysStart), values: valueStack.popArray(from: valuesStart)))
            default:
                throw error(at: index, "expected ',' or '}' after object member, found \(describeCharacter(at: index))")
            }
        }
    }


    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        if base[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < end, isDigit(base[index]) else {
            throw numberError("expected a digit after '-'")
        }
        if base[index] == UInt8(ascii: "0") {
            index += 1
            if index < end, isDigit(base[index]) {
                throw error(at: start, "leading zeros are not allowed in numbers")
            }
        } else {
            skipDigits()
        }
        if index < end, base[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end, isDigit(base[index]) else { throw numberError("expected a digit after '.'") }
            skipDigits()
        }
        if index < end, base[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < end, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < end, isDigit(base[index]) else { throw numberError("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        return JSONNumber(validatedText: text)
    }

    private func numberError(_ message: String) -> JSONParseError {
        index < end ? error(at: index, "\(message), found \(describeCharacter(at: index))") : endOfInput(message)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    private mutating func skipDigits() {
        while index < end, isDigit(base[index]) { index += 1 }
    }


    /// Parses the string whose opening quote is at `index`.
    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let contentStart = index
        skipPlainASCII()
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                let string = String(
                    decoding: UnsafeBufferPointer(start: base + contentStart, count: index - contentStart),
                    as: UTF8.self
                )
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(contentStart: contentStart)
            }
            if byte < 0x20 { throw controlCharacterError() }
            if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
            skipPlainASCII()
        }
        throw endOfInput("unterminated string")
    }

    /// Steps over bytes that need no look inside a string (printable ASCII other than `"` and `\`), eight
    /// at a time: most of a document's bytes are such runs, and a byte at a time they dominate the parse.
    @inline(__always)
    private mutating func skipPlainASCII() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= end {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A high bit marks a byte that is a quote, a backslash, a control character or not ASCII.
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((word &- ones &* 0x20) & ~word) | word
            guard special & highs == 0 else { return }
            index += 8
        }
    }

    /// Continues a string from its first backslash (at `index`), decoding escapes into `scratch`.
    private mutating func parseEscapedString(contentStart: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + contentStart, count: index - contentStart))
        while index < end {
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape()
            case 0..<0x20:
                throw controlCharacterError()
            case 0x20..<0x80:
                // Copy the whole run of plain ASCII at once; escapes are usually sparse.
                let runStart = index
                index += 1
                skipPlainASCII()
                while index < end {
                    let next = base[index]
                    guard next >= 0x20, next < 0x80, next != UInt8(ascii: "\""), next != UInt8(ascii: "\\") else { break }
                    index += 1
                }
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            default:
                let start = index
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
            }
        }
        throw endOfInput("unterminated string")
    }

    /// Decodes the escape sequence at `index` (a backslash) into `scratch`.
    private mutating func appendEscape() throws(JSONParseError) {
        let start = index
        index += 1
        guard index < end else { throw endOfInput("unterminated string") }
        let replacement: UInt8
        switch base[index] {
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            index += 1
            let unit = try readHex4(escapeStart: start)
            try appendUnicodeEscape(unit, escapeStart: start)
            return
        default:
            throw error(at: start, "invalid escape '\\\(describeCharacter(at: index, quoted: false))' in string")
        }
        scratch.append(replacement)
        index += 1
    }

    private mutating func appendUnicodeEscape(_ unit: UInt16, escapeStart: Int) throws(JSONParseError) {
        switch unit {
        case 0xD800...0xDBFF:
            guard index + 1 < end, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
                throw error(at: escapeStart, "unpaired surrogate \(hex(unit)) in string (no low surrogate follows)")
            }
            let lowStart = index
            index += 2
            let low = try readHex4(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(at: escapeStart, "unpaired surrogate \(hex(unit)) in string (followed by \(hex(low)))")
            }
            let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            appendUTF8(scalar)
        case 0xDC00...0xDFFF:
            throw error(at: escapeStart, "unpaired surrogate \(hex(unit)) in string (low surrogate without a high one)")
        default:
            appendUTF8(UInt32(unit))
        }
    }

    private func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < end else { throw endOfInput("unterminated \\u escape") }
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(at: escapeStart, "invalid \\u escape; expected 4 hexadecimal digits")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Checks the multi-byte UTF-8 sequence whose lead byte (≥ 0x80) is at `index` and steps over it.
    /// Rejects stray continuation bytes, overlong forms, UTF-16 surrogates and values above U+10FFFF.
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = base[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        case 0xC0, 0xC1:
            throw error(at: index, "invalid UTF-8 in string: overlong encoding (byte \(byteHex(lead)))")
        case 0x80...0xBF:
            throw error(at: index, "invalid UTF-8 in string: unexpected continuation byte \(byteHex(lead))")
        default:
            throw error(at: index, "invalid UTF-8 in string: byte \(byteHex(lead)) never appears in UTF-8")
        }
        guard index + 1 < end else { throw error(at: index, "invalid UTF-8 in string: truncated sequence") }
        let second = base[index + 1]
        if !secondRange.contains(second) {
            if second & 0xC0 != 0x80 {
                throw error(at: index, "invalid UTF-8 in string: truncated sequence")
            }
            switch lead {
            case 0xE0, 0xF0:
                throw error(at: index, "invalid UTF-8 in string: overlong encoding")
            case 0xED:
                throw error(at: index, "invalid UTF-8 in string: UTF-16 surrogate encoded as UTF-8")
            default:
                throw error(at: index, "invalid UTF-8 in string: code point above U+10FFFF")
            }
        }
        for offset in 2..<length {
            guard index + offset < end, base[index + offset] & 0xC0 == 0x80 else {
                throw error(at: index, "invalid UTF-8 in string: truncated sequence")
            }
        }
        index += length
    }

    private func byteHex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }

    private func controlCharacterError() -> JSONParseError {
        let byte = base[index]
        let name: String
        switch byte {
        case 0x0A: name = "line feed; write it as \\n"
        case 0x0D: name = "carriage return; write it as \\r"
        case 0x09: name = "tab; write it as \\t"
        default: name = "U+00\(byteHex(byte).dropFirst(2)); write it as \\u00\(byteHex(byte).dropFirst(2))"
        }
        return error(at: index, "control character in string (\(name))")
    }


    @inline(__always)
    private mutating func skipWhitespace() {
        while index < end {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Names the character at `offset` for a message: `'x'`, `U+000C`, `'é'`, or `byte 0xFF`.
    private func describeCharacter(at offset: Int, quoted: Bool = true) -> String {
        let byte = base[offset]
        if byte >= 0x20, byte < 0x7F {
            let character = String(UnicodeScalar(byte))
            return quoted ? "'\(character)'" : character
        }
        if byte < 0x80 {
            return "U+00\(byteHex(byte).dropFirst(2))"
        }
        var length = 0
        while length < 4, offset + length < end, length == 0 || base[offset + length] & 0xC0 == 0x80 {
            length += 1
        }
        let bytes = UnsafeBufferPointer(start: base + offset, count: length)
        if let decoded = String(validating: bytes, as: UTF8.self), decoded.unicodeScalars.count == 1 {
            return quoted ? "'\(decoded)'" : decoded
        }
        return "byte \(byteHex(byte))"
    }

    private func endOfInput(_ message: String) -> JSONParseError {
        error(at: end, "unexpected end of input; \(message)")
    }

    private func error(at offset: Int, _ message: String) -> JSONParseError {
        var line = 1
        var column = 1
        var position = 0
        while position < offset {
            let byte = base[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        return JSONParseError(line: line, column: column, offset: offset, message: message)
    }
}
