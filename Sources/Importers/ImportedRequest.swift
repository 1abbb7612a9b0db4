/// One request of an imported file: what to send, then what to capture from the answer and check about it.
public struct ImportedRequest: Sendable, Equatable {
    /// A name the source gives it (`# @name login`, a Postman item's name, a `###` title).
    public var name: String?
    public var method: String
    /// The URL as written, variables as `{{name}}`, without the query parameters listed in `query`.
    public var url: String
    public var headers: [NameValue]
    public var query: [NameValue]
    public var body: ImportedBody?
    /// The status the answer must have (hurl's `HTTP 200`), nil for any.
    public var status: Int?
    public var captures: [ImportedCapture]
    public var assertions: [ImportedAssertion]
    public var untranslated: [Untranslated]

    public init(
        name: String? = nil, method: String, url: String, headers: [NameValue] = [], query: [NameValue] = [],
        body: ImportedBody? = nil, status: Int? = nil, captures: [ImportedCapture] = [], assertions: [ImportedAssertion] = [],
        untranslated: [Untranslated] = []
    ) {
        self.name = name
        self.method = method
        self.url = url
        self.headers = headers
        self.query = query
        self.body = body
        self.status = status
        self.captures = captures
        self.assertions = assertions
        self.untranslated = untranslated
    }
}

/// A header, a query or form parameter: a name and a value, both templates.
public struct NameValue: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A request body, as the source gave it.
public enum ImportedBody: Sendable, Equatable {
    /// Text (JSON, XML, plain), a template.
    case text(String)
    /// Bytes that are not text (hurl's `base64,…;` and `hex,…;`, a body file that is not UTF-8).
    case bytes([UInt8])
    /// `application/x-www-form-urlencoded` fields.
    case form([NameValue])
    /// `multipart/form-data` parts.
    case multipart([MultipartField])
}

/// One part of a multipart body: a text field, or a file read below the imported file's folder.
public struct MultipartField: Sendable, Equatable {
    public var name: String
    /// The text of a text part; nil for a file part.
    public var value: String?
    /// The path of a file part, as resolved (absolute).
    public var file: String?
    public var contentType: String?

    public init(name: String, value: String? = nil, file: String? = nil, contentType: String? = nil) {
        self.name = name
        self.value = value
        self.file = file
        self.contentType = contentType
    }
}
