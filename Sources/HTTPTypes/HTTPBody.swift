import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The body of a request, with the content type it implies.
///
/// The bodies with a type or a path beside their bytes are boxed (`indirect`): every request holds a body,
/// nearly always `none`, and is copied several times on its way to libcurl, so the value stays two words.
public enum HTTPBody: Sendable, Equatable {
    /// No body at all (not even `Content-Length: 0` for GET).
    case none
    /// Form fields sent as `application/x-www-form-urlencoded`, in order.
    case form([FormField])
    /// Already-encoded JSON.
    case json(Data)
    /// Any bytes with an explicit content type.
    indirect case raw(Data, contentType: String)
    /// A file's bytes (`@FILE`, `< FILE`) with their content type, and the file as the user named it (the
    /// `curl` export sends it as `--data-binary @FILE`).
    indirect case file(Data, contentType: String, path: String)
    /// `multipart/form-data`: text fields and files, in order; libcurl's MIME API encodes them.
    case multipart([MultipartPart])

    /// The `Content-Type` this body is sent with, or nil for `.none`.
    public var contentType: String? {
        switch self {
        case .none: nil
        case .form: "application/x-www-form-urlencoded"
        case .json: "application/json"
        case .raw(_, let contentType), .file(_, let contentType, _): contentType
        case .multipart: "multipart/form-data"
        }
    }

    /// The bytes sent on the wire; for a multipart body, which libcurl encodes, one line per part
    /// (`MultipartPart.summary`), as `verbose` shows it.
    public var data: Data {
        switch self {
        case .none: Data()
        case .form(let fields): Data(FormEncoding.encode(fields).utf8)
        case .json(let data): data
        case .raw(let data, _), .file(let data, _, _): data
        case .multipart(let parts): Data(parts.map(\.summary).joined(separator: "\n").utf8)
        }
    }

    public var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }
}
