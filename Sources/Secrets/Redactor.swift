import JSON
/// Hides secrets wherever text leaves the program: printed URLs and headers, exported curl
/// commands, `--json` output, reports, and lines written to history.
///
/// Two kinds of masking: known secret values (`SecretMatcher`, in raw, percent-encoded, JSON-escaped and
/// base64 forms), and patterns that hold a secret whatever it is — the password of `scheme://user:pw@`,
/// the value of a credential header (`Authorization: Bearer …`) or parameter (`?key=…`). Every pattern is
/// a hand-written scan, linear in the text, so redacting is cheap enough to run on every line of output.
public struct Redactor: JSONStringMasker, Sendable {
    public static let mask = "•••"

    /// Header names whose values are credentials.
    public static let credentialHeaders = ["authorization", "proxy-authorization", "x-api-key", "api-key", "x-auth-token", "cookie"]

    private let matcher: SecretMatcher
    /// Whether values that only look like credentials are masked too (see `knownSecretsOnly`).
    public private(set) var masksLookalikes = true
    /// Where the lookalikes masked are counted, when someone asked.
    private var lookalikes: LookalikeCount?

    /// Known secret values, replaced wherever they appear (sorted, without duplicates and without values
    /// shorter than three characters).
    public var secrets: [String] { matcher.secrets }

    /// A redactor for `secrets`. Cheap to create again for the same secrets: the matcher is built once
    /// per change of them (`SecretMatcher.shared(for:)`).
    public init(secrets: [String] = []) {
        matcher = SecretMatcher.shared(for: secrets)
    }

    /// A redactor over a matcher built elsewhere.
    public init(matcher: SecretMatcher) {
        self.matcher = matcher
    }

    /// The same known secrets, and nothing that merely looks like one: for data a program reads (a body on a
    /// pipe, in a file or in `--json`), which a guess must never change.
    public var knownSecretsOnly: Redactor {
        var copy = self
        copy.masksLookalikes = false
        copy.lookalikes = nil
        return copy
    }

    /// The same masking, counting in `count` each value hidden only because it looks like a credential.
    public func counting(lookalikesIn count: LookalikeCount) -> Redactor {
        var copy = self
        copy.lookalikes = count
        return copy
    }

    /// Masks the known secrets, then secrets in URL query parameters (`?key=…`, `&token=…`), URL passwords
    /// and credential headers (`Authorization: Bearer …`, `X-API-Key: …`). For printed output.
    public func redact(_ text: String) -> String {
        let known = matcher.mask(text, with: Self.mask)
        guard masksLookalikes else { return known }
        // Unchanged text comes back as the same string, so this comparison is a pointer check.
        let masked = Self.redactURLsAndHeaders(known)
        if let lookalikes, masked != known { lookalikes.add() }
        return masked
    }

    /// Only the known secret values masked (no patterns): for text that is already safe in shape, such as
    /// everything the shell writes, where a pattern could mistake documentation for a credential.
    public func redactKnownSecrets(_ text: String) -> String {
        matcher.mask(text, with: Self.mask)
    }

    /// A JSON value with secrets masked, walked member by member (so a large body costs one pass rather than
    /// a scan of its whole text): members named like credentials (`"authorization"`, `"api_key"`) lose
    /// their value, every string is masked as `redact(_:)` masks text.
    ///
    /// Copy on change: a body with nothing to mask comes back as the very value given, so a 70 MB body
    /// is walked but never duplicated; only the arrays and objects on the way to a masked string are copied.
    public func redact(_ value: JSONValue) -> JSONValue {
        redactedIfChanged(value) ?? value
    }

