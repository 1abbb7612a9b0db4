/// One value an option or positional takes: its name in usage (`PORT`), what it is (for completion) and
/// what it must be.
public struct ValueDeclaration: Sendable {
    public let placeholder: String
    public let kind: ValueKind
    public let validator: Validator?

    public init(_ placeholder: String, _ kind: ValueKind = .text, validator: Validator? = nil) {
        self.placeholder = placeholder
        self.kind = kind
        if validator == nil, case .choices(let words) = kind {
            self.validator = .oneOf(words)
        } else {
            self.validator = validator
        }
    }
}
