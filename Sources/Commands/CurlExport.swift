import Facade
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import Secrets
import HTTPClient
import HTTPTypes

/// A request as a `curl` command that runs: every secret becomes an environment reference
/// (`"Authorization: Bearer $APISH_BEARER"`), with a comment line per variable saying what to set,
/// never `•••` where it would break the command. Built only when `curl` asks.
struct CurlExport {
    /// An environment variable standing for one secret.
    struct Variable: Equatable {
        let name: String
        /// What it holds, for the comment: `the bearer token`, `the X-Api-Key header`.
        let what: String
        let value: String
    }

    private(set) var variables: [Variable] = []

    /// The comment lines and the command.
    static func render(_ request: HTTPRequest, knownSecrets: [String], transport: TransportConfiguration = TransportConfiguration()) -> [String] {
        var export = CurlExport()
        let command = export.command(for: request, knownSecrets: knownSecrets, transport: transport)
        return export.variables.map { "# export \($0.name)=…   (\($0.what))" } + [command]
    }

    private mutating func command(for request: HTTPRequest, knownSecrets: [String], transport: TransportConfiguration) -> String {
        // -g: `[]` and `{}` in a URL are its own bytes, not curl's globbing ranges (`curl: (3) bad range`).
        var arguments: [String] = ["curl", "-g"]
        // A path apish built goes as built, dot segments and all, as apish sent it.
        if request.keepsPathAsBuilt { arguments.append("--path-as-is") }
        arguments += connectionOptions(transport, knownSecrets)
        if request.method != .get || !request.body.isEmpty { arguments += ["-X", request.method.rawValue] }
        // A URL password goes to -u, outside the URL, so that the URL itself holds no credential.
        if let (user, password) = Self.userInfo(request.url) {
            arguments += ["-u", argument(user + ":" + reference(password, name: "APISH_PASSWORD", what: "the URL password"), knownSecrets)]
        }
        if let login = request.login {
            let what = "the \(login.scheme.rawValue) password of \(login.user)"
            arguments += ["-u", argument(login.user + ":" + reference(login.password, name: "APISH_PASSWORD", what: what), knownSecrets)]
            if login.scheme == .digest { arguments.append("--digest") }
        }
        arguments.append(argument(url(of: request, knownSecrets), knownSecrets))
        for (name, value) in request.headers {
            arguments += ["-H", argument(name + ": " + header(name, value), knownSecrets)]
        }
        if case .multipart(let parts) = request.body {
            // curl -F writes the boundary and the parts, as libcurl did for apish.
            arguments += parts.flatMap { formArguments($0, knownSecrets) }
        } else {
            if let contentType = request.body.contentType, request.headers["Content-Type"] == nil {
                arguments += ["-H", argument("Content-Type: \(contentType)", knownSecrets)]
            }
            if case .file(_, _, let path) = request.body {
                arguments += ["--data-binary", Self.singleQuoted("@" + path)]
            } else if !request.body.isEmpty {
                let text = body(of: request)
                // Bytes a terminal would act on, or that are no text, go ANSI-C quoted: what shows is what runs.
                arguments += Self.isPlainText(request.body.data)
                    ? ["--data-raw", argument(text, knownSecrets)]
                    : ["--data-binary", Self.ansiCQuoted(request.body.data)]
            }
        }
        return arguments.joined(separator: " ")
    }

    /// The TLS and proxy settings in force, as curl takes them: `-k`, `--cacert`, `--capath`, `--cert`,
    /// `--key`, `--proxy` (its password a variable).
    private mutating func connectionOptions(_ transport: TransportConfiguration, _ knownSecrets: [String]) -> [String] {
        var options: [String] = []
        if transport.insecure { options.append("-k") }
        for (flag, value) in [("--cacert", transport.caFile), ("--capath", transport.caPath),
                              ("--cert", transport.clientCertificate), ("--key", transport.clientKey)] {
            if let value { options += [flag, Self.singleQuoted(value)] }
        }
        if let proxy = transport.proxy {
            var shown = proxy
            if let password = transport.proxySecrets.first, let at = proxy.lastIndex(of: "@"),
               let colon = proxy[..<at].lastIndex(of: ":") {
                shown = String(proxy[...colon]) + reference(password, name: "APISH_PROXY_PASSWORD", what: "the proxy password")
                    + String(proxy[at...])
            }
            options += ["--proxy", argument(shown, knownSecrets)]
        }
        return options
    }

