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
import Synchronization
import FoundationFree

/// Finds known secret values in text, in every form they take on the way out: raw, percent-encoded
/// (upper- and lower-case hex, `+` for a space), JSON-escaped (with and without `\/`, with non-ASCII as
/// `\uXXXX`), and for Basic credentials `user:pass` its base64 and back.
///
/// Built once per set of secrets (`SecretMatcher.shared(for:)` keeps the last one), then each text costs
/// one pass over its bytes: a position is compared against secrets only when its first two bytes begin
/// one of them, found in a 64 Kibit table, so ordinary text is never compared secret by secret. No
/// secrets at all costs nothing.
public final class SecretMatcher: Sendable {
    /// The byte patterns, longest first, so a secret containing another is masked whole.
    private let patterns: [[UInt8]]
    /// Pattern indices by their first two bytes (`first << 8 | second`), longest first.
    private let candidates: [UInt16: [Int]]
    /// Bit `first << 8 | second` is set when some pattern begins with those two bytes.
    private let prefixBits: [UInt64]
    /// The secrets this matcher was built from, as given (after dropping the too-short ones).
    public let secrets: [String]

    /// Secrets shorter than this many characters are ignored: they would mask ordinary text everywhere,
    /// and no real credential is that short.
    public static let minimumLength = 3

    /// Builds the matcher; prefer `shared(for:)`, which reuses the last one built for the same secrets.
    public init(secrets: [String]) {
        let kept = Self.significant(secrets)
        self.secrets = kept
        var forms = Set<[UInt8]>()
        for secret in kept {
            for form in Self.forms(of: secret) where form.count >= Self.minimumLength {
                forms.insert(form)
            }
        }
        patterns = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
        var candidates: [UInt16: [Int]] = [:]
        var bits = [UInt64](repeating: 0, count: 1024)
        for (index, pattern) in patterns.enumerated() {
            let key = UInt16(pattern[0]) << 8 | UInt16(pattern[1])
            candidates[key, default: []].append(index)
            bits[Int(key) >> 6] |= 1 << UInt64(key & 63)
        }
        self.candidates = candidates
        prefixBits = bits
    }

    /// True when there is nothing to look for.
    public var isEmpty: Bool { patterns.isEmpty }

    /// The length of the longest form of a secret (0 when there are none): the most bytes one match spans.
    public var longestForm: Int { patterns.first?.count ?? 0 }

    /// `text` with every occurrence of every form of every secret replaced by `mask`.
    public func mask(_ text: String, with mask: String) -> String {
        guard !patterns.isEmpty, text.utf8.count >= 2 else { return text }
        let maskBytes = Array(mask.utf8)
        return TextEdits.rewriting(text) { bytes, edits in
            _ = forEachMatch(in: bytes, upTo: bytes.count) { edits.replace($0, with: maskBytes) }
        }
    }

    /// The bytes of `bytes` before the scan reaches `limit`, with every match replaced by `mask`, and how
    /// many bytes of `bytes` they are (at least `limit`, more when a match that starts before it ends past
    /// it). A match is decided by the bytes from its start to its end only, so with `limit` at least
    /// `longestForm - 1` bytes before the end of what is known, the prefix masks as the whole text would.
    public func maskPrefix(_ bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int, with mask: [UInt8]) -> (masked: [UInt8], consumed: Int) {
        var masked: [UInt8] = []
        var copied = 0
        let consumed = forEachMatch(in: bytes, upTo: limit) { match in
            masked += bytes[copied..<match.lowerBound]
            masked += mask
            copied = match.upperBound
        }
        masked += bytes[copied..<consumed]
        return (masked, consumed)
    }

