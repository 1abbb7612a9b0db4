import Foundation

/// Fetches the documents locator entries name (`schema`), once per `locate`: a document shared by
/// several entries (`openapi.json#/components/schemas/A` and `…/B`) is fetched and parsed once.
/// A document that cannot be loaded or understood is a warning naming the entry, not an error:
/// that service then works as generic JSON.
struct DocumentLoader {
    let transport: any Transport

    func documents(
        for locator: Locator, cancellation: CancellationToken?
    ) -> (documents: [ServiceKey: EntryDocuments], warnings: [String]) {
        var parsed: [String: Result<JSONValue, DocumentError>] = [:]
        var documents: [ServiceKey: EntryDocuments] = [:]
        var warnings: [String] = []
        for entry in locator.entries {
            guard let reference = entry.schema else { continue }
            let (address, pointer) = Self.split(reference)
            let document = parsed[address] ?? fetch(address, cancellation: cancellation)
            parsed[address] = document
            do {
                let json = try document.get()
                documents[entry.key, default: EntryDocuments()].schema = try SchemaDocument(document: json, pointer: pointer)
            } catch {
                warnings.append("\(entry.key): cannot use schema \(reference): \(error); showing it as generic JSON")
            }
        }
        return (documents, warnings)
    }

    /// `doc.json#/components/schemas/Pet` → (`doc.json`, `#/components/schemas/Pet`).
    static func split(_ reference: String) -> (address: String, pointer: String?) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, nil) }
        let pointer = String(reference[hash...])
        return (String(reference[..<hash]), pointer == "#" ? nil : pointer)
    }

    private func fetch(_ address: String, cancellation: CancellationToken?) -> Result<JSONValue, DocumentError> {
        do {
            let data = try LocatorLoader(transport: transport).fetch(address, cancellation: cancellation)
            return .success(try JSONValue.parse(data))
        } catch let error as LocatorError {
            if case .load(_, let reason) = error { return .failure(DocumentError(reason)) }
            return .failure(DocumentError(error.description))
        } catch let error as JSONParseError {
            return .failure(DocumentError("not JSON (\(error.description))"))
        } catch {
            return .failure(DocumentError("\(error)"))
        }
    }
}

/// Why a document could not be used: one line.
struct DocumentError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
