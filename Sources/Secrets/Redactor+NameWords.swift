extension Redactor {
    /// Words that name a credential wherever they stand in a name (`DB_PASSWORD_2`, `X-Custom-Auth`).
    static let credentialWords: [[UInt8]] = [
        "token", "secret", "secrets", "password", "passwords", "passwd", "pass", "passphrase", "pwd", "apikey",
        "sig", "signature", "auth", "authorization", "credential", "credentials",
    ].map { Array($0.utf8) }

    /// `key` names a credential only beside one of these (`api_key`, `privateKey`, `client-key`): alone, or
    /// beside another word, it is a dictionary's or a licence's key (`key`, `sort_key`, `public_key`).
    static let keyWord = Array("key".utf8)
    static let credentialKeyWords: [[UInt8]] = [
        "api", "private", "secret", "access", "client", "signing", "encryption", "master", "auth", "session",
        "license", "licence", "consumer", "subscription", "app", "account", "service",
    ].map { Array($0.utf8) }

    /// A word ending in one of these names a credential too (`mysecret`, `apitoken`, `accesstoken`).
    static let credentialWordEndings: [[UInt8]] = ["token", "secret", "password", "passwd", "apikey"].map { Array($0.utf8) }

    /// Words that make a name a count or a description of a credential rather than one: `prompt_tokens`,
    /// `token_count`, `max_tokens`, `token_type`, `key_length`, `token_url`, `expires_in`,
    /// `authorizations_url`.
    static let describingWords: [[UInt8]] = [
        "tokens", "count", "counts", "total", "num", "number", "max", "min", "limit", "length", "len", "size",
        "remaining", "used", "usage", "type", "expires", "expiry", "ttl", "url", "urls", "uri", "endpoint",
    ].map { Array($0.utf8) }

    /// A last word that makes a name the public name of a credential rather than one (`access_key_id`,
    /// `token_ids`); first, it is a kind of credential (`id_token`).
    static let identifierWords: [[UInt8]] = ["id", "ids"].map { Array($0.utf8) }

    /// Names longer than this are not read as words (no credential name is this long).
    static let maximumWordNameLength = 128

    /// Whether the words of `name` name a credential: one is a credential word or ends in a long one (or is
    /// `key` beside a word that makes it one), and none describes. Words split at every byte that is not a letter (`_`, `-`, `.`, digits, …) and where
    /// camelCase starts one (`accessToken` → access, token; `APIKey` → api, key). No allocation: this runs
    /// on every member name of a body that is shown.
    static func namesCredential<Name: Collection<UInt8>>(_ name: Name) -> Bool {
        guard !name.isEmpty, name.count <= maximumWordNameLength else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumWordNameLength) { lower in
            var wordStart = 0
            var credential = false
            var describing = false
            var key = false
            var keyQualified = false
            var lastIsIdentifier = false
            func endWord(at end: Int) {
                guard end > wordStart else { return }
                let word = UnsafeBufferPointer(rebasing: lower[wordStart..<end])
                lastIsIdentifier = identifierWords.contains(where: { $0.elementsEqual(word) })
                if describingWords.contains(where: { $0.elementsEqual(word) }) {
                    describing = true
                } else if keyWord.elementsEqual(word) {
                    key = true
                } else if credentialKeyWords.contains(where: { $0.elementsEqual(word) }) {
                    keyQualified = true
                    // `auth`, `secret` are credential words of their own too.
                    if credentialWords.contains(where: { $0.elementsEqual(word) }) { credential = true }
                } else if credentialWords.contains(where: { $0.elementsEqual(word) })
                            || credentialWordEndings.contains(where: { word.count > $0.count && word.hasByteSuffix($0) }) {
                    credential = true
                }
            }
            var previous: UInt8 = 0
            var index = 0
            var iterator = name.makeIterator()
            var next = iterator.next()
            while let byte = next {
                next = iterator.next()
                let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                if !isLetter(byte) {
                    endWord(at: index)
                    wordStart = index + 1
                } else if isUpper {
                    let previousLower = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(previous)
                    let previousUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(previous)
                    let nextLower = next.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } ?? false
                    // `accessToken` starts a word at `T`; `APIKey` at `K` (the last capital before lower case).
                    if previousLower || (previousUpper && nextLower) {
                        endWord(at: index)
                        wordStart = index
                    }
                }
                lower[index] = lowercased(byte)
                previous = byte
                index += 1
            }
            endWord(at: index)
            return (credential || (key && keyQualified)) && !describing && !lastIsIdentifier
        }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    func hasByteSuffix(_ suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
