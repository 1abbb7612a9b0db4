/// Where fetched tokens outlive the process (`tokens.json`); the facade only calls it, the shell owns the file.
public protocol OAuth2TokenStore: AnyObject {
    /// The tokens kept; throws a one-line reason when the file is there but cannot be used.
    func load() throws(OAuth2StoreError) -> [OAuth2Token]
    func save(_ tokens: [OAuth2Token]) throws(OAuth2StoreError)
}

/// A token file that cannot be read or written, in one line.
public struct OAuth2StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