    /// The value with secrets masked, or nil when nothing in it changes.
    private func redactedIfChanged(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .string(let text):
            // Unchanged text comes back as the same string, so this comparison is a pointer check.
            let masked = redact(text)
            return masked == text ? nil : .string(masked)
        case .array(let elements):
            var copy = elements
            var changed = false
            for position in elements.indices {
                guard let masked = redactedIfChanged(elements[position]) else { continue }
                copy[position] = masked
                changed = true
            }
            return changed ? .array(copy) : nil
        case .object(let object):
            var copy = object
            var changed = false
            for (position, member) in zip(object.keys, object.values).enumerated() {
                guard let masked = redactedMember(key: member.0, value: member.1) else { continue }
                copy.replaceValue(at: position, with: masked)
                changed = true
            }
            // A name holding a known secret loses it too (a name is no credential pattern).
            if !matcher.isEmpty, object.keys.contains(where: { matcher.mask($0, with: Self.mask) != $0 }) {
                return .object(JSONObject(zip(copy.keys.map { matcher.mask($0, with: Self.mask) }, copy.values)))
            }
            return changed ? .object(copy) : nil
        case .null, .bool, .number:
            return nil
        }
    }

    /// A member named like a credential is masked when it holds one: not when empty or just its own name.
    private func redactedMember(key: String, value: JSONValue) -> JSONValue? {
        if masksLookalikes, case .string(let text) = value, Self.isCredentialValue(text, member: key) {
            let masked = Self.maskKeepingScheme(text)
            if let lookalikes, matcher.mask(text, with: Self.mask) != masked { lookalikes.add() }
            return masked == text ? nil : .string(masked)
        }
        return redactedIfChanged(value)
    }

    /// A string of a document, given as its raw text (between the quotes), masked as `redact(_: JSONValue)`
    /// masks it; `credentialMember` is the name of its member when that is named like a credential
    /// (`isCredentialMember`). Nil when nothing changes. Text with no known secret to look for and no `:`
    /// or `=` (nor an escape that could be one, `\u003A`) cannot change, and is not even decoded.
    public func maskedString(_ raw: UnsafeBufferPointer<UInt8>, isEscaped: Bool, credentialMember: String?) -> String? {
        if credentialMember == nil, matcher.isEmpty, !masksLookalikes || !Self.mayHoldPattern(raw) {
            return nil
        }
        let text = isEscaped ? JSONEscapes.decode(raw) : String(decoding: raw, as: UTF8.self)
        let masked = credentialMember.map { redactedMember(key: $0, value: .string(text)) } ?? redactedIfChanged(.string(text))
        return masked?.stringValue
    }

    /// A member name of a document, given as its raw text, with the known secrets in it masked (a name is
    /// no credential pattern: `{"Authorization: Bearer": …}` documents one). Nil when nothing changes.
    public func maskedKey(_ raw: UnsafeBufferPointer<UInt8>, isEscaped: Bool) -> String? {
        guard !matcher.isEmpty else { return nil }
        let text = isEscaped ? JSONEscapes.decode(raw) : String(decoding: raw, as: UTF8.self)
        let masked = matcher.mask(text, with: Self.mask)
        return masked == text ? nil : masked
    }

    /// Whether raw JSON string text has a `:` or `=`, or a `\u003…` escape that could be one: what every
    /// pattern (URL user info, header values, parameters) needs.
    private static func mayHoldPattern(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < raw.count {
            switch raw[index] {
            case UInt8(ascii: ":"), UInt8(ascii: "="):
                return true
            case UInt8(ascii: "\\"):
                if index + 5 < raw.count, raw[index + 1] == UInt8(ascii: "u"), raw[index + 2] == UInt8(ascii: "0"),
                   raw[index + 3] == UInt8(ascii: "0"), raw[index + 4] == UInt8(ascii: "3") {
                    return true
                }
                index += 2
                continue
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// Whether a member with this name has its string value masked whatever it holds.
    public func isCredentialMember(_ name: String) -> Bool { masksLookalikes && Self.isCredentialMember(name) }

    /// The one rule for a value under a name — a JSON member, a form field, a path a value is captured
    /// from: a credential name read as words (`token`, `db_password`, `api_key`, `client_secret`), or the
    /// name of a header that carries one (`Authorization`, `Cookie`, `Set-Cookie`, as a body that echoes
    /// headers has them). `key`, `authorizations_url`, `checkout_session` and `key_id` are data.
    public static func isCredentialMember(_ name: String) -> Bool {
        isCredentialName(name) || isCredentialHeaderName(name)
    }

    /// `name` is one of `credentialHeaders` or `Set-Cookie`, in any case.
    private static func isCredentialHeaderName(_ name: String) -> Bool {
        let bytes = name.utf8
        return credentialHeaderNames.contains { header in
            header.count == bytes.count && zip(header, bytes).allSatisfy { $0 == lowercased($1) }
        }
    }

    private static let credentialHeaderNames = (credentialHeaders + ["set-cookie"]).map { Array($0.utf8) }

    /// Whether the string under member `name` is a credential to mask: the member is credential-named
    /// and the value is neither empty nor just the member's own name (`"token": "token"` is a label).
    public static func isCredentialValue(_ value: String, member name: String) -> Bool {
        guard isCredentialMember(name), !value.isEmpty else { return false }
        // A long value is never the name: no need to lower-case megabytes to know it.
        return value.utf8.count != name.utf8.count || value.lowercased() != name.lowercased()
    }

    /// The credentials inside a value, by the rule the body display masks them: the value itself when it
    /// is a string under the credential-named member `member`, and every string under a credential-named
    /// member inside it, at most `limit` of them (a later one is a secret of the session like the first).
    /// With an auth scheme (`Bearer X`), both the whole value and `X`.
    public static func credentialValues(in value: JSONValue, member: String? = nil, limit: Int = 256) -> [String] {
        var found: [String] = []
        func add(_ text: String) {
            found.append(text)
            let masked = maskKeepingScheme(text)
            if masked != mask, let space = text.firstIndex(of: " ") { found.append(String(text[text.index(after: space)...])) }
        }
        func walk(_ value: JSONValue, member: String?) {
            guard found.count < limit else { return }
            switch value {
            case .string(let text):
                if let member, isCredentialValue(text, member: member) { add(text) }
            case .array(let elements):
                for element in elements where found.count < limit { walk(element, member: nil) }
            case .object(let object):
                for (key, element) in zip(object.keys, object.values) where found.count < limit { walk(element, member: key) }
            case .null, .bool, .number:
                break
            }
        }
        walk(value, member: member)
        return Array(found.prefix(limit))
    }

    /// Pattern-based masking of URLs, headers and parameters whose secrets are not known.
    public static func redactURLsAndHeaders(_ text: String) -> String {
        // Every pattern needs a `:` (a URL's user information, a header) or an `=` (a parameter): a text with
        // neither, as most cells and lines are, is looked at once, not once a pattern.
        guard TextPatterns.contains(text, UInt8(ascii: ":")) || TextPatterns.contains(text, UInt8(ascii: "=")) else { return text }
        var result = text
        result = TextPatterns.maskURLUserInfo(result, userWithoutPassword: false)
        result = TextPatterns.maskHeaderValues(result)
        result = TextPatterns.maskParameterValues(result)
        return result
    }

    /// Whether text holds the mask (a line recalled from history or copied from output), by a byte search:
    /// cheap even on a line of megabytes.
    public static func containsMask(_ text: String) -> Bool {
        // Its first byte is not ASCII: most texts hold none, found out by one `memchr`.
        guard TextPatterns.contains(text, maskBytes[0]) else { return false }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= maskBytes.count else { return false }
            for index in 0...(bytes.count - maskBytes.count) where bytes[index] == maskBytes[0] {
                if bytes[index..<(index + maskBytes.count)].elementsEqual(maskBytes) { return true }
            }
            return false
        }
    }

    private static let maskBytes = Array(mask.utf8)

    /// `Basic dXNl…` → `Basic •••`, `abc` → `•••`.
    public static func maskKeepingScheme(_ value: String) -> String {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, TextPatterns.isAuthScheme(parts[0].utf8) else { return mask }
        return parts[0] + " " + mask
    }
}
