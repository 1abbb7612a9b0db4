import HTTPTypes

/// What a list of operations shows of each (`ops`, its filter, its tags, completion): an operation read
/// whole (`OpenAPIOperation`) or only listed from a description's tape (`OperationListing`), so a command
/// that lists operations works on either.
public protocol ListedOperation {
    var method: HTTPMethod { get }
    /// The path template as declared (`/pets/{petId}`).
    var path: String { get }
    var operationId: String? { get }
    var summary: String? { get }
    var description: String? { get }
    var deprecated: Bool { get }
    /// `tags`, as written.
    var tags: [String] { get }
}
