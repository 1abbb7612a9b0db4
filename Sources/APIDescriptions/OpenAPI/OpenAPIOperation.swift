import JSON
import Schemas
import HTTPTypes
/// One operation of an OpenAPI document: a method on a path, with its parameters, body and responses.
public struct OpenAPIOperation: Sendable {
    public let method: HTTPMethod
    /// The path template as declared (`/pets/{petId}`).
    public let path: String
    /// The path template read into segments, once.
    public let template: PathTemplate
    public let operationId: String?
    public let summary: String?
    public let description: String?
    public let deprecated: Bool
    /// Path-level and operation-level parameters merged (the operation's win), path-level first.
    /// Path parameters used in the template but not declared are added, required and untyped.
    public internal(set) var parameters: [OpenAPIParameter]
    public internal(set) var requestBody: OpenAPIRequestBody?
    /// In document order.
    public internal(set) var responses: [OpenAPIResponse]
    /// `tags`, as written.
    public let tags: [String]
    /// The schemes the operation needs: its own `security`, else the document's; nil when neither says,
    /// and then whatever credentials are in scope are sent.
    public let security: OpenAPISecurity?
    /// The operation's own `servers`, else its path's; empty when the document's apply.
    public internal(set) var servers: [OpenAPIServer] = []
    /// Its `x-sunset` date as written (`2025-01-01`): when a deprecated operation may go.
    public internal(set) var sunset: String?
    /// Whether the operation declares its own `security` (else the document's applies).
    public internal(set) var declaresSecurity = false
    /// Its `callbacks`, each as `NAME EXPRESSION` (`myEvent {$request.body#/callbackUrl}`), in document order:
    /// the requests the server makes to the client.
    public internal(set) var callbacks: [String] = []

    init(method: HTTPMethod, path: String, operationId: String?, summary: String?, description: String?,
         deprecated: Bool, parameters: [OpenAPIParameter], requestBody: OpenAPIRequestBody?, responses: [OpenAPIResponse],
         tags: [String] = [], security: OpenAPISecurity? = nil) {
        self.method = method
        self.path = path
        pathShape = PathURLCoverage.shape(path[...])
        template = PathTemplate(path)
        self.operationId = operationId
        self.summary = summary
        self.description = description
        self.deprecated = deprecated
        self.parameters = parameters
        self.requestBody = requestBody
        self.responses = responses
        self.tags = tags
        self.security = security
    }

    /// `GET /pets/{petId}`.
    public var signature: String { "\(method) \(path)" }

    /// The declared parameter a `name=value` item of `call` sets: path first, then query, header and
    /// cookie (header names in any case); nil when none is named so, and the item goes to the body.
    public func parameter(settingItem name: String) -> OpenAPIParameter? {
        for location in OpenAPIParameter.Location.allCases {
            if let index = parameterIndex(location, name) { return parameters[index] }
        }
        return nil
    }

    /// Where in `parameters` the parameter of `location` named `name` is (a header's name in any case).
    public func parameterIndex(_ location: OpenAPIParameter.Location, _ name: String) -> Int? {
        parameters.firstIndex {
            $0.location == location && (location == .header ? $0.name.lowercased() == name.lowercased() : $0.name == name)
        }
    }

    /// The `operationId`, or `GET /pets/{petId}` when there is none.
    public var displayName: String { operationId ?? signature }

    /// The names in the path template, in order (`["owner", "repo"]` for `/repos/{owner}/{repo}`):
    /// the order positional `call` arguments fill them.
    public var pathParameterNames: [String] {
        PathTemplate.names(in: path)
    }

    /// The path with every `{name}` made `{}`, so `/pets/{petId}` and `/pets/{id}` compare equal (made once:
    /// a diff pairs and sorts by it).
    let pathShape: String

    mutating func attach(_ graph: SchemaGraph) {
        for index in parameters.indices { parameters[index].attach(graph) }
        requestBody?.attach(graph)
        for index in responses.indices { responses[index].attach(graph) }
    }
}
