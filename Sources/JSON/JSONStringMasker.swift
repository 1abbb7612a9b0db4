/// What the pretty writer asks while it writes strings straight from the tape, so that a body is masked
/// as it is written and never held as one masked tree. `Secrets.Redactor` is the one conformer; JSON itself
/// knows no secret.
public protocol JSONStringMasker: Sendable {
    /// Whether a member of this name holds a credential whatever its value (`password`, `token`).
    func isCredentialMember(_ name: String) -> Bool

    /// The masked text of a raw string value (still escaped when `isEscaped`), or nil when it needs no mask.
    /// `credentialMember` is the member's name when `isCredentialMember` said so.
    func maskedString(_ raw: UnsafeBufferPointer<UInt8>, isEscaped: Bool, credentialMember: String?) -> String?

    /// The masked text of a raw member name (still escaped when `isEscaped`), or nil when it needs no mask.
    func maskedKey(_ raw: UnsafeBufferPointer<UInt8>, isEscaped: Bool) -> String?
}
