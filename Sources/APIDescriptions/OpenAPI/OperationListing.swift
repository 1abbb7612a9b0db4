import HTTPTypes

/// An operation as a list shows it, read by `OpenAPIOutline` without its parameters, bodies, responses
/// or schemas: what `ops` and completion need, when nothing has needed the whole document yet.
public struct OperationListing: ListedOperation, Sendable, Equatable {
    public let method: HTTPMethod
    public let path: String
    public let operationId: String?
    public let summary: String?
    public let description: String?
    public let deprecated: Bool
    public let tags: [String]
}

extension OpenAPIOperation: ListedOperation {
    /// The operation as a list shows it.
    public var listing: OperationListing {
        OperationListing(method: method, path: path, operationId: operationId, summary: summary, description: description,
                         deprecated: deprecated, tags: tags)
    }
}
