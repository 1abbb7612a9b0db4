import Foundation

/// Hides secrets wherever text leaves the program: printed URLs and headers, exported curl
/// commands, `--json` output, and lines written to history.
public struct Redactor: Sendable {
    public static let mask = "•••"

    /// Known secret values, replaced wherever they appear.
    public let secrets: [String]

    public init(secrets: [String] = []) {
        // Longest first, so a secret containing another is masked whole; very short values would mask noise.
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
    /// `header Authorization X`, `key==X` items). For history, recordings and echoed command lines.
    public func redactCommandLine(_ text: String) -> String {
        var result = redact(text)
        result = Self.replace(in: result, pattern: #"(?i)(\bauth\s+bearer\s+)[^\s'"]+"#, template: "$1" + Self.mask)
        result = Self.replace(in: result, pattern: #"(?i)(\bauth\s+key\s+[^\s=]+=)[^\s'"]+"#, template: "$1" + Self.mask)
        result = Self.replace(in: result, pattern: #"(?i)(\bheader\s+(?:authorization|x-api-key|api-key|x-auth-token)\s+)(?:bearer\s+)?[^\s'"]+"#, template: "$1" + Self.mask)
        result = Self.replace(in: result, pattern: #"(?i)(\s(?:key|api_key|apikey|token|access_token|password|secret)==)[^\s'"]+"#, template: "$1" + Self.mask)
        return result
    }

    /// Pattern-based masking of URLs and headers whose secrets are not known.
    public static func redactURLsAndHeaders(_ text: String) -> String {
        var result = text
        result = replace(in: result, pattern: #"(?i)(authorization\s*:\s*(?:[A-Za-z]+\s+)?)[^\s'"]+"#, template: "$1" + mask)
        result = replace(in: result, pattern: #"(?i)([?&](?:key|api_key|apikey|token|access_token|password|secret)=)[^&\s'"\x23]+"#, template: "$1" + mask)
        result = replace(in: result, pattern: #"(?i)((?:x-api-key|api-key|x-auth-token)\s*:\s*)[^\s'"]+"#, template: "$1" + mask)
        return result
    }

    private static func replace(in text: String, pattern: String, template: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return expression.stringByReplacingMatches(in: text, range: range, withTemplate: template)
    }
}
