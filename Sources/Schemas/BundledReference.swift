import JSON

/// How a bundled multi-file document (APIDescriptions' `DocumentBundle`) keeps its other files, so a schema
/// message can name a reference as the document wrote it rather than as the bundle rewrote it.
package enum BundledReference {
    /// The root member that holds the other files.
    package static let member = "x-apish-documents"
    /// The root member that holds each other file's address, by the same keys.
    package static let addressMember = "x-apish-document-addresses"

    /// A reference as the document wrote it: `#/x-apish-documents/4/x` → `file:///etc/passwd#/x`; any other
    /// reference as it is.
    package static func written(_ reference: String, in document: JSONValue) -> String {
        let prefix = "#/" + member + "/"
        guard reference.hasPrefix(prefix) else { return reference }
        let rest = reference.dropFirst(prefix.count)
        let key = rest.prefix { $0 != "/" }
        guard case .string(let address)? = document[addressMember]?[String(key)] else { return reference }
        return address + "#" + rest.dropFirst(key.count)
    }
}