    /// Calls `visit` with each match in `bytes`, left to right, the longest at each position, while the
    /// scan is before `limit`; returns where the scan stopped (`limit`, or the end of a match past it).
    private func forEachMatch(in bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int, _ visit: (Range<Int>) -> Void) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var position = 0
        let end = min(limit, bytes.count - 1)
        while position < end {
            let key = UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
            if prefixBits[Int(key) >> 6] & (1 << UInt64(key & 63)) != 0,
               let length = longestMatch(at: base + position, available: bytes.count - position, key: key) {
                visit(position..<(position + length))
                position += length
            } else {
                position += 1
            }
        }
        return max(position, min(limit, bytes.count))
    }

    /// The length of the longest pattern starting at `start`, which begins with the two bytes of `key`.
    private func longestMatch(at start: UnsafePointer<UInt8>, available: Int, key: UInt16) -> Int? {
        guard let indices = candidates[key] else { return nil }
        for index in indices {
            let pattern = patterns[index]
            guard pattern.count <= available else { continue }
            let matches = pattern.withUnsafeBufferPointer { patternBytes in
                patternBytes.baseAddress.map { memcmp(start, $0, pattern.count) == 0 } ?? false
            }
            if matches { return pattern.count }
        }
        return nil
    }

    // MARK: Forms

    /// Distinct secrets of at least `minimumLength` characters. Counting characters walks the string, so
    /// long strings (which surely qualify) are not counted.
    /// Sorted, so that the same secrets in another order make the same list (no hashing: hashing a
    /// megabyte-long secret on every redaction is what this avoids).
    static func significant(_ secrets: [String]) -> [String] {
        var kept = secrets.filter { $0.utf8.count >= 4 * minimumLength || $0.count >= minimumLength }
        kept.sort()
        var unique: [String] = []
        unique.reserveCapacity(kept.count)
        for secret in kept where unique.last != secret {
            unique.append(secret)
        }
        return unique
    }

    /// Every way `secret` may be written in output.
    static func forms(of secret: String) -> [[UInt8]] {
        let raw = Array(secret.utf8)
        var forms = [raw]
        let encoded = PercentEncoding.encode(secret)
        if encoded != secret {
            forms.append(Array(encoded.utf8))
            forms.append(Array(lowerHex(encoded).utf8))
            if secret.contains(" ") {
                forms.append(Array(PercentEncoding.encode(secret).replacingAll("%20", with: "+").utf8))
            }
        }
        forms += jsonEscapedForms(of: raw)
        if raw.contains(UInt8(ascii: ":")) {
            forms.append(Array(Data(raw).base64EncodedString().utf8))
        } else if let decoded = Data(base64Encoded: secret), let text = String(data: decoded, encoding: .utf8),
                  text.contains(":"), text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            // A Basic credential's base64: its `user:pass` and its password may show up decoded.
            forms.append(Array(text.utf8))
            if let colon = text.firstIndex(of: ":") { forms.append(Array(text[text.index(after: colon)...].utf8)) }
        }
        return forms
    }

    /// `"` → `\"`, `\` → `\\`, controls as escapes; variants with `/` → `\/` and non-ASCII as `\uXXXX`.
    private static func jsonEscapedForms(of raw: [UInt8]) -> [[UInt8]] {
        let needsEscaping = raw.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        let hasSlash = raw.contains(UInt8(ascii: "/"))
        let hasNonASCII = raw.contains { $0 >= 0x80 }
        guard needsEscaping || hasSlash || hasNonASCII else { return [] }
        var forms: [[UInt8]] = []
        let plain = jsonEscaped(raw, slash: false, asciiOnly: false)
        if needsEscaping { forms.append(plain) }
        if hasSlash { forms.append(jsonEscaped(raw, slash: true, asciiOnly: false)) }
        if hasNonASCII {
            forms.append(jsonEscaped(raw, slash: false, asciiOnly: true))
            if hasSlash { forms.append(jsonEscaped(raw, slash: true, asciiOnly: true)) }
        }
        return forms
    }

    private static func jsonEscaped(_ raw: [UInt8], slash: Bool, asciiOnly: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count + raw.count / 8)
        func unicodeEscape(_ unit: UInt16) {
            out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
            HexDigits.append(UInt32(unit), digits: 4, uppercase: false, to: &out)
        }
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "/") where slash: out += [UInt8(ascii: "\\"), byte]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: unicodeEscape(UInt16(byte))
            case 0x80... where asciiOnly:
                // The whole scalar starting here, as one or two UTF-16 escapes.
                var end = index + 1
                while end < raw.count, raw[end] & 0xC0 == 0x80 { end += 1 }
                for unit in String(decoding: raw[index..<end], as: UTF8.self).utf16 { unicodeEscape(unit) }
                index = end
                continue
            default: out.append(byte)
            }
            index += 1
        }
        return out
    }

    private static func lowerHex(_ encoded: String) -> String {
        var bytes = Array(encoded.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count {
                for offset in 1...2 where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(bytes[index + offset]) {
                    bytes[index + offset] |= 0x20
                }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Reuse

    /// The matchers built last, most recent first. Several are kept because callers nest: the session's
    /// secrets are the facade's plus its variables', and both are asked for on every line.
    private static let recent = Mutex<[SecretMatcher]>([SecretMatcher(secrets: [])])
    private static let recentLimit = 4

    /// The matcher for `secrets`, rebuilt only when they changed since it was last asked for. Comparing an
    /// unchanged list is cheap: equal strings sharing storage compare without reading their bytes.
    public static func shared(for secrets: [String]) -> SecretMatcher {
        let kept = significant(secrets)
        let reused = recent.withLock { matchers -> SecretMatcher? in
            guard let index = matchers.firstIndex(where: { $0.secrets == kept }) else { return nil }
            let matcher = matchers.remove(at: index)
            matchers.insert(matcher, at: 0)
            return matcher
        }
        if let reused { return reused }
        let built = SecretMatcher(secrets: kept)
        recent.withLock { matchers in
            matchers.insert(built, at: 0)
            if matchers.count > recentLimit { matchers.removeLast() }
        }
        return built
    }
}
