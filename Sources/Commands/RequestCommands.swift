import Declarations
import Facade
import JSON
import Secrets
import HTTPClient
import HTTPTypes
import Rendering
import Shell
import ScriptLanguage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `get|post|put|patch|delete TARGET [ITEM…]`.
struct RawRequestCommand: Command {
    let method: HTTPMethod
    var name: String { method.rawValue.lowercased() }
    var abstract: String { "Send a \(method.rawValue) request to a service path or URL" }
    static let target = Positional("TARGET", .service, help: "SERVICE[/path][?query], /path[?query] of the current service, or a URL")
    static let form = Flag("--form", help: "send the fields as multipart/form-data (so does a Content-Type:multipart/… item)")
    static let stream = Flag("--stream", help: "show the answer as it arrives (event streams, JSON lines and chunked text always are)")

    var signature: CommandSignature {
        CommandSignature([Self.target], options: [Self.form, Self.stream], items: .request)
    }
    let details = [
        "ITEM:   name=value (form field; JSON under Content-Type:application/json)",
        "        name:=json (JSON field) · name==value (query) · Header:value",
        "        name=@file.txt (a text file as a string) · name:=@file.json (JSON)",
        "        name@file.png (a file part: multipart/form-data) · name@f;type=TYPE",
        "BODY:   < FILE or @FILE (the file's bytes) · <<WORD, lines, then WORD",
        "        typed as JSON when it parses, else by extension (or Content-Type:)",
        "get {service} city==Boston",
        "post {service}/items name=Rex Authorization:'Bearer demo'",
        "post http://127.0.0.1:8080/echo name=eye home=http://theeye.pe.kr",
        "post /pets < pet.json        put /photo @photo.png",
        "get {service} | jq .city       get {service} > out.json   (the body as it came)",
    ]

    let readsInput = true

    /// The method, the target and the items after it, as `run` sends them.
    func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent {
        let operands = arguments.intentOperands
        guard let target = operands.first else { return .none }
        return .raw(method: method, target: target, items: Array(operands.dropFirst()))
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let multipart = arguments[Self.form]
        let forcedStream = arguments[Self.stream]
        let target = arguments[Self.target] ?? ""
        let raw: RawRequest
        let limit = context.session.options.maxInputBytes
        let readFile: RawRequest.FileReader = { path throws(RequestItemError) in try BodyFile.read(path, limit: limit) }
        do {
            let body: RawRequest.BodyBytes?
            switch context.input {
            case .file(let path)?: body = RawRequest.BodyBytes(data: try readFile(path), fileName: path)
            case .text(let text)?: body = RawRequest.BodyBytes(data: Data(text.utf8), fileName: nil)
            case nil: body = nil
            }
            raw = try RawRequest(method: method, target: target, items: arguments.items, body: body, readFile: readFile,
                                 multipart: multipart)
        } catch {
            throw CommandError(error)
        }
        let facade = context.session.facade
        var result = try context.streamingRequest("\(name) \(target)", forced: forcedStream) { token throws(FacadeError) in
            try facade.requests.send(raw, cancellation: token)
        }
        if let exchange = result.exchange, let warning = RawBody.unparsedJSONWarning(exchange) { result.warnings.append(warning) }
        return result
    }
}

/// A file sent as a body or a field, read as every input is: bounded, with the system's reason when it cannot be.
enum BodyFile {
    static func read(_ path: String, limit: Int) throws(RequestItemError) -> Data {
        do {
            return try LocalFile.read(LocatorLocation.expandTilde(path), limit: limit)
        } catch {
            throw .invalidItem("cannot read \(path): \(error.reason)")
        }
    }
}

/// Where a credential applies, as typed after it: a service, an origin URL, or (nothing) every service.
enum CredentialScopeArgument {
    static func parse(_ text: String?, facade: ServiceFacade) throws(CommandError) -> Credentials.Scope {
        guard let text else { return .allServices }
        if LocatorLocation.isWeb(text) {
            guard let origin = URLScope.origin(of: text) else { throw CommandError("'\(text)' is not a URL to scope a credential to") }
            return .origin(origin)
        }
        do {
            return .service(try facade.workspace.activeEntry(of: text).name.lowercased())
        } catch {
            throw CommandError(error)
        }
    }

    /// Whether the last word of `header NAME VALUE… SCOPE` is a scope rather than part of the value.
    static func isScope(_ text: String, facade: ServiceFacade) -> Bool {
        LocatorLocation.isWeb(text) || facade.workspace.canonicalName(of: text) != nil
    }
}