    /// A part as curl takes it: `--form-string 'name=value'` (its value literal, whatever it starts with),
    /// or `-F 'name=@"PATH";type=TYPE'`.
    private mutating func formArguments(_ part: MultipartPart, _ knownSecrets: [String]) -> [String] {
        guard let path = part.path else {
            let value = String(decoding: part.data, as: UTF8.self)
            let shown = Redactor.isCredentialValue(value, member: part.name)
                ? reference(value, name: Self.variableName(part.name), what: "the \(part.name) field") : value
            return ["--form-string", argument(part.name + "=" + shown, knownSecrets)]
        }
        let quotedPath = "\"" + path.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
        return ["-F", argument(part.name + "=@" + quotedPath + (part.contentType.map { ";type=" + $0 } ?? ""), knownSecrets)]
    }

    // MARK: Secrets → references

    /// A marker for a secret inside an argument, replaced by `${NAME}` when the argument is quoted.
    private mutating func reference(_ value: String, name suggested: String, what: String) -> String {
        if let index = variables.firstIndex(where: { $0.value == value }) { return Self.marker(index) }
        var name = suggested
        var counter = 2
        while variables.contains(where: { $0.name == name }) {
            name = suggested + "_\(counter)"
            counter += 1
        }
        variables.append(Variable(name: name, what: what, value: value))
        return Self.marker(variables.count - 1)
    }

    private static func marker(_ index: Int) -> String { "\u{0}\(index)\u{0}" }

