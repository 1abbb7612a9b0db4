import FoundationFree
import HTTPClient
import APIDescriptions

/// What the shell is handed: the facade's four services, made together over one transport. It holds
/// nothing of its own; each service owns one thing and never prints.
public final class ServiceFacade {
    /// The locator, the versions chosen and the session's state.
    public let workspace: Workspace
    /// The credentials and headers sent, and the redactor that masks them.
    public let credentials: CredentialStore
    /// Every request, through the one pipeline, and the last exchange.
    public let requests: RequestService
    /// The OpenAPI descriptions: operations, `call`, and where requests go.
    public let descriptions: DescriptionService

    /// `documentCache` keeps web documents between runs (nil keeps nothing); `documentLimits` bounds what
    /// a description's `$ref`s may reach.
    public init(
        transport: any Transport, catalogue: APICatalogue = APICatalogue(), documentCache: DocumentCache? = nil,
        documentLimits: DocumentLimits = DocumentLimits()
    ) {
        workspace = Workspace(transport: transport, catalogue: catalogue, documentCache: documentCache, documentLimits: documentLimits)
        credentials = CredentialStore(workspace: workspace)
        requests = RequestService(transport: transport, workspace: workspace, credentials: credentials)
        descriptions = DescriptionService(workspace: workspace, requests: requests)
    }
}