/// `auth bearer TOKEN [SERVICE|URL] | auth basic|digest USER[:PASSWORD] [SERVICE|URL] | auth key NAME=VALUE
/// [SERVICE|URL] | auth show | auth clear [SERVICE|URL]`.
struct AuthCommand: Command {
    let name = "auth"
    let abstract = "Set credentials: a bearer token, a Basic or Digest login, an API key or an OAuth 2 client, for a service, an origin URL, or every service"
    /// The token of `auth bearer TOKEN`, the password of `auth basic|digest USER:PASSWORD` (the user stays,
    /// so a recording can say whose password to set), the value of `auth key NAME=VALUE` and an OAuth 2
    /// client's `client_secret=` are secrets.
    static let scope = Positional("SERVICE|URL", .serviceOrURL, .optional,
                                  help: "whom the credential is for: a service, or an origin URL (else every service)")
    static let token = Positional("TOKEN", .text, secret: .whole, help: "the bearer token", validator: .nonEmpty,
                                  recordedAs: AuthSchemes.scheme(storedAs: "bearer")?.recordingVariable)
    static let login = Positional("USER[:PASSWORD]", .text, secret: .afterColon,
                                  help: "the user, and the password (asked for on a terminal when left out)",
                                  validator: Validator("a user name (USER or USER:PASSWORD)") { !$0.isEmpty && !$0.hasPrefix(":") },
                                  recordedAs: AuthSchemes.scheme(storedAs: "basic")?.recordingVariable)
    static let key = Positional("NAME=VALUE", .text, secret: .afterEquals, help: "the API key's parameter and value",
                                validator: Validator("the key as NAME=VALUE") { pair in
                                    guard let equals = pair.firstIndex(of: "=") else { return false }
                                    return equals != pair.startIndex && pair.index(after: equals) != pair.endIndex
                                }, recordedAs: AuthSchemes.scheme(storedAs: "api_key")?.recordingVariable)

    var signature: CommandSignature {
        CommandSignature([
            ArgumentForm(["bearer"], [Self.token, Self.scope], help: "send Authorization: Bearer TOKEN"),
            ArgumentForm(["basic", "digest"], [Self.login, Self.scope], help: "log in with HTTP Basic (RFC 7617) or Digest (RFC 7616)"),
            ArgumentForm(["key"], [Self.key, Self.scope], help: "send an API key where the description places it"),
            OAuth2AuthArguments.form,
            ArgumentForm(["show"], help: "list the credentials held (secrets masked)"),
            ArgumentForm(["clear"], [Self.scope], help: "forget the credentials of a scope, or all"),
            ArgumentForm(),
        ])
    }
    let details = [
        "auth bearer demo-token {service}",
        "auth basic ada:s3cret https://api.example.com   (RFC 7617)",
        "auth digest ada https://api.example.com   (RFC 7616; no :PASSWORD: asked for, unechoed, on a terminal)",
        "auth key key=demo-key {service}",
        "auth bearer ghp_xxx https://api.github.com   (an API outside the locator: that origin and path only)",
        "auth oauth2 https://auth.example/token client_id=app client_secret=s3cret scope=read   (OAuth 2 client credentials)",
        "auth oauth2 client_id=app client_secret=s3cret SERVICE   (token URL and scopes from the service's OpenAPI document)",
        "auth show   (secrets masked)",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        func scope() throws(CommandError) -> Credentials.Scope? {
            guard let text = arguments[Self.scope] else { return nil }
            return try CredentialScopeArgument.parse(text, facade: facade)
        }
        switch arguments.subcommand {
        case "bearer"?:
            let token = arguments[Self.token] ?? ""
            let scope = try scope() ?? .allServices
            facade.credentials.setCredential(AuthSchemes.bearer(token), for: scope)
            return RunResult(lines: ["bearer token set for \(scope) (•••)"])
        case let kind? where kind == "basic" || kind == "digest":
            let typed = arguments[Self.login] ?? ""
            let scope = try scope() ?? .allServices
            let user: String, password: String
            var report = RunResult()
            if let colon = typed.firstIndex(of: ":") {
                user = String(typed[..<colon])
                password = String(typed[typed.index(after: colon)...])
            } else {
                guard let readSecret = context.session.readSecret else {
                    throw CommandError("auth \(kind): give the password as USER:PASSWORD (it is asked for only on a terminal)")
                }
                guard let answer = readSecret("password for \(typed): ") else {
                    throw CommandError("auth \(kind): no password given; nothing changed")
                }
                user = typed
                password = answer
            }
            let login = AuthSchemes.login(kind == "digest" ? .digest : .basic, user: user, password: password)
            // Recorded with the password as an environment reference, also when it was asked for (the line
            // typed has none) or quoted (a reference in single quotes would not expand).
            report.recordedLine = login.preludeLine(scope: scope.argument, reference: Recorder.placeholder, quote: { try? Tokenizer.quote($0) })
            facade.credentials.setCredential(login, for: scope)
            report.value = .text(["\(kind) login \(user):••• set for \(scope)"])
            return report
        case "key"?:
            let pair = arguments[Self.key] ?? ""
            guard let equals = pair.firstIndex(of: "=") else { throw CommandError("auth key: give the key as NAME=VALUE") }
            let scope = try scope() ?? .allServices
            let parameter = String(pair[..<equals])
            facade.credentials.setCredential(AuthSchemes.apiKey(parameter: parameter, value: String(pair[pair.index(after: equals)...])), for: scope)
            return RunResult(lines: ["API key \(parameter)=••• set for \(scope)"])
        case "oauth2"?:
            return try OAuth2AuthArguments.run(arguments, in: context)
        case "clear"?:
            let scope = try scope()
            facade.credentials.clearCredentials(scope)
            return RunResult(lines: ["credentials cleared for \(scope?.description ?? "every scope")"])
        default:
            let lines = facade.credentials.held.summary
            var report = RunResult(lines: lines.isEmpty ? ["no credentials"] : lines)
            report.data = .array(lines.map(JSONValue.string))
            return report
        }
    }
}

