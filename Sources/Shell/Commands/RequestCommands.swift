import Facade
import Foundation

/// `get|post|put|patch|delete TARGET [ITEM…]`.
struct RawRequestCommand: Command {
    let method: HTTPMethod
    var name: String { method.rawValue.lowercased() }
    var abstract: String { "Send a \(method.rawValue) request to a service path or URL" }
    var usage: String { "\(name) TARGET [ITEM…]" }
    let details = [
        "TARGET: SERVICE[/path] · /path (current service) · absolute URL",
        "ITEM:   name=value (form field) · name:=json (JSON field) · name==value (query) · Header:value",
        "get weather city==Boston",
        "post twit/like/t01 Authorization:'Bearer demo'",
        "post http://127.0.0.1:8080/echo name=eye home=http://theeye.pe.kr",
    ]

    func complete(_ previous: [String], session: Session) -> [String] {
        previous.isEmpty ? ServiceCompletion.names(session) : []
    }

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> CommandReport {
        guard let target = arguments.first else { throw .usage(self) }
        let raw: RawRequest
        do {
            raw = try RawRequest(method: method, target: target, items: Array(arguments.dropFirst()))
        } catch {
            throw CommandError(error)
        }
        let facade = context.session.facade
        var report = try context.request("\(name) \(target)") { token throws(FacadeError) in try facade.send(raw, cancellation: token) }
        guard let exchange = report.exchange, let response = exchange.response else { return report }
        // As httpie shows it: the status line, then the body as it came (pretty JSON, or text as text). A failure
        // is one error line (which names the status) plus the body: no table, no second copy of the error.
        report.presentation = nil
        if report.ok { report.lines = [RawBody.statusLine(response)] }
        report.formatted = RawBody.text(of: exchange, session: context.session)
        return report
    }
}

/// How a raw answer's body shows: pretty (coloured) JSON when it is JSON, text as text, a note for binary.
enum RawBody {
    /// `HTTP/1.1 201 Created`.
    static func statusLine(_ response: HTTPResponse) -> String {
        let reason = HTTPStatusText.reason(response.status)
        return "HTTP/\(response.httpVersion) \(response.status)" + (reason.isEmpty ? "" : " \(reason)")
    }

    /// The body for the terminal, already redacted; nil when there is none.
    static func text(of exchange: Exchange, session: Session) -> String? {
        guard let response = exchange.response, !response.body.isEmpty else { return nil }
        if let body = exchange.body {
            return JSONRenderer.pretty(session.redact(body), style: session.options.color ? .colored : .plain)
        }
        let shown = response.body.prefix(64 * 1024)
        guard let text = String(data: shown, encoding: .utf8) ?? String(data: shown.dropLast(3), encoding: .utf8) else {
            return "(\(response.body.count) bytes of binary data)"
        }
        let cut = response.body.count > shown.count ? "\n… (\(response.body.count - shown.count) more bytes; show --raw for all)" : ""
        return TerminalText.safe(session.redact(text)) + cut
    }
}

/// `auth bearer TOKEN [SERVICE] | auth key NAME=VALUE [SERVICE] | auth show | auth clear [SERVICE]`.
struct AuthCommand: Command {
    let name = "auth"
    let abstract = "Set credentials: a bearer token or an API key, per service or for all"
    let usage = "auth bearer TOKEN [SERVICE] | auth key NAME=VALUE [SERVICE] | auth show | auth clear [SERVICE]"
    let details = ["auth bearer demo-token twit", "auth key key=demo-key meetup", "auth show   (secrets masked)"]

    func complete(_ previous: [String], session: Session) -> [String] {
        switch previous.count {
        case 0: return ["bearer", "key", "show", "clear"]
        case 1 where previous[0] == "clear": return ServiceCompletion.names(session)
        case 2 where previous[0] == "bearer" || previous[0] == "key": return ServiceCompletion.names(session)
        default: return []
        }
    }

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> CommandReport {
        let facade = context.session.facade
        func service(at index: Int) throws(CommandError) -> String? {
            guard arguments.count > index else { return nil }
            guard arguments.count == index + 1 else { throw .usage(self) }
            do { return try facade.activeEntry(of: arguments[index]).name } catch { throw CommandError(error) }
        }
        switch arguments.first?.lowercased() {
        case "bearer"?:
            guard arguments.count >= 2, !arguments[1].isEmpty else { throw .usage(self) }
            let scope = try service(at: 2)
            facade.credentials.setBearer(arguments[1], for: scope)
            return CommandReport(lines: ["bearer token set for \(scope ?? "every service") (•••)"])
        case "key"?:
            guard arguments.count >= 2, let equals = arguments[1].firstIndex(of: "="),
                  equals != arguments[1].startIndex, arguments[1].index(after: equals) != arguments[1].endIndex else {
                throw .usage(self)
            }
            let scope = try service(at: 2)
            let parameter = String(arguments[1][..<equals])
            facade.credentials.setAPIKey(parameter: parameter, value: String(arguments[1][arguments[1].index(after: equals)...]), for: scope)
            return CommandReport(lines: ["API key \(parameter)=••• set for \(scope ?? "every service")"])
        case "show"?, nil:
            guard arguments.count <= 1 else { throw .usage(self) }
            let lines = facade.credentials.summary
            var report = CommandReport(lines: lines.isEmpty ? ["no credentials"] : lines)
            report.data = .array(lines.map(JSONValue.string))
            return report
        case "clear"?:
            let scope = try service(at: 1)
            facade.credentials.clear(service: scope)
            return CommandReport(lines: ["credentials cleared for \(scope ?? "every service")"])
        default:
            throw .usage(self)
        }
    }
}

/// `header NAME VALUE | header -d NAME | header`.
struct HeaderCommand: Command {
    let name = "header"
    let abstract = "Add a header to every request, remove one (-d), or list them"
    let usage = "header NAME VALUE | header -d NAME | header"

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> CommandReport {
        let facade = context.session.facade
        if arguments.first == "-d" {
            guard arguments.count == 2 else { throw .usage(self) }
            guard facade.headers.contains(arguments[1]) else {
                throw CommandError("header: no header \(arguments[1]) is set; header lists them")
            }
            facade.headers.remove(arguments[1])
        } else if !arguments.isEmpty {
            guard arguments.count >= 2, arguments[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw .usage(self)
            }
            facade.headers.set(arguments[0], arguments.dropFirst().joined(separator: " "))
        }
        let lines = facade.headers.map { context.session.redact("\($0.name): \($0.value)") }
        var report = CommandReport(lines: lines.isEmpty ? ["no extra headers"] : lines)
        report.data = .object(JSONObject(facade.headers.map { ($0.name, JSONValue.string(context.session.redact($0.value))) }))
        return report
    }
}
