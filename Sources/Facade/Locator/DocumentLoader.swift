import FoundationFree
import JSON
import Schemas
import HTTPClient
import HTTPTypes
import APIDescriptions
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches the documents locator entries name (`schema`, `openapi`), once per `locate`: a document
/// shared by several entries (`openapi.json#/components/schemas/A` and `…/B`, or one spec for two
/// entries) is fetched and parsed once, and a locator that is itself an OpenAPI document is not fetched
/// again. A document that cannot be loaded or understood is a warning naming the entry, not an error:
/// that service then works as generic JSON.
struct DocumentLoader {
    let fetcher: DocumentFetcher

    func documents(
        for locator: Locator, cancellation: CancellationToken?
    ) -> (documents: [ServiceKey: EntryDocuments], warnings: [String]) {
        var parsed: [String: Result<JSONValue, DocumentError>] = [:]
        var specs: [String: Result<LoadedDescription, DocumentError>] = [:]
        if let spec = locator.loadedDescription { specs[locator.source] = .success(spec) }
        var documents: [ServiceKey: EntryDocuments] = [:]
        var warnings: [String] = []
        var checkedTargets = Set<String>()
        func json(_ address: String) -> Result<JSONValue, DocumentError> {
            let document = parsed[address] ?? fetch(address, cancellation: cancellation)
            parsed[address] = document
            return document
        }
        for entry in locator.entries {
            if let reference = entry.schema {
                let (address, pointer) = Self.split(reference)
                do {
                    let document = try json(address).get()
                    documents[entry.key, default: EntryDocuments()].schema = try SchemaDocument(document: document, pointer: pointer, cancellation: cancellation)
                } catch {
                    warnings.append("\(entry.key): cannot use schema \(reference): \(error); showing it as generic JSON")
                }
            }
            if let reference = entry.openapi {
                let address = Self.split(reference).address
                let spec = specs[address] ?? description(at: address, json: json, cancellation: cancellation)
                specs[address] = spec
                switch spec {
                case .success(let description):
                    documents[entry.key, default: EntryDocuments()].openapi = description
                    // A document's mistakes, like where it sends requests, are told once however many entries use it.
                    if checkedTargets.insert(address).inserted {
                        warnings += Self.mistakes(description.summary.warnings, source: address, service: "\(entry.key)")
                        warnings += description.summary.serverTargetWarnings
                    }
                case .failure(let error):
                    documents[entry.key, default: EntryDocuments()].openapiProblem = error.description
                    warnings.append("\(entry.key): cannot use OpenAPI document \(reference): \(error); no ops or call, showing it as generic JSON")
                }
            }
        }
        return (documents, warnings)
    }

    /// How many of a document's published mistakes are said one by one; the rest are counted.
    static let mistakesShown = 20

    /// The mistakes a document was read past, as warnings: the first `mistakesShown`, then how many more.
    static func mistakes(_ all: [String], source: String, service: String) -> [String] {
        var lines = all.prefix(mistakesShown).map { "\(service): \($0)" }
        if all.count > mistakesShown {
            lines.append("\(service): \(all.count - mistakesShown) more mistakes read past in \(source) (\(all.count) in all)")
        }
        return lines
    }

    /// The OpenAPI document at `address`: known without reading it whole when it can be
    /// (`DocumentFetcher.descriptionWithoutWholeRead`), else read (and, when it is one file, its summary
    /// kept for the next load).
    private func description(
        at address: String, json: (String) -> Result<JSONValue, DocumentError>, cancellation: CancellationToken?
    ) -> Result<LoadedDescription, DocumentError> {
        if let known = fetcher.descriptionWithoutWholeRead(at: address, cancellation: cancellation) { return .success(known) }
        let read = json(address)
        let spec = Self.spec(read, source: address, cancellation: cancellation)
        if case .success(let document) = read, DescriptionCache.isOneFile(document), case .success(let description) = spec {
            fetcher.keepSummary(description.summary, of: address, cancellation: cancellation)
        }
        return spec
    }

    /// `doc.json#/components/schemas/Pet` → (`doc.json`, `#/components/schemas/Pet`).
    static func split(_ reference: String) -> (address: String, pointer: String?) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, nil) }
        let pointer = String(reference[hash...])
        return (String(reference[..<hash]), pointer == "#" ? nil : pointer)
    }

    /// An OpenAPI document read from the fetched document; bytes that are neither JSON nor YAML say so.
    private static func spec(_ json: Result<JSONValue, DocumentError>, source: String,
                             cancellation: CancellationToken?) -> Result<LoadedDescription, DocumentError> {
        switch json {
        case .failure(let error):
            if let detail = error.notJSON { return .failure(DocumentError(OpenAPIError.notJSON(detail).description)) }
            return .failure(error)
        case .success(let document):
            do {
                return .success(LoadedDescription(try OpenAPIDocument.parse(document, source: source, cancellation: cancellation)))
            } catch {
                return .failure(DocumentError(error.description))
            }
        }
    }

    /// The document at `address`, JSON or YAML, with the files its `$ref`s reach brought in.
    func fetch(_ address: String, cancellation: CancellationToken?) -> Result<JSONValue, DocumentError> {
        let document: JSONValue
        do {
            document = try APIDocumentText.parse(fetcher.fetch(address, cancellation: cancellation).data, cancellation: cancellation)
        } catch let error as LocatorError {
            return .failure(DocumentError(error.reason))
        } catch let error as APIDocumentTextError {
            return .failure(DocumentError("not JSON or YAML (\(error.description))", notJSON: error.description))
        } catch {
            return .failure(DocumentError("\(error)"))
        }
        do {
            return .success(try fetcher.bundle(document, source: address, cancellation: cancellation))
        } catch {
            return .failure(DocumentError(error.description))
        }
    }
}

/// Why a document could not be used: one line.
struct DocumentError: Error, CustomStringConvertible {
    let description: String
    /// The parser's complaint, when the bytes were neither JSON nor YAML.
    let notJSON: String?

    init(_ description: String, notJSON: String? = nil) {
        self.description = description
        self.notJSON = notJSON
    }
}
