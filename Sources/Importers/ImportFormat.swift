/// The formats `import` reads, sniffed from the content (a file's extension only breaks a tie).
public enum ImportFormat: String, Sendable, Equatable, CaseIterable {
    /// JetBrains HTTP Client and VS Code REST Client (`.http`, `.rest`).
    case http
    case hurl
    /// HAR 1.2 (JSON: `log.entries[].request`).
    case har
    /// Postman Collection v2.0/v2.1.
    case postman

    /// The format of `text`, read from its content; `fileName`'s extension decides between `.http` and
    /// `.hurl`, which can look alike (`GET https://…` alone is both).
    public static func sniff(_ text: String, fileName: String) -> ImportFormat? {
        let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if trimmed.first == "{" {
            let head = String(trimmed.prefix(4_096))
            if head.contains("\"log\"") && (text.contains("\"entries\"")) { return .har }
            // An environment file has none of a collection's marks, only its scope (Postman writes it last).
            if head.contains("schema.getpostman.com") || head.contains("\"_postman_id\"") || (head.contains("\"info\"") && text.contains("\"item\""))
                || text.contains("\"_postman_variable_scope\"") {
                return .postman
            }
            return nil
        }
        let lower = fileName.lowercased()
        if lower.hasSuffix(".hurl") { return .hurl }
        if lower.hasSuffix(".http") || lower.hasSuffix(".rest") { return .http }
        // hurl has sections and `HTTP 200` status lines; the IDE format has `###` separators and `@name = value`.
        for line in text.split(whereSeparator: \.isNewline).prefix(2_000) {
            let line = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[Asserts]") || line.hasPrefix("[Captures]") || line.hasPrefix("[QueryStringParams]")
                || line.hasPrefix("[FormParams]") || line.hasPrefix("[Options]") || line.hasPrefix("HTTP ") {
                return .hurl
            }
            if line.hasPrefix("###") || (line.hasPrefix("@") && line.contains("=")) || line.hasPrefix("> {%") { return .http }
        }
        return nil
    }
}
