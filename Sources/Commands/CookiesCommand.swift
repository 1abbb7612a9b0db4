import Facade
import FoundationFree
import HTTPClient
import HTTPTypes
import JSON
import Secrets
import Rendering
import Shell
import ShellCommandLine

/// `cookies [clear]`: the session's cookie jar (libcurl's engine: what responses set, on any redirect hop,
/// goes back only to the hosts and paths RFC 6265 allows), secret-looking values masked.
struct CookiesCommand: Command {
    let name = "cookies"
    let abstract = "List the session's cookies (secret-looking values masked), or empty the jar"
    var signature: CommandSignature { CommandSignature([ArgumentForm(["clear"], help: "empty the jar"), ArgumentForm()]) }
    let details = [
        "get $env.APISH_DEMO_URL/cookies/set?theme=dark   (Set-Cookie, then a redirect that sends it back)",
        "cookies            name, value, domain, path, flags and expiry of each",
        "cookies clear",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        if arguments.subcommand == "clear" {
            let count = facade.requests.cookieJar.count
            facade.requests.clearCookies()
            return RunResult(lines: [count == 1 ? "1 cookie cleared" : "\(count) cookies cleared"])
        }
        do {
            let cookies = facade.requests.cookieJar.compactMap(HTTPCookie.init(netscapeLine:))
            guard !cookies.isEmpty else {
                var report = RunResult(lines: ["no cookies"])
                report.data = .array([])
                return report
            }
            let rows = cookies.map { cookie in
                [cookie.name, Self.shownValue(cookie, session: context.session), cookie.domain, cookie.path,
                 Self.flags(cookie), Self.expiry(cookie)]
            }
            let columns = ["Name", "Value", "Domain", "Path", "Flags", "Expires"].map { TableColumn($0) }
            var report = RunResult(.table(Table(columns: columns, rows: rows)))
            report.data = .array(zip(cookies, rows).map { cookie, row in
                .object(JSONObject([
                    ("name", .string(cookie.name)), ("value", .string(row[1])), ("domain", .string(cookie.domain)),
                    ("path", .string(cookie.path)), ("includesSubdomains", .bool(cookie.includesSubdomains)),
                    ("secure", .bool(cookie.secure)), ("httpOnly", .bool(cookie.httpOnly)),
                    ("expires", cookie.expires == 0 ? .null : .string(row[5])),
                ]))
            })
            return report
        }
    }

    private static func shownValue(_ cookie: HTTPCookie, session: Session) -> String {
        Redactor.isSecretLookingCookie(name: cookie.name, value: cookie.value) ? Redactor.mask : session.redact(cookie.value)
    }

    private static func flags(_ cookie: HTTPCookie) -> String {
        var flags: [String] = []
        if cookie.includesSubdomains { flags.append("subdomains") }
        if cookie.secure { flags.append("secure") }
        if cookie.httpOnly { flags.append("httponly") }
        return flags.isEmpty ? "-" : flags.joined(separator: ",")
    }

    private static func expiry(_ cookie: HTTPCookie) -> String {
        cookie.expires == 0 ? "session" : CivilTime.iso8601(secondsSince1970: Double(cookie.expires))
    }
}
