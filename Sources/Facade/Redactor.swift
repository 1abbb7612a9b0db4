import Foundation

/// Hides secrets wherever text leaves the program: printed URLs and headers, exported curl
/// commands, `--json` output, and lines written to history.
public struct Redactor: Sendable {
    public static let mask = "•••"

    /// Header names whose values are credentials.
    public static let credentialHeaders = ["authorization", "proxy-authorization", "x-api-key", "api-key", "x-auth-token", "cookie"]

    /// Query parameter names whose values are credentials. A name is one of these or ends in `_` and one of
    /// these (`client_secret`, `refresh_token`, `api_key`); `monkey` or `keyboard` are not credentials.
    static let credentialParameters = ["token", "secret", "password", "passwd", "key", "apikey", "sig", "signature", "auth"]

    /// Known secret values, replaced wherever they appear.
    public let secrets: [String]

    public init(secrets: [String] = []) {
        // Longest first, so a secret containing another is masked whole. One- and two-character values
        // are not masked: they would blank out ordinary text everywhere, and no real token is that short.
        self.secrets = Set(secrets.filter { $0.count >= 3 }).sorted { $0.count > $1.count }
    }

    /// Masks the known secrets, then secrets in URL query parameters (`?key=…`, `&token=…`) and in
    /// credential headers (`Authorization: Bearer …`, `X-API-Key: …`). For printed output.
    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets { result = result.replacingOccurrences(of: secret, with: Self.mask) }
        return Self.redactURLsAndHeaders(result)
    }

    /// A JSON value with secrets masked, walked member by member (so a large body costs one pass rather than
    /// a regular expression over its whole text): members named like credentials (`"authorization"`,
    /// `"api_key"`) lose their value, every string is masked as `redact(_:)` masks text.
    public func redact(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            return .string(redact(text))
        case .array(let elements):
            return .array(elements.map { redact($0) })
        case .object(let object):
            return .object(JSONObject(object.map { key, member in
                if case .string(let text) = member, Self.isCredentialHeader(key) || Self.isCredentialName(key) {
                    return (key, .string(Self.maskKeepingScheme(text)))
                }
                return (key, redact(member))
            }))
        case .null, .bool, .number:
            return value
        }
    }

    /// `Basic dXNl…` → `Basic •••`, `abc` → `•••`.
    static func maskKeepingScheme(_ value: String) -> String {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, ["bearer", "basic", "token", "digest"].contains(parts[0].lowercased()) else { return mask }
        return parts[0] + " " + mask
    }

    /// `redact`, plus the secret arguments of commands typed by hand (`auth bearer X`, `auth key k=X`,
    /// `header Authorization X`, `key==X` items), quoted or not. For history, recordings and echoed lines.
    public func redactCommandLine(_ text: String) -> String {
        Self.commandLineRules.reduce(redact(text)) { $1.apply($0) }
    }

    /// Whether a name (a variable, a parameter) names a credential: `token`, `apiToken`, `client_secret`,
    /// `api_key` — but not `monkey` or `keyboard`.
    public static func isCredentialName(_ name: String) -> Bool {
        credentialName.matches(name)
    }

    /// Whether a header carries credentials: the known ones (`Authorization`, `X-API-Key`, `Cookie`) and any
    /// whose name speaks of a token, secret, password, session or key (`X-Token`, `X-Session-Id`).
    public static func isCredentialHeader(_ name: String) -> Bool {
        credentialHeader.matches(name)
    }

    /// Pattern-based masking of URLs and headers whose secrets are not known.
    public static func redactURLsAndHeaders(_ text: String) -> String {
        outputRules.reduce(text) { $1.apply($0) }
    }

    // MARK: Patterns, compiled once

    /// A compiled pattern and what a match becomes. `NSRegularExpression` is immutable once made and safe to
    /// use from any thread, which is what makes sharing these statics sound.
    private struct Rule: @unchecked Sendable {
        let expression: NSRegularExpression?

        let template: String
        /// A byte every match contains: text without it is skipped without running the expression, which
        /// keeps megabytes of body text cheap (regular expressions scan only a few MB/s here).
        let requiredByte: UInt8?

        init(_ pattern: String, _ template: String = "$1" + Redactor.mask, requiring byte: UInt8? = nil) {
            expression = try? NSRegularExpression(pattern: pattern)
            self.template = template
            requiredByte = byte
        }

        func apply(_ text: String) -> String {
            guard let expression else { return text }
            if let requiredByte, !text.utf8.contains(requiredByte) { return text }
            return expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }

        func matches(_ text: String) -> Bool {
            expression?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    private static let outputRules = [
        // `scheme://user:password@host`: the user name stays, the password goes. The password runs to the
        // last `@` before the path, as URL parsers read it, so a password holding `@` is masked whole.
        Rule(#"(?i)(\b[a-z][a-z0-9+.\-]*://[^\s/?#@:'"]*:)[^\s/?#'"]+@"#, "$1" + mask + "@", requiring: UInt8(ascii: "@")),
        // `Authorization: Bearer x`, `Authorization:'Bearer x'`, and `"authorization":"Basic x"` as an echoed
        // JSON body shows it: the scheme word stays, the credential goes.
        Rule(#"(?i)((?:"# + headerAlternatives + #")['"]?\s*:\s*['"]?(?:(?:bearer|basic|token|digest)\s+)?)[^\s'"]+"#,
             requiring: UInt8(ascii: ":")),
        // `?key=x` in URLs, and `password=x` in form bodies (`--data-raw 'password=x'`).
        Rule(#"(?i)((?:^|[?&'"])(?:"# + parameterAlternatives + #")=)(?!=)[^&\s'"\x23]+"#, requiring: UInt8(ascii: "=")),
    ]

    private static let commandLineRules = [
        Rule(#"(?i)(\bauth\s+bearer\s+)"# + value),
        Rule(#"(?i)(\bauth\s+key\s+['"]?[^\s='"]+=)"# + value),
        Rule(#"(?i)(\bheader\s+['"]?(?:"# + headerNamePattern + #")['"]?\s+)[^;]+"#),
        // Items of raw requests: `key==x` (query), `password=x` (form), `token:=x` (JSON), `X-Token:x` (header).
        Rule(#"(?i)((?:^|\s)['"]?(?:"# + parameterAlternatives + #")(?:==|=|:=))"# + value),
        Rule(#"(?i)((?:^|\s)['"]?(?:"# + headerNamePattern + #"):(?!=)['"]?\s*(?:(?:bearer|basic|token|digest)\s+)?)[^\s'";]+"#),
        // `set token X`, `set t 'Bearer X'`: a variable that holds a credential.
        Rule(#"(?i)(\bset\s+(?:"# + variableAlternatives + #")\s+)[^;]+"#),
        Rule(#"(?i)(\bset\s+[A-Za-z_]\w*\s+['"]?(?:bearer|basic)\s+)[^;'"]+"#),
    ]

    private static let credentialName = Rule("^(?i)(?:" + variableAlternatives + ")$")
    private static let credentialHeader = Rule("^(?i)(?:" + headerNamePattern + ")$")

    private static let headerNamePattern =
        #"(?:[A-Za-z0-9-]*?(?:authorization|token|secret|password|passwd|cookie|session|api-?key)[A-Za-z0-9-]*|(?:[A-Za-z0-9-]*-)?key)"#

    /// A value as typed: single-quoted, double-quoted or a bare word.
    private static let value = #"(?:'[^']*'|"[^"]*"|[^\s'";]+)"#
    private static let headerAlternatives = credentialHeaders.joined(separator: "|")
    /// A credential parameter name: optional `anything_` prefix, then one of `credentialParameters`.
    private static let parameterAlternatives = #"(?:[^\s=&?;'"\x23]*_)?(?:"# + credentialParameters.joined(separator: "|") + ")"

    /// A variable name holding a credential: ending in a long credential word (`apiToken`, `mysecret`), or
    /// a short one after `_` (`api_key`, `aws_sig`).
    private static let variableAlternatives =
        #"(?:[A-Za-z_][A-Za-z0-9_.]*?)?(?:token|secret|password|passwd|apikey)|(?:[A-Za-z_][A-Za-z0-9_.]*_)?(?:key|sig|signature|auth)"#
}
