/// One cookie of the jar, read from a Netscape cookie-file line as libcurl writes them
/// (`domain  includeSubdomains  path  secure  expires  name  value`, tab-separated).
public struct HTTPCookie: Sendable, Equatable {
    /// The host (or, with `includesSubdomains`, the domain) the cookie is sent to.
    public var domain: String
    public var includesSubdomains: Bool
    public var path: String
    public var secure: Bool
    public var httpOnly: Bool
    /// Seconds since 1970; 0 for a session cookie.
    public var expires: Int
    public var name: String
    public var value: String

    private static let httpOnlyPrefix = "#HttpOnly_"

    /// Nil for a line that is not a cookie (a comment, a short line).
    public init?(netscapeLine line: String) {
        var text = Substring(line)
        httpOnly = text.hasPrefix(Self.httpOnlyPrefix)
        if httpOnly { text = text.dropFirst(Self.httpOnlyPrefix.count) }
        guard !text.hasPrefix("#") else { return nil }
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 7 else { return nil }
        domain = fields[0].hasPrefix(".") ? String(fields[0].dropFirst()) : String(fields[0])
        includesSubdomains = fields[1].uppercased() == "TRUE"
        path = String(fields[2])
        secure = fields[3].uppercased() == "TRUE"
        expires = Int(fields[4]) ?? 0
        name = String(fields[5])
        // A value may itself hold a tab only if a server sent one; keep whatever follows the name.
        value = fields[6...].joined(separator: "\t")
    }
}