    private static func variableName(_ text: String) -> String {
        "APISH_" + String(text.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    private mutating func header(_ name: String, _ value: String) -> String {
        guard Redactor.isCredentialHeader(name), !value.isEmpty else { return value }
        let parts = value.split(separator: " ", maxSplits: 1)
        if parts.count == 2, ["bearer", "basic", "token", "digest"].contains(parts[0].lowercased()) {
            let scheme = parts[0].lowercased()
            let name = scheme == "bearer" ? "APISH_BEARER" : Self.variableName(scheme)
            return parts[0] + " " + reference(String(parts[1]), name: name, what: "the \(scheme) token of Authorization")
        }
        return reference(value, name: Self.variableName(name), what: "the \(name) header")
    }

    /// A query parameter that is a credential by its name, or whose value is a secret the session holds
    /// (`auth key key=…`), is a variable named after the parameter.
    private mutating func url(of request: HTTPRequest, _ knownSecrets: [String]) -> String {
        var base = request.url
        if Self.userInfo(base) != nil, var parts = URLComponents(string: base) {
            parts.user = nil
            parts.password = nil
            base = parts.string ?? base
        }
        guard !request.query.isEmpty else { return base }
        let items = request.query.map { field in
            Redactor.isCredentialValue(field.value, member: field.name) || knownSecrets.contains(field.value)
                ? FormEncoding.encode([FormField(field.name, "")]) + reference(field.value, name: Self.variableName(field.name), what: "the \(field.name) parameter")
                : FormEncoding.encode([field])
        }
        // Joined as `QueryString.append` joins them, so the command asks for the URL apish asked for.
        return base + QueryString.separator(after: base) + items.joined(separator: "&")
    }

    /// The user and password of `http://user:password@host/…`, decoded.
    private static func userInfo(_ url: String) -> (user: String, password: String)? {
        guard let parts = URLComponents(string: url), let password = parts.password, !password.isEmpty else { return nil }
        let user = parts.user ?? ""
        return (PercentEncoding.strictDecode(user) ?? user, PercentEncoding.strictDecode(password) ?? password)
    }

    private mutating func body(of request: HTTPRequest) -> String {
        switch request.body {
        case .form(let fields):
            return fields.map { field in
                Redactor.isCredentialValue(field.value, member: field.name)
                    ? FormEncoding.encode([FormField(field.name, "")]) + reference(field.value, name: Self.variableName(field.name), what: "the \(field.name) field")
                    : FormEncoding.encode([field])
            }.joined(separator: "&")
        case .json(let data):
            return jsonBody(data) ?? String(decoding: data, as: UTF8.self)
        case .none, .raw, .file, .multipart:
            return String(decoding: request.body.data, as: UTF8.self)
        }
    }

    /// A JSON body whose credential members (the ones its display masks) are references, as
    /// `{"password":"${APISH_PASSWORD}"}`; nil when it has none, so the body goes out as it was typed.
    /// Written again compactly, so the same document is sent; a variable holds its value JSON-escaped.
    private mutating func jsonBody(_ data: Data) -> String? {
        guard let document = try? JSONValue.parse(data), !Redactor.credentialValues(in: document, limit: 1).isEmpty else {
            return nil
        }
        // A stand-in the writer leaves alone and the body does not hold, replaced by the marker after writing.
        guard let fence = (0xE000...0xE0FF).lazy.compactMap(Unicode.Scalar.init).first(where: { scalar in
            !Self.contains(data, String(scalar))
        }).map(String.init) else { return nil }
        var markers: [(stand: String, marker: String)] = []
        func replaced(_ value: JSONValue, member: String?) -> JSONValue {
            switch value {
            case .string(let text):
                guard let member, Redactor.isCredentialValue(text, member: member) else { return value }
                let escaped = String(JSONValue.string(text).encoded().dropFirst().dropLast())
                let marker = reference(escaped, name: Self.variableName(member), what: "the \(member) member of the body")
                let stand = fence + String(markers.count) + fence
                markers.append((stand, marker))
                return .string(stand)
            case .array(let elements):
                return .array(elements.map { replaced($0, member: nil) })
            case .object(let object):
                return .object(JSONObject(zip(object.keys, object.values).map { ($0, replaced($1, member: $0)) }))
            case .null, .bool, .number:
                return value
            }
        }
        var text = replaced(document, member: nil).encoded()
        for (stand, marker) in markers { text = text.replacingAll(stand, with: marker) }
        return text
    }

    private static func contains(_ data: Data, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard let first = needle.first, data.count >= needle.count else { return false }
        var index = data.startIndex
        while let found = data[index...].firstIndex(of: first) {
            if data[found...].starts(with: needle) { return true }
            index = data.index(after: found)
        }
        return false
    }

    /// One shell word: single-quoted when it holds no secret, else double-quoted with `${NAME}` references.
    /// Known secrets found anywhere else (a path, a JSON body) become references too.
    private mutating func argument(_ text: String, _ knownSecrets: [String]) -> String {
        var text = text
        for secret in knownSecrets.sorted(by: { $0.count > $1.count }) where secret.count >= 3 && text.contains(secret) {
            text = text.replacingAll(secret, with: reference(secret, name: "APISH_SECRET", what: "a secret of the session"))
        }
        guard text.contains("\u{0}") else {
            // A file name that is not UTF-8 goes as its own bytes, so the command opens the same file.
            return RawBytesText.holdsRawBytes(text) ? Self.ansiCQuoted(Data(RawBytesText.bytes(text))) : Self.singleQuoted(text)
        }
        var quoted = "\""
        let pieces = text.split(separator: "\u{0}", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            if index % 2 == 1, let number = Int(piece), variables.indices.contains(number) {
                quoted += "${\(variables[number].name)}"
            } else {
                for character in piece {
                    if "\\\"$`".contains(character) { quoted.append("\\") }
                    quoted.append(character)
                }
            }
        }
        return quoted + "\""
    }

    /// UTF-8 text with no control character but newlines and tabs.
    static func isPlainText(_ data: Data) -> Bool {
        guard let text = String(data: data, encoding: .utf8) else { return false }
        return !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F..<0xA0).contains($0.value) }
    }

    /// `$'…'` with every byte that is not printable ASCII as `\xHH`, and `\` and `'` escaped: bash, zsh and
    /// ksh read it back as the same bytes (a NUL ends such a word, so none is sent that way).
    static func ansiCQuoted(_ data: Data) -> String {
        var quoted = "$'"
        for byte in data {
            switch byte {
            case UInt8(ascii: "\\"): quoted += "\\\\"
            case UInt8(ascii: "'"): quoted += "\\'"
            case 0x20..<0x7F: quoted.append(Character(Unicode.Scalar(byte)))
            default: quoted += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return quoted + "'"
    }

    /// Single-quotes for a POSIX shell when needed.
    static func singleQuoted(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0)) }
        if safe && !text.isEmpty { return text }
        return "'" + text.replacingAll("'", with: #"'\''"#) + "'"
    }
}
