import Foundation

/// Hides secrets wherever text leaves the program: printed URLs and headers, exported curl
/// commands, `--json` output, and lines written to history.
public struct Redactor: Sendable {
    public static let mask = "•••"

    /// Header names whose values are credentials.
    public static let credentialHeaders = ["authorization", "proxy-authorization", "x-api-key", "api-key", "x-auth-token", "cookie"]

    /// Query parameter names whose values are credentials.
    static let credentialParameters = ["key", "api_key", "apikey", "token", "access_token", "password", "secret"]

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
        result = Self.replace(in: result, pattern: #"(?i)(\bheader\s+['"]?(?:"# + Self.headerAlternatives + #")['"]?\s+)[^;]+"#,
                              template: "$1" + Self.mask)
        result = Self.replace(in: result, pattern: #"(?i)((?:^|\s)['"]?(?:"# + Self.parameterAlternatives + #")==)"# + value,
                              template: "$1" + Self.mask)
        return result
    }

    /// Pattern-based masking of URLs and headers whose secrets are not known.
    public static func redactURLsAndHeaders(_ text: String) -> String {
        var result = text
        // `Authorization: Bearer x`, `Authorization:'Bearer x'`: the scheme word stays, the credential goes.
        result = replace(in: result, pattern: #"(?i)((?:"# + headerAlternatives + #")\s*:\s*['"]?(?:(?:bearer|basic|token|digest)\s+)?)[^\s'"]+"#,
                         template: "$1" + mask)
        result = replace(in: result, pattern: #"(?i)([?&](?:"# + parameterAlternatives + #")=)[^&\s'"\x23]+"#, template: "$1" + mask)
        return result
    }

    /// A value as typed: single-quoted, double-quoted or a bare word.
    private static let value = #"(?:'[^']*'|"[^"]*"|[^\s'";]+)"#
    private static let headerAlternatives = credentialHeaders.joined(separator: "|")
    private static let parameterAlternatives = credentialParameters.joined(separator: "|")

    private static func replace(in text: String, pattern: String, template: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return expression.stringByReplacingMatches(in: text, range: range, withTemplate: template)
    }
}
