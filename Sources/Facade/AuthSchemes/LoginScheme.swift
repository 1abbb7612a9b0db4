import APIDescriptions
import HTTPTypes
import Secrets

/// `auth basic|digest USER:PASSWORD`: a user and password for HTTP authentication (RFC 7617 Basic, RFC 7616
/// Digest), answered by the transport (libcurl) rather than written into a header, so Digest can answer the
/// server's challenge. Two methods of one credential: a new login of either replaces the old in its scope,
/// and a security scheme asks for one of them.
struct PasswordLogin: AuthScheme, CredentialPlacing {
    let method: HTTPLogin.Scheme
    let user: String
    let password: String

    init(_ method: HTTPLogin.Scheme, user: String, password: String) {
        self.method = method
        self.user = user
        self.password = password
    }

    var kind: String { method.rawValue }
    var slot: CredentialSlot { .login }
    /// `user:password` too: its base64 is what a Basic `Authorization` header (or a server echoing it) shows.
    var secrets: [String] { [password, user + ":" + password] }
    var hintName: String { "a \(method.rawValue) login" }

    func summary(in scope: Credentials.Scope) -> String {
        "\(method.rawValue) \(scope) \(user):•••"
    }

    func placement(for requirement: AuthRequirement?, base: String, context: AuthContext) -> CredentialPlacement? {
        requirement == nil ? login(base: base) : nil
    }

    func placement(for scheme: OpenAPISecurityScheme, base: String, context: AuthContext) -> CredentialPlacement? {
        switch scheme.kind {
        case .basic where method == .basic, .digest where method == .digest: login(base: base)
        default: nil
        }
    }

    private func login(base: String) -> CredentialPlacement {
        CredentialPlacement(place: .login(method, user: user), value: password, base: base)
    }

    static func authCommand(for scheme: OpenAPISecurityScheme) -> String? {
        switch scheme.kind {
        case .basic: "auth basic USER:PASS"
        case .digest: "auth digest USER:PASS"
        default: nil
        }
    }

    static let storedKinds = HTTPLogin.Scheme.allCases.map(\.rawValue)

    var record: CredentialRecord {
        CredentialRecord(kind: method.rawValue, fields: [CredentialRecord.Field("user", user)], secretIDSuffix: user, secret: password)
    }

    static func restore(_ record: CredentialRecord) throws(CredentialRecord.Failure) -> PasswordLogin {
        guard let method = HTTPLogin.Scheme(rawValue: record.kind) else { throw CredentialRecord.Failure("\"\(record.kind)\" is no login") }
        return PasswordLogin(method, user: try record.required("user"), password: record.secret)
    }

    static let recordingVariable: String? = passwordVariable
    private static let passwordVariable = "APISH_PASSWORD"
    var recordedSecret: String? { password }

    /// `auth KIND USER:${env.APISH_PASSWORD:-redacted} [SCOPE]`, the user as one word; a comment when the
    /// user holds a line break.
    func preludeLine(scope: String?, reference: (String) -> String, quote: (String) -> String?) -> String? {
        guard let word = quote(user) else {
            return "# not recorded: auth \(kind) (the user name holds a line break, which one line of a script cannot)"
        }
        return "auth \(kind) \(word):\(reference(Self.passwordVariable))" + (scope.map { " \($0)" } ?? "")
    }
}
