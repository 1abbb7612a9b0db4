/// Why no access token could be had: the token endpoint's own error (`invalid_client`, `invalid_scope`),
/// an answer that is not a token, or no answer at all. One line each.
struct OAuth2Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The token endpoint's HTTP status, when it answered.
    let status: Int?
    /// The RFC 6749 §5.2 error code, when it gave one.
    let code: String?
    let message: String

    init(status: Int?, code: String?, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    var description: String { message }
}
