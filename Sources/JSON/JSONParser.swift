import FoundationFree
/// A strict RFC 8259 recursive-descent parser over raw bytes, building a `JSONTape`.
///
/// It reads straight from the caller's buffer through a pointer (no Foundation, no `Decodable`, no
/// intermediate token array) and validates everything as it goes (UTF-8 and escapes inside strings
/// included), but copies no text out: the tape records where each string and number is, so parsing
/// allocates nothing per value. Strings are decoded later, only those that are read (`JSONTapeReader`).
/// Errors carry the byte offset; line and column are worked out only when an error is thrown.
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
    private let tape: JSONTape
    private let cancellation: CancellationToken?
    private var valuesUntilCheck = JSONParser.valuesPerCancellationCheck

    /// Parses one complete document into a tape, rejecting anything but whitespace after it. When
    /// `cancellation` trips, the parse stops with `JSONParseError.cancelled`.
    static func parse(
        _ buffer: UnsafeRawBufferPointer, cancellation: CancellationToken? = nil
    ) throws(JSONParseError) -> JSONTape {
        guard let start = buffer.baseAddress, buffer.count > 0 else {
            throw JSONParseError(line: 1, column: 1, offset: 0, message: "empty input; expected a JSON value")
        }
        guard buffer.count <= JSONTape.maximumDocumentBytes else {
            throw JSONParseError(line: 1, column: 1, offset: 0, message: "documents over 4 GiB are not parsed")
        }
        // Real documents average well over 8 bytes per value; the tape grows if this one does not.
        let tape = JSONTape(capacity: buffer.count / 8 + 16)
        var parser = JSONParser(
            base: start.assumingMemoryBound(to: UInt8.self), end: buffer.count, tape: tape, cancellation: cancellation)
        try parser.parseDocument()
        tape.trim()
        return tape
    }

    private init(base: UnsafePointer<UInt8>, end: Int, tape: JSONTape, cancellation: CancellationToken?) {
        self.base = base
        self.end = end
        self.tape = tape
        self.cancellation = cancellation
    }

    private mutating func parseDocument() throws(JSONParseError) {
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            throw error(at: 0, "byte order mark (U+FEFF) is not allowed before JSON")
        }
        skipWhitespace()
        guard index < end else { throw error(at: index, "unexpected end of input; expected a JSON value") }
        try parseValue()
        skipWhitespace()
        if index < end {
            throw error(at: index, "unexpected \(describeCharacter(at: index)) after the JSON value")
        }
    }


    /// Parses the value starting at `index`, which must be in bounds and not whitespace.
    private mutating func parseValue() throws(JSONParseError) {
        valuesUntilCheck &-= 1
        if valuesUntilCheck == 0 {
            valuesUntilCheck = Self.valuesPerCancellationCheck
            if cancellation?.isCancelled == true { throw .cancelled(at: index) }
        }
        switch base[index] {
        case UInt8(ascii: "{"):
            try parseObject()
        case UInt8(ascii: "["):
            try parseArray()
        case UInt8(ascii: "\""):
            try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
        case UInt8(ascii: "t"):
            _ = tape.append(.true, index, 4)
            try expectLiteral("true")
        case UInt8(ascii: "f"):
            _ = tape.append(.false, index, 5)
            try expectLiteral("false")
        case UInt8(ascii: "n"):
            _ = tape.append(.null, index, 4)
            try expectLiteral("null")
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

    private mutating func parseArray() throws(JSONParseError) {
        let entry = tape.append(.array, 0, 0)
        try enterContainer()
        defer { depth -= 1 }
        skipWhitespace()
        guard index < end else { throw endOfInput("expected a value or ']'") }
        if base[index] == UInt8(ascii: "]") {
            index += 1
            tape.close(entry, kind: .array, elements: 0)
            return
        }
        var elements = 0
        while true {
            try parseValue()
            elements += 1
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
                tape.close(entry, kind: .array, elements: elements)
                return
            default:
                throw error(at: index, "expected ',' or ']' after array element, found \(describeCharacter(at: index))")
            }
        }
    }

    private mutating func parseObject() throws(JSONParseError) {
        let entry = tape.append(.object, 0, 0)
        try enterContainer()
        defer { depth -= 1 }
        skipWhitespace()
        guard index < end else { throw endOfInput("expected a string key or '}'") }
        if base[index] == UInt8(ascii: "}") {
            index += 1
            tape.close(entry, kind: .object, elements: 0)
            return
        }
        var members = 0
        while true {
            guard base[index] == UInt8(ascii: "\"") else {
                throw error(at: index, "expected a string key, found \(describeCharacter(at: index))")
            }
            try parseString()
            skipWhitespace()
            guard index < end else { throw endOfInput("expected ':' after object key") }
            guard base[index] == UInt8(ascii: ":") else {
                throw error(at: index, "expected ':' after object key, found \(describeCharacter(at: index))")
            }
            index += 1
            skipWhitespace()
            guard index < end else { throw endOfInput("expected a value after ':'") }
            try parseValue()
            members += 1
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
                tape.close(entry, kind: .object, elements: members)
                return
            default:
                throw error(at: index, "expected ',' or '}' after object member, found \(describeCharacter(at: index))")
            }
        }
    }


    private mutating func parseNumber() throws(JSONParseError) {
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
        _ = tape.append(.number, start, index - start)
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


    /// Checks the string whose opening quote is at `index` and records it (as a key or a value).
    private mutating func parseString() throws(JSONParseError) {
        index += 1
        let contentStart = index
        var escaped = false
        var nonASCII = 0
        skipPlainASCII()
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                _ = tape.append(escaped ? .escapedString : .string, contentStart, index - contentStart | nonASCII)
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                try checkEscape()
            } else if byte < 0x20 {
                throw controlCharacterError()
            } else if byte < 0x80 {
                index += 1
            } else {
                nonASCII = JSONTape.nonASCII
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
            guard special & highs == 0 else {
                // Step to the first special byte (little-endian: the lowest set high bit).
                index += (special & highs).trailingZeroBitCount >> 3
                return
            }
            index += 8
        }
    }

    /// Checks the escape sequence at `index` (a backslash) and steps over it; a `\u` escape of a high
    /// surrogate must be followed by one of a low surrogate.
    private mutating func checkEscape() throws(JSONParseError) {
        let start = index
        index += 1
        guard index < end else { throw endOfInput("unterminated string") }
        switch base[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 1
        case UInt8(ascii: "u"):
            index += 1
            let unit = try readHex4(escapeStart: start)
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < end, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
                    throw error(at: start, "unpaired surrogate \(hex(unit)) in string (no low surrogate follows)")
                }
                let lowStart = index
                index += 2
                let low = try readHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(at: start, "unpaired surrogate \(hex(unit)) in string (followed by \(hex(low)))")
                }
            case 0xDC00...0xDFFF:
                throw error(at: start, "unpaired surrogate \(hex(unit)) in string (low surrogate without a high one)")
            default:
                break
            }
        default:
            throw error(at: start, "invalid escape '\\\(describeCharacter(at: index, quoted: false))' in string")
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
            guard let digit = HexDigits.value(of: base[index]) else {
                throw error(at: escapeStart, "invalid \\u escape; expected 4 hexadecimal digits")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
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
            case 0x20, 0x0D, 0x09: index += 1
            case 0x0A:
                index += 1
                skipIndentation()
            default: return
            }
        }
    }

    /// Steps over the spaces that indent a line, eight at a time: a third to a half of a pretty-printed
    /// description's bytes are indentation (GitHub's and Stripe's), a byte at a time a large part of its parse.
    @inline(__always)
    private mutating func skipIndentation() {
        let spaces: UInt64 = 0x2020_2020_2020_2020
        while index + 8 <= end, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == spaces {
            index += 8
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
