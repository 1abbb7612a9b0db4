import APIDescriptions
import HTTPTypes
import Secrets

/// A `call` resolved once (`DescriptionService.prepare`): the service, its version and the
/// `OpenAPIOperation` it sends, with the arguments that fill it. Nothing looks the operation up by name
/// again: `request(baseURL:)` is the pure dry run (the request it would send, or the refusal `call`
/// prints), and `DescriptionService.send` sends it. `call`, the masking of its typed line and `impact`
/// all read this one value.
public struct PreparedCall {
    let api: OpenAPIServiceAPI
    let entry: LocatorEntry
    let operation: OpenAPIOperation
    /// The positional arguments and items after the operation, in order (`OpenAPICall` reads them).
    let arguments: [String]
    /// Whether the request is held to the document before it goes (`call` without `--no-check`).
    let checked: Bool
    /// The arguments (by their index in `arguments`) that fill a declared credential, with the values
    /// they send.
    public let secrets: [(index: Int, value: String)]

    init(api: OpenAPIServiceAPI, entry: LocatorEntry, operation: OpenAPIOperation, arguments: [String], checked: Bool) {
        self.api = api
        self.entry = entry
        self.operation = operation
        self.arguments = arguments
        self.checked = checked
        let keys = Self.apiKeyNames(of: api.document)
        secrets = arguments.enumerated().compactMap { index, argument in
            Self.declaredSecret(argument, of: operation, apiKeys: keys).map { (index, $0) }
        }
    }

    /// The request the call would send to `baseURL`, before the session adds its headers and credentials;
    /// or why `call` refuses it (a missing path parameter, with `checked` anything the document does not
    /// allow). Pure: nothing is sent and nothing read but the files items name, through `readFile`.
    public func request(baseURL: String, readFile: RawRequest.FileReader? = nil) throws(FacadeError) -> HTTPRequest {
        let endpoint = try self.endpoint(baseURL: baseURL, readFile: readFile)
        var headers = HTTPHeaders()
        for header in endpoint.headers { headers.set(header.name, header.value) }
        return HTTPRequest(method: endpoint.method, url: endpoint.url ?? baseURL, query: endpoint.query, headers: headers,
                           body: endpoint.body)
    }

    /// The endpoint `send` hands the pipeline.
    func endpoint(baseURL: String, readFile: RawRequest.FileReader?) throws(FacadeError) -> Endpoint<DecodedModel?> {
        try api.call(operation, arguments: arguments, baseURL: baseURL, checked: checked, readFile: readFile)
    }

    /// The value of an item that fills a declared credential parameter of the operation, if it is one.
    /// A parameter is one when it travels in a header or cookie under a credential-like name, or when an
    /// apiKey security scheme of the document names it (wherever it travels). Names match in any case,
    /// so a secret is never missed for its spelling.
    static func declaredSecret(_ item: String, of operation: OpenAPIOperation, apiKeys: Set<String>) -> String? {
        guard let (name, separator, value) = RequestItemSyntax.split(item), separator == .field else { return nil }
        let lowered = name.lowercased()
        guard let parameter = operation.parameters.first(where: { $0.name.lowercased() == lowered }) else { return nil }
        let credentialLike = (parameter.location == .header || parameter.location == .cookie)
            && (Redactor.isCredentialHeader(parameter.name) || Redactor.isCredentialName(parameter.name))
        guard credentialLike || apiKeys.contains(lowered) else { return nil }
        return value
    }

    /// The parameter names (lower-cased) that the document's apiKey security schemes use.
    static func apiKeyNames(of document: OpenAPIDocument) -> Set<String> {
        Set(document.securitySchemes.values.compactMap { scheme in
            if case .apiKey(let name, _) = scheme.kind { return name.lowercased() }
            return nil
        })
    }
}
