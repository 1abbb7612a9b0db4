import HTTPTypes
import JSON
import Secrets
import FoundationFree

/// The credentials a command line hands apish in its request items: the value of every `name=value`,
/// `name==value` or `name:=json` item named like a credential (`password=X`, `api_key==X`, `token:='"X"'`,
/// and the credential members of a `:=` object), and of every `Header:value` item naming a credential
/// header (`Authorization:'Bearer X'`); and in a target, the password of a URL's user information
/// (`http://ada:X@host/`, with `ada:X`, which Basic encodes) and every query parameter named like a credential
/// (`/items?api_key=X`). Once given, the session holds them: they are masked wherever they show up again (an
/// echoed body on a pipe or in `--json`, an `expect` message), as a guess never is.
enum TypedCredentials {
    /// Longer values are no credential anyone types (a body read from a file), and are not kept.
    static let maximumLength = 4096

    static func values(in arguments: some Sequence<String>) -> [String] {
        var found: [String] = []
        for argument in arguments where argument.utf8.count <= maximumLength {
            // Neither a target with credentials (a user's password, a query) nor an item (`weather`).
            guard argument.utf8.contains(where: isMarker) else { continue }
            if let target = targetCredentials(argument) {
                found += target
                continue
            }
            guard let (name, separator, value) = RequestItemSyntax.split(argument), !value.isEmpty else { continue }
            switch separator {
            case .field, .query:
                if Redactor.isCredentialParameter(Array(name.utf8)) { found += withoutScheme(value) }
            case .json:
                if let json = try? JSONValue.parse(value) { found += Redactor.credentialValues(in: json, member: name) }
            case .header:
                if Redactor.isCredentialHeader(name) { found += withoutScheme(value.trimmingPrefix(while: { $0 == " " })) }
            case .file:
                continue
            }
        }
        return found
    }

    /// `:`, `=`, `?` and `@`: a word without any holds no credential a target or an item could carry.
    private static func isMarker(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "@")
    }

    /// The credentials in a request target (an absolute URL, or a path or service path with a query); nil when
    /// `argument` is no target but an item.
    private static func targetCredentials(_ argument: String) -> [String]? {
        var found: [String] = []
        let query: Substring
        if let parts = URLNormalization.parse(argument), parts.hasAuthority {
            if let userInfo = parts.userInfo, let colon = userInfo.firstIndex(of: ":") {
                let user = decoded(userInfo[..<colon])
                let password = decoded(userInfo[userInfo.index(after: colon)...])
                if !password.isEmpty { found += [password, user + ":" + password] }
            }
            query = parts.query.map { Substring($0) } ?? ""
        } else if let mark = argument.firstIndex(of: "?"),
                  !argument[..<mark].contains(where: { $0 == "=" || $0 == ":" || $0 == "@" }) {
            query = argument[argument.index(after: mark)...].prefix { $0 != "#" }
        } else {
            return nil
        }
        for pair in query.split(separator: "&") {
            guard let equals = pair.firstIndex(of: "="), Redactor.isCredentialParameter(Array(pair[..<equals].utf8)) else { continue }
            let value = pair[pair.index(after: equals)...]
            if !value.isEmpty { found += Set([String(value), decoded(value)]) }
        }
        return found
    }

    private static func decoded(_ text: Substring) -> String {
        PercentEncoding.strictDecode(String(text)) ?? String(text)
    }

    /// The value, and its credential after an auth scheme (`Bearer X`: X too).
    private static func withoutScheme<Text: StringProtocol>(_ value: Text) -> [String] {
        let whole = String(value)
        let masked = Redactor.maskKeepingScheme(whole)
        guard masked != Redactor.mask, let space = whole.firstIndex(of: " ") else { return [whole] }
        return [whole, String(whole[whole.index(after: space)...])]
    }
}
