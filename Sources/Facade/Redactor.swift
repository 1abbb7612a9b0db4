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

    /// `redact`, plus the secret arguments of commands typed by hand (`auth bearer X`, `auth key k=X`,
    /// `header Authorization X`, `key==X` items), quoted or not. For history, recordings and echoed lines.
    public func redactCommandLine(_ text: String) -> String {
        let value = Self.value
        var result = redact(text)
        result = Self.replace(in: result, pattern: #"(?i)(\bauth\s+bearer\s+)"# + value, template: "$1" + Self.mask)
        result = Self.replace(in: result, pattern: #"(?i)(\bauth\s+key\s+['"]?[^\s='"]+=)"# + value, template: "$1" + Self.mask)
        result = Self.replace(in: result, pattern: #"(?i)(\bheader\s+['"]?(?:"# + Self.headerNamePattern + #")['"]?\s+)[^;]+"#,
                              template: "$1" + Self.mask)
        // Items of raw requests: `key==x` (query), `password=x` (form), `token:=x` (JSON), `X-Token:x` (header).
        result = Self.replace(in: result, pattern: #"(?i)((?:^|\s)['"]?(?:"# + Self.parameterAlternatives + #")(?:==|=|:=))"# + value,
                              template: "$1" + Self.mask)
        result = Self.replace(in: result, pattern: #"(?i)((?:^|\s)['"]?(?:"# + Self.headerNamePattern
                              + #"):(?!=)['"]?\s*(?:(?:bearer|basic|token|digest)\s+)?)[^\s'";]+"#,
                              template: "$1" + Self.mask)
        // `set token X`, `set t 'Bearer X'`: a variable that holds a credential.
        result = Self.replace(in: result, pattern: #"(?i)(\bset\s+(?:"# + Self.variableAlternatives + #")\s+)[^;]+"#,
                              template: "$1" + Self.mask)
        result = Self.replace(in: result, pattern: #"(?i)(\bset\s+[A-Za-z_]\w*\s+['"]?(?:bearer|basic)\s+)[^;'"]+"#,
                              template: "$1" + Self.mask)
        return result
    }

    /// Whether a name (a variable, a parameter) names a credential: `token`, `apiToken`, `client_secret`,
    /// `api_key` — but not `monkey` or `keyboard`.
    public static func isCredentialName(_ name: String) -> Bool {
        name.range(of: "^(?i)(?:" + variableAlternatives + ")$", options: .regularExpression) != nil
    }

    /// Pattern-based masking of URLs and headers whose secrets are not known.
    public static func redactURLsAndHeaders(_ text: String) -> String {
        var result = text
        // `scheme://user:password@host`: the user name stays, the password goes. The password runs to the
        // last `@` before the path, as URL parsers read it, so a password holding `@` is masked whole.
        result = replace(in: result, pattern: #"(?i)(\b[a-z][a-z0-9+.\-]*://[^\s/?#@:'"]*:)[^\s/?#'"]+@"#,
                         template: "$1" + mask + "@")
        // `Authorization: Bearer x`, `Authorization:'Bearer x'`, and `"authorization":"Basic x"` as an echoed
        // JSON body shows it: the scheme word stays, the credential goes.
        result = replace(in: result, pattern: #"(?i)((?:"# + headerAlternatives + #")['"]?\s*:\s*['"]?(?:(?:bearer|basic|token|digest)\s+)?)[^\s'"]+"#,
                         template: "$1" + mask)
        // `?key=x` in URLs, and `password=x` in form bodies (`--data-raw 'password=x'`).
        result = replace(in: result, pattern: #"(?i)((?:^|[?&'"])(?:"# + parameterAlternatives + #")=)(?!=)[^&\s'"\x23]+"#, template: "$1" + mask)
        return result
    }

    /// Whether a header carries credentials: the known ones (`Authorization`, `X-API-Key`, `Cookie`) and any
    /// whose name speaks of a token, secret, password, session or key (`X-Token`, `X-Session-Id`).
    public static func isCredentialHeader(_ name: String) -> Bool {
        name.range(of: "^(?i)(?:" + headerNamePattern + ")$", options: .regularExpression) != nil
    }

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

    private static func replace(in text: String, pattern: String, template: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return expression.stringByReplacingMatches(in: text, range: range, withTemplate: template)
    }
}
