import JSON
import Schemas

/// What the reader forgives, as peers do: a document is refused only when nothing in it can be used.
/// Each mistake is one warning naming its place, and the rest works:
/// - a parameter `in` other than path, query, header or cookie is left out;
/// - a second operation with an `operationId` already used is `ID_2` (then `_3`, …);
/// - an operation without `responses` takes any answer as it comes;
/// - an http security scheme without its `scheme` is kept as one apish cannot send;
/// - a schema `type` that names no JSON Schema type (`count`) is kept as a type no value is of;
/// - an operation (or a path) that cannot be read, by a `$ref` that leads nowhere above all, is left out,
///   one warning per reason however many operations it costs.
extension OpenAPIReader {
    /// How many operations a warning names before `…`.
    static let namedOperations = 3

    /// Runs `body`; a failure (but Ctrl-C) leaves out what it reads, `part`, and is remembered.
    mutating func usable(_ part: String, _ body: (inout OpenAPIReader) throws(OpenAPIError) -> Void) throws(OpenAPIError) {
        do {
            try body(&self)
        } catch {
            if case .schema(.cancelled) = error { throw error }
            if let index = unusable.firstIndex(where: { $0.reason == error }) {
                unusable[index].operations.append(part)
            } else {
                unusable.append((error, [part]))
            }
        }
    }

    /// A document none of whose operations could be read is refused, with the first reason.
    func finishLeniency(operations: [OpenAPIOperation]) throws(OpenAPIError) {
        if operations.isEmpty, let first = unusable.first { throw first.reason }
    }

    /// One line per reason something was left out.
    /// A security requirement naming a scheme `components.securitySchemes` does not declare.
    mutating func noteUndeclaredScheme(at pointer: JSONPointer) {
        warnings.append("\(place(pointer)): names a security scheme components.securitySchemes does not declare; apish cannot send it")
    }

    /// A schema whose `type` names no JSON Schema type: no value is of it, so nothing is sent or taken as it.
    mutating func noteUnknownTypes(_ names: [String], at pointer: JSONPointer) {
        let written = names.map { JSONValue.string($0).encoded() }.joined(separator: ", ")
        warnings.append("\(place(pointer.appending("type"))): type \(written) is not a JSON Schema type; no value is of it")
    }

    /// An http security scheme without its `scheme`.
    mutating func noteUnnamedHTTPScheme(at pointer: JSONPointer) {
        warnings.append("\(place(pointer)): an http security scheme without its scheme; apish cannot send it")
    }

    func unusableWarnings() -> [String] {
        unusable.map { reason, parts in
            let named = parts.prefix(Self.namedOperations).joined(separator: ", ") + (parts.count > Self.namedOperations ? ", …" : "")
            return "\(DocumentBundle.writtenPlaces(in: reason.description, document: document)); left out: \(named)" + (parts.count > 1 ? " (\(parts.count))" : "")
        }
    }

    mutating func noteMissingResponses(at pointer: JSONPointer) {
        warnings.append("\(place(pointer)): no responses; any answer is taken as it comes")
    }

    mutating func noteUnknownLocation(_ location: String, name: String, at pointer: JSONPointer) {
        warnings.append("\(place(pointer)): parameter \(name) is in \"\(location)\", not path, query, header or cookie; left out")
    }

    /// `id`, or `id_2`, `id_3`, … when an earlier operation has it.
    mutating func uniqueOperationId(_ id: String, at pointer: JSONPointer) -> String {
        guard !operationIds.insert(id).inserted else { return id }
        var suffix = 2
        while operationIds.contains("\(id)_\(suffix)") { suffix += 1 }
        let unique = "\(id)_\(suffix)"
        operationIds.insert(unique)
        warnings.append("\(place(pointer.appending("operationId"))): operationId \(id) is used by an earlier operation; this one is \(unique)")
        return unique
    }

    /// A pointer as the document wrote it: a bundled file's own address and pointer.
    func place(_ pointer: JSONPointer) -> String {
        DocumentBundle.written(pointer.description, in: document)
    }
}
