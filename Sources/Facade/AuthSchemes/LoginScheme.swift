import APIDescriptions
import HTTPTypes
import Secrets

/// `auth basic|digest USER:PASSWORD`: a user and password for HTTP authentication (RFC 7617 Basic, RFC 7616
/// Digest), answered by the transport (libcurl) rather than written into a header, so Digest can answer the
/// server's challenge. Two methods of one credential: a new login of either replaces the old in its scope,
/// and a security scheme asks for one of them.
public struct PasswordLogin: AuthScheme {
    public let method: HTTPLogin.Scheme
    public let user: String
    public let password: String

    public init(_ method: HTTPLogin.Scheme, user: String, password: String) {
        self.method = method
        self.user = user
        self.password = password
    }

    public var kind: String { method.rawValue }
    public var slot: CredentialSlot { .login }
    /// `user:password` too: its base64 is what a Basic `Authorization` header (or a server echoing it) shows.
    public var secrets: [String] { [password, user + ":" + password] }
    public var hintName: String { "a \(method.rawValue) login" }

    public func summary(in scope: Credentials.Scope) -> String {
        "\(method.rawValue) \(scope) \(user):•••"
    }

    public func placement(for requirement: AuthRequirement?, base: String, context: AuthContext) -> CredentialPlacement? {
        requirement == nil ? login(base: base) : nil
    }

    public func placement(for scheme: OpenAPISecurityScheme, base: String, context: AuthContext) -> CredentialPlacement? {
        switch scheme.kind {
        case .basic where method == .basic, .digest where method == .digest: login(base: base)
        default: nil
        }
    }

    private func login(base: String) -> CredentialPlacement {
        CredentialPlacement(place: .login(method, user: user), value: password, base: base)
    }

    public static func authCommand(for scheme: OpenAPISecurityScheme) -> String? {
        switch scheme.kind {
        case .basic: "auth basic USER:PASS"
        case .digest: "auth digest USER:PASS"
        default: nil
        }
    }

    public static let storedKinds = HTTPLogin.Scheme.allCases.map(\.rawValue)

    public var record: CredentialRecord {
        CredentialRecord(kind: method.rawValue, fields: [CredentialRecord.Field("user", user)], secretIDSuffix: user, secret: password)
    }

    public static func restore(_ record: CredentialRecord) throws(CredentialRecord.Failure) -> PasswordLogin {
        guard let method = HTTPLogin.Scheme(rawValue: record.kind) else { throw CredentialRecord.Failure("\"\(record.kind)\" is no login") }
        return PasswordLogin(method, user: try record.required("user"), password: record.secret)
    }

    public static let recordingVariable: String? = passwordVariable
    private static let passwordVariable = "APISH_PASSWORD"
    public var recordedSecret: String? { password }

    /// `auth KIND USER:${env.APISH_PASSWORD:-redacted} [SCOPE]`, the user as one word; a comment when the
    /// user holds a line break.
    public func preludeLine(scope: String?, reference: (String) -> String, quote: (String) -> String?) -> String? {
        guard let word = quote(user) else {
            return "# not recorded: auth \(kind) (the user name holds a line break, which one line of a script cannot)"
        }
        return "auth \(kind) \(word):\(reference(Self.passwordVariable))" + (scope.map { " \($0)" } ?? "")
    }
}
