import HTTPTypes
import JSON
import Secrets

/// The credentials a command line hands apish in its request items: the value of every `name=value`,
/// `name==value` or `name:=json` item named like a credential (`password=X`, `api_key==X`, `token:='"X"'`,
/// and the credential members of a `:=` object), and of every `Header:value` item naming a credential
/// header (`Authorization:'Bearer X'`). Once given, the session holds them: they are masked wherever they
/// show up again (an echoed body on a pipe or in `--json`, an `expect` message), as a guess never is.
enum TypedCredentials {
    /// Longer values are no credential anyone types (a body read from a file), and are not kept.
    static let maximumLength = 4096

    static func values(in arguments: [String]) -> [String] {
        var found: [String] = []
        for argument in arguments where argument.utf8.count <= maximumLength {
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

    /// The value, and its credential after an auth scheme (`Bearer X`: X too).
    private static func withoutScheme<Text: StringProtocol>(_ value: Text) -> [String] {
        let whole = String(value)
        let masked = Redactor.maskKeepingScheme(whole)
        guard masked != Redactor.mask, let space = whole.firstIndex(of: " ") else { return [whole] }
        return [whole, String(whole[whole.index(after: space)...])]
    }
}
