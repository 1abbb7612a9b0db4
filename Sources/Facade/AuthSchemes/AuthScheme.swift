import Secrets

/// One auth scheme, declared in one file (`Facade/AuthSchemes`): the credential `auth` sets, how a profile
/// stores it and how a recording sets it again. How it goes onto a request is Facade's own
/// (`CredentialPlacing`, which each scheme also conforms to). The profile store and the recorder dispatch
/// through it; `AuthSchemes.all` lists the schemes a profile can hold.
public protocol AuthScheme: AuthCredential, Equatable {
    /// The profile kinds it is stored under (`basic` and `digest` for a login).
    static var storedKinds: [String] { get }

    /// How a profile stores it: its kind, the fields that are not secret and its one secret.
    var record: CredentialRecord { get }

    /// The credential a profile stored, or why it cannot be one.
    static func restore(_ record: CredentialRecord) throws(CredentialRecord.Failure) -> Self

    /// The environment variable a recording names its secret by (`APISH_BEARER`); nil when a recording
    /// names none.
    static var recordingVariable: String? { get }

    /// The secret that variable stands for.
    var recordedSecret: String? { get }

    /// The line that sets it again at the start of a recording, its secret masked or a reference
    /// (`reference(variable)`); `quote` makes one word of a value, nil when one line cannot hold it.
    /// Nil when a recording does not set it.
    func preludeLine(scope: String?, reference: (String) -> String, quote: (String) -> String?) -> String?
}

/// What a scheme that says nothing more does: a recording masks its secret (the redactor knows it) and
/// does not set it again.
extension AuthScheme {
    public static var recordingVariable: String? { nil }
    public var recordedSecret: String? { nil }
    public func preludeLine(scope: String?, reference: (String) -> String, quote: (String) -> String?) -> String? { nil }
}

/// A credential as a profile stores it: its kind, its fields that are not secret, and its secret, kept
/// apart under `secretID` (`bearer.<scope>`, `api_key.<scope>.<parameter>`).
public struct CredentialRecord: Sendable, Equatable {
    /// Why a stored credential cannot be read: one line, without the place (the profile adds it).
    public struct Failure: Error, Sendable, Equatable {
        public let message: String

        public init(_ message: String) {
            self.message = message
        }
    }

    public let kind: String
    public let fields: [Field]
    /// What the secret's id adds after `<kind>.<scope>`: a parameter, a client id, a user; nil for none.
    public let secretIDSuffix: String?
    public let secret: String

    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(kind: String, fields: [Field] = [], secretIDSuffix: String? = nil, secret: String) {
        self.kind = kind
        self.fields = fields
        self.secretIDSuffix = secretIDSuffix
        self.secret = secret
    }

    public func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// A field that must be there and not be empty.
    public func required(_ name: String) throws(Failure) -> String {
        guard let value = field(name), !value.isEmpty else { throw Failure("a \(kind) credential needs \"\(name)\"") }
        return value
    }
}
