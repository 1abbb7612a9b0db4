import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The patterns that hold a secret whatever its value, each a scan over UTF-8 bytes that looks back or
/// ahead a bounded distance from a separator (`://`, `:`, `=`), so every scan is linear in the text.
package enum TextPatterns {
    private static let maskBytes = Array(Redactor.mask.utf8)
    /// Names longer than this before a `:` or `=` are not looked at (no credential name is this long).
    private static let maximumNameLength = 64

    // MARK: URL user information

    /// `scheme://user:PASSWORD@host` → `scheme://user:•••@host`. The password runs to the last `@` of the
    /// authority, as URL parsers read it, and may hold quotes. With `userWithoutPassword`,
    /// `scheme://TOKEN@host` loses its user too (a token passed as the user, as GitHub URLs do).
    package static func maskURLUserInfo(_ text: String, userWithoutPassword: Bool) -> String {
        guard contains(text, UInt8(ascii: "@")), contains(text, UInt8(ascii: ":")) else { return text }
        return TextEdits.rewriting(text) { bytes, edits in
            var index = 1
            while index + 2 < bytes.count {
                guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                      bytes[index + 2] == UInt8(ascii: "/"), isSchemeByte(bytes[index - 1])
                else {
                    index += 1
                    continue
                }
                let start = index + 3
                var end = start
                while end < bytes.count, !isAuthorityEnd(bytes[end]) { end += 1 }
                if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) {
                    if let colon = bytes[start..<at].firstIndex(of: UInt8(ascii: ":")) {
                        if colon + 1 < at, !bytes[start..<colon].contains(where: isQuote) {
                            edits.replace((colon + 1)..<at, with: maskBytes)
                        }
                    } else if userWithoutPassword, start < at, !bytes[start..<at].contains(where: isQuote) {
                        edits.replace(start..<at, with: maskBytes)
                    }
                }
                index = max(end, index + 3)
            }
        }
    }

    // MARK: Header values

    /// `Authorization: Bearer X`, `x-api-key:'X'`, `"authorization":"Basic X"`: the value of a credential
    /// header (`Redactor.isCredentialHeader`) after a `:`, keeping an auth scheme word. A cookie header
    /// loses its whole value up to the end of the line or quote; other values end at a blank or a quote.
    /// `::`, `:=` and `://` are not header separators, and values starting with `{` or `[` are structure.
    static func maskHeaderValues(_ text: String) -> String {
        guard contains(text, UInt8(ascii: ":")) else { return text }
        return TextEdits.rewriting(text) { bytes, edits in
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: ":"), let name = nameBeforeColon(bytes, at: index),
                      Redactor.isCredentialHeader(String(decoding: bytes[name], as: UTF8.self)),
                      let value = headerValue(bytes, after: index, isCookie: containsCookie(bytes[name]))
                else {
                    index += 1
                    continue
                }
                edits.replace(value, with: maskBytes)
                index = value.upperBound
            }
        }
    }

    /// The name ending just before the `:` at `colon` (spaces, then a closing quote, may sit between).
    static func nameBeforeColon(_ bytes: UnsafeBufferPointer<UInt8>, at colon: Int) -> Range<Int>? {
        if colon + 1 < bytes.count, bytes[colon + 1] == UInt8(ascii: ":") || bytes[colon + 1] == UInt8(ascii: "=") {
            return nil
        }
        if colon + 2 < bytes.count, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") {
            return nil
        }
        var index = colon - 1
        while index >= 0, isSpace(bytes[index]) { index -= 1 }
        if index >= 0, isQuote(bytes[index]) {
            index -= 1
            // JSON inside a JSON string (a body echoed as text): `\"password\":\"X\"`.
            if index >= 0, bytes[index] == UInt8(ascii: "\\") { index -= 1 }
        }
        let end = index + 1
        while index >= 0, Redactor.isHeaderNameByte(bytes[index]), end - index <= maximumNameLength { index -= 1 }
        guard index + 1 < end, index < 0 || !Redactor.isHeaderNameByte(bytes[index]) else { return nil }
        // The last segment of a path or JSON pointer (`s.json#/definitions/Token: pointer '…' not found`)
        // names no header: what follows its `:` is prose, not a credential.
        if index >= 0, bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "#") { return nil }
        return (index + 1)..<end
    }

    /// The masked part of a header value starting after `colon`: past blanks and an opening quote, past an
    /// auth scheme word and its blanks (a blank escaped with `\` counts), up to the value's end: its quote
    /// (escaped, `\"`, when it opened with one), else a blank.
    static func headerValue(_ bytes: UnsafeBufferPointer<UInt8>, after colon: Int, isCookie: Bool) -> Range<Int>? {
        var index = colon + 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        // An escaped quote opens a value inside a JSON string, and the next escaped quote ends it.
        var escapedQuote = false
        var quoted = false
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), isQuote(bytes[index + 1]) {
            escapedQuote = true
            quoted = true
            index += 2
        } else if index < bytes.count, isQuote(bytes[index]) {
            quoted = true
            index += 1
        }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        index = afterAuthScheme(bytes, at: index)
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if isQuote(byte) || byte == 0x0A || byte == 0x0D { break }
            if escapedQuote, byte == UInt8(ascii: "\\"), index + 1 < bytes.count, isQuote(bytes[index + 1]) { break }
            // A quoted value runs to its quote, blanks and all (`"token":"a b"`).
            if !isCookie && !quoted && isSpace(byte) { break }
            // `Bearer\ TOKEN` typed in a shell: the escaped blank is part of the word.
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 2; continue }
            index += 1
        }
        guard start < index, bytes[start] != UInt8(ascii: "{"), bytes[start] != UInt8(ascii: "[") else { return nil }
        // An unquoted number or boolean (`"prompt_tokens": 5,`) is JSON's count or flag, never a credential.
        if !quoted, isNumberOrBoolean(UnsafeBufferPointer(rebasing: bytes[start..<index])) { return nil }
        return start..<min(index, bytes.count)
    }

    /// Past `Bearer `, `basic\ ` (any case) at `index`, or `index` itself when no scheme word is there.
    package static func afterAuthScheme(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        var end = index
        while end < bytes.count, Redactor.isLetter(bytes[end]) { end += 1 }
        guard end > index, isAuthScheme(bytes[index..<end]) else { return index }
        var after = end
        while after < bytes.count {
            if isSpace(bytes[after]) {
                after += 1
            } else if bytes[after] == UInt8(ascii: "\\"), after + 1 < bytes.count, isSpace(bytes[after + 1]) {
                after += 2
            } else {
                break
            }
        }
        return after > end && after < bytes.count ? after : index
    }

    /// `bearer`, `basic`, `token` or `digest`, in any case.
    package static func isAuthScheme<Word: Collection<UInt8>>(_ word: Word) -> Bool {
        let lower = word.map(Redactor.lowercased)
        return authSchemes.contains(lower)
    }

    private static let authSchemes: Set<[UInt8]> = Set(["bearer", "basic", "token", "digest"].map { Array($0.utf8) })

    private static func containsCookie(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        Array(name.map(Redactor.lowercased)).containsBytes(Array("cookie".utf8))
    }

    // MARK: Parameter values

    /// `?key=X`, `&client_secret=X` in URLs and `password=X` in form bodies (after a quote, as in
    /// `--data-raw 'password=X'`): the value of a credential parameter (`Redactor.isCredentialParameter`),
    /// up to `&`, `#`, a blank or a quote. `name==value` is a query item, left to command-line redaction.
    static func maskParameterValues(_ text: String) -> String {
        guard contains(text, UInt8(ascii: "=")) else { return text }
        return TextEdits.rewriting(text) { bytes, edits in
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "="), let value = parameterValue(bytes, at: index) else {
                    index += 1
                    continue
                }
                edits.replace(value, with: maskBytes)
                index = value.upperBound
            }
        }
    }

    private static func parameterValue(_ bytes: UnsafeBufferPointer<UInt8>, at equals: Int) -> Range<Int>? {
        if equals + 1 < bytes.count, bytes[equals + 1] == UInt8(ascii: "=") { return nil }
        var index = equals - 1
        while index >= 0, !isParameterNameEnd(bytes[index]), equals - index <= maximumNameLength { index -= 1 }
        guard index + 1 < equals else { return nil }
        if index >= 0 {
            let before = bytes[index]
            guard before == UInt8(ascii: "?") || before == UInt8(ascii: "&") || isQuote(before) else { return nil }
        }
        guard Redactor.isCredentialParameter(bytes[(index + 1)..<equals]) else { return nil }
        var end = equals + 1
        while end < bytes.count, !isParameterValueEnd(bytes[end]) { end += 1 }
        return end > equals + 1 ? (equals + 1)..<end : nil
    }

    /// `5`, `-1.5e3`, `true`, `false`, `null`, with a trailing `,` allowed: a JSON literal that is no secret.
    static func isNumberOrBoolean(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = value.count
        while end > 0, value[end - 1] == UInt8(ascii: ",") || value[end - 1] == UInt8(ascii: "}")
                || value[end - 1] == UInt8(ascii: "]") { end -= 1 }
        let literal = value[..<end]
        guard let first = literal.first else { return false }
        if ["true", "false", "null"].contains(where: { $0.utf8.elementsEqual(literal) }) { return true }
        guard Redactor.isDigit(first) || first == UInt8(ascii: "-") else { return false }
        return literal.allSatisfy { Redactor.isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
            || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            && literal.contains(where: Redactor.isDigit)
    }

    // MARK: Bytes

    /// Whether `text` holds `byte`: the pre-filter of every pattern (no `=`, no parameter to mask), by
    /// `memchr` over the contiguous UTF-8 of a native string, so a text without it costs next to nothing.
    static func contains(_ text: String, _ byte: UInt8) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
        return found ?? text.utf8.contains(byte)
    }

    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == 0x0A || byte == 0x0D
    }

    package static func isQuote(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"")
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        Redactor.isLetter(byte) || Redactor.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private static func isParameterNameEnd(_ byte: UInt8) -> Bool {
        isBlank(byte) || isQuote(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "?") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "#")
    }

    private static func isParameterValueEnd(_ byte: UInt8) -> Bool {
        isBlank(byte) || isQuote(byte) || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "#")
    }
}
