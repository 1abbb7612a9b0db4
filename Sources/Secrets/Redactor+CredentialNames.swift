import JSON
extension Redactor {
    /// Whether a name (a variable, a JSON member) names a credential: one of its words is a credential word
    /// (`GITHUB_TOKEN_PROD`, `DB_PASSWORD_2`, `token1`, `accessToken`, `client_secret_prod`), or a word ends in
    /// a long one (`mysecret`, `apitoken`); and no word counts or describes (`prompt_tokens`, `token_count`,
    /// `max_tokens`, `token_type` stay visible). Words split at `_`, `-`, `.`, digits and camelCase, so
    /// `monkey`, `keyboard`, `passkey` and `author` are one word each and name no credential.
    public static func isCredentialName(_ name: String) -> Bool {
        namesCredential(name.utf8)
    }

    /// Whether a header's value should be masked when shown: `Authorization`, `Cookie`, `Set-Cookie`, any
    /// whose name speaks of a session (`X-Session-Id`), and any whose words name a credential as
    /// `isCredentialName` reads them (`X-API-Key`, `X-Custom-Auth`, `X-Token`) — but not `Keyboard-Layout`
    /// or `X-Token-Count`.
    public static func isCredentialHeader(_ name: String) -> Bool {
        let lower = Array(name.utf8.map(lowercased))
        guard !lower.isEmpty, lower.allSatisfy(isHeaderNameByte) else { return false }
        if headerWords.contains(where: { lower.containsBytes($0) }) { return true }
        return namesCredential(name.utf8)
    }

    /// Whether a header is a credential kept to its own origin: `Authorization`, `Cookie`, and any header
    /// whose name contains `key`, `token`, `secret`, `session`, `password` or `passwd`. Broader than
    /// `isCredentialHeader` on purpose: wrongly scoping a harmless header only keeps it at home, while
    /// missing a credential sends it to another host.
    public static func isCredentialLikeHeader(_ name: String) -> Bool {
        let lower = Array(name.utf8.map(lowercased))
        if lower == Array("authorization".utf8) || lower == Array("cookie".utf8) { return true }
        return scopedHeaderWords.contains { lower.containsBytes($0) }
    }

    /// Whether a query, form or item parameter holds a credential, by the words of its name as
    /// `isCredentialName` reads them (`client_secret`, `X-Amz-Signature`, `api_key_2`), or is `key` (in
    /// any case): the query parameter APIs such as Google's take their key in.
    package static func isCredentialParameter<Name: Collection<UInt8>>(_ name: Name) -> Bool {
        namesCredential(name) || (name.count == keyWord.count && zip(name, keyWord).allSatisfy { lowercased($0) == $1 })
    }

    /// The values of variables that hold credentials, for the session's redactor: a variable named like one
    /// (`set token X`), or holding an auth scheme and a credential (`Bearer X`, `Basic X`: both the whole
    /// value and `X`). Looks at a few bytes per variable, never the whole of a long value, so it can run
    /// on every line of output.
    public static func secretValues(ofVariables variables: [String: String]) -> [String] {
        var values: [String] = []
        for (name, value) in variables {
            let schemeLength = authSchemePrefixLength(value)
            guard schemeLength > 0 || isCredentialName(name) else { continue }
            values.append(value)
            if schemeLength > 0 { values.append(String(Substring(value.utf8.dropFirst(schemeLength)))) }
        }
        return values
    }

    /// The length of `Bearer ` / `basic ` / `Token ` / `Digest ` (one space) at the start of `value`, or 0.
    private static func authSchemePrefixLength(_ value: String) -> Int {
        let head = value.utf8.prefix(7)
        guard let space = head.firstIndex(of: UInt8(ascii: " ")) else { return 0 }
        let word = head[..<space]
        return TextPatterns.isAuthScheme(word) && value.utf8.count > head.distance(from: head.startIndex, to: space) + 1
            ? head.distance(from: head.startIndex, to: space) + 1 : 0
    }

    // MARK: Words

    private static let headerWords = ["authorization", "cookie", "session"].map { Array($0.utf8) }
    private static let scopedHeaderWords = ["key", "token", "secret", "session", "password", "passwd"].map { Array($0.utf8) }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Letters, digits, `-` and `_`: what header names (and the names before `:` in text) are made of.
    static func isHeaderNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}

extension Array where Element == UInt8 {
    func hasByteSuffix(_ suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }

    func containsBytes(_ part: [UInt8]) -> Bool {
        guard part.count <= count, let first = part.first else { return part.isEmpty }
        var index = 0
        while index <= count - part.count {
            if self[index] == first && self[index..<(index + part.count)].elementsEqual(part) { return true }
            index += 1
        }
        return false
    }
}

extension Redactor {
    /// Whether a cookie's value should be masked when the jar is listed: its name speaks of a session or a
    /// credential (`sessionid`, `sid`, `auth_token`, `csrftoken`), or its value looks generated (16
    /// characters or more of letters and digits, both): what a session identifier looks like.
    public static func isSecretLookingCookie(name: String, value: String) -> Bool {
        let lower = name.lowercased()
        if isCredentialLikeHeader(name) || isCredentialName(name) { return true }
        if lower == "sid" || lower.hasSuffix("sid") || lower.hasSuffix("_id") || lower.contains("auth")
            || lower.contains("csrf") || lower.contains("xsrf") || lower.contains("sess") {
            return true
        }
        let scalars = value.unicodeScalars
        guard scalars.count >= 16 else { return false }
        let letters = scalars.filter { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }.count
        let digits = scalars.filter { ("0"..."9").contains($0) }.count
        return letters > 0 && digits > 0 && letters + digits >= scalars.count * 3 / 4
    }
}
