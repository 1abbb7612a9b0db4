import JSON

/// `import`'s one entry: a file read, its format sniffed, and the document it holds.
public enum Importer {
    /// Reads `source` in the format its content says (nil: sniffed), with `environment` choosing the
    /// `.http` file's environment in `http-client.env.json`.
    public static func read(_ source: ImportSource, format: ImportFormat? = nil, environment: String? = nil) throws(ImportError) -> ImportedDocument {
        guard let format = format ?? ImportFormat.sniff(source.text, fileName: source.path) else {
            throw ImportError(file: source.path, "not a .http, .hurl, HAR or Postman collection file")
        }
        switch format {
        case .hurl:
            var reader = HurlReader(source: source)
            return try reader.read()
        case .http:
            return try HTTPFileReader(source: source, environment: environment).read()
        case .har, .postman:
            let root: JSONValue
            do {
                root = try JSONValue.parse(source.text)
            } catch {
                throw ImportError(file: source.path, "not JSON: \(error)")
            }
            return format == .har ? try HARReader(source: source, root: root).read() : try PostmanReader(source: source, root: root).read()
        }
    }
}
