import HTTPTypes

/// One credential placed in a request, with the base URL of its scope (which a redirect may not leave).
struct CredentialPlacement: Sendable, Equatable {
    enum Place: Sendable, Equatable {
        case header(String)
        case query(String)
        case cookie(String)
        /// A login for the transport (libcurl) to answer with; `value` is the password.
        case login(HTTPLogin.Scheme, user: String)
    }

    let place: Place
    let value: String
    let base: String
}
