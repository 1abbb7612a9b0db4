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

    /// Masks the known secrets, then anything that looks like one: bearer tokens, `key=` / `token=`
    /// style query parameters, and the secret arguments of `auth` commands.
    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets { result = result.replacingOccurrences(of: secret, with: Self.mask) }
        return Self.redactPatterns(result)
    }

    /// Pattern-based masking for text whose secrets are not known (e.g. a typed command line).
    public static func redactPatterns(_ text: String) -> String {
        var result = text
        result = replace(in: result, pattern: #"(?i)(bearer\s+)[^\s'"]+"#, template: "$1" + mask)
        result = replace(in: result, pattern: #"(?i)(\bauth\s+key\s+[^\s=]+=)[^\s'"]+"#, template: "$1" + mask)
        result = replace(in: result, pattern: #"(?i)([?&\s](?:key|api_key|apikey|token|access_token|password|secret)==?)[^&\s'"]+"#, template: "$1" + mask)
        result = replace(in: result, pattern: #"(?i)((?:x-api-key|api-key|x-auth-token|authorization)\s*:\s*)(?!bearer\b)[^\s'"]+"#, template: "$1" + mask)
        return result
    }

    private static func replace(in text: String, pattern: String, template: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return expression.stringByReplacingMatches(in: text, range: range, withTemplate: template)
    }
}