/// `header NAME VALUE [SERVICE|URL] | header -d NAME | header`.
struct HeaderCommand: Command {
    let name = "header"
    let abstract = "Add a header to every request, remove one (-d), or list them; credential headers stay in scope"
    /// The value of a credential header (`header Authorization Bearer X`), however many words it takes, is
    /// a secret; `header Authorization Basic X` keeps its scheme word, so the line still says what it sets.
    static let removed = Positional("NAME", help: "the header to remove")
    static let header = Positional("NAME", help: "the header's name",
                                   validator: Validator("a header name (letters, digits, - and _)") { name in
                                       name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                                   })
    static let value = Positional("VALUE", .text, .rest, secret: .headerValue(of: "NAME"),
                                  help: "its value; a last word that is a service or an origin URL scopes the header to it")

    var signature: CommandSignature {
        CommandSignature([
            ArgumentForm(["-d"], [Self.removed], help: "remove a header"),
            ArgumentForm([Self.header, Self.value], help: "add a header to every request"),
            ArgumentForm(),
        ])
    }
    let details = [
        "header X-Trace demo              every request",
        "header X-Api-Key abc123          a credential: the current service only (or every service)",
        "header Cookie 'sid=1' {service}       a credential for one service",
        "header X-Api-Key abc https://api.example.com   a credential for one origin",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        var recordedLine: String?
        if arguments.subcommand == "-d" {
            let name = arguments[Self.removed] ?? ""
            guard facade.credentials.removeHeader(name) else {
                throw CommandError("header: no header \(name) is set; header lists them")
            }
        } else if let name = arguments[Self.header] {
            var words = arguments.values(Self.value)
            var scope: Credentials.Scope?
            if words.count >= 2, let last = words.last, CredentialScopeArgument.isScope(last, facade: facade) {
                scope = try CredentialScopeArgument.parse(last, facade: facade)
                words.removeLast()
            }
            do {
                try facade.credentials.setHeader(name, words.joined(separator: " "), scope: scope)
            } catch {
                throw CommandError(error)
            }
            if let stored = facade.credentials.held.headers.last(where: { $0.name.lowercased() == name.lowercased() }) {
                // A recording keeps the scheme (`Basic `) and the scope, with the secret as a reference.
                recordedLine = "header \(stored.name) \(Recorder.schemePrefix(of: stored.value))"
                    + Recorder.placeholder(Recorder.secretPlaceholder) + (stored.scope.argument.map { " \($0)" } ?? "")
            }
        }
        var lines = facade.credentials.headers.map { context.session.redact("\($0.name): \($0.value)") }
        lines += facade.credentials.held.headers.map { "\($0.name): \(Redactor.mask)   (scoped to \($0.scope))" }
        var report = RunResult(lines: lines.isEmpty ? ["no extra headers"] : lines)
        report.recordedLine = recordedLine
        report.data = .object(JSONObject(
            facade.credentials.headers.map { ($0.name, JSONValue.string(context.session.redact($0.value))) }
                + facade.credentials.held.headers.map { ($0.name, JSONValue.string(Redactor.mask)) }))
        return report
    }
}
