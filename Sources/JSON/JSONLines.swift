#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree

/// JSON lines (NDJSON, `application/x-ndjson`): one JSON value a line. A body of them is read as one array
/// of its values, so paths (`let`, `expect`) see `[0].id` and `count`, and shown one value a line.
public enum JSONLines {
    /// Whether a content type says JSON lines: `application/x-ndjson`, `application/jsonl`, `…/jsonlines`.
    public static func isLinesContentType(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = (contentType.split(separator: ";").first.map(String.init) ?? contentType).trimmingWhitespace().lowercased()
        return ["application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
                "application/jsonlines", "application/json-seq"].contains(type)
    }

    /// The values of a body of JSON lines as one array document; nil when a line is not JSON, or when the
    /// body is not lines at all (no content type saying so, and fewer than two values). Blank lines are
    /// skipped. Call it for a body that did not parse as one value. A body `cutShort` (its stream ended by
    /// Ctrl-C) keeps only the lines that a newline finished.
    public static func document(
        _ data: Data, contentType: String?, cutShort: Bool = false, cancellation: CancellationToken? = nil
    ) -> JSONDocument? {
        let data = cutShort ? data.lastIndex(of: UInt8(ascii: "\n")).map { data[...$0] } ?? Data() : data
        let declared = isLinesContentType(contentType)
        // Only what starts like a JSON value is worth a second look.
        guard declared || data.first(where: { !isBlank($0) }).map({ $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) == true
        else { return nil }
        var array = Data([UInt8(ascii: "[")])
        array.reserveCapacity(data.count + 2)
        var count = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard line.contains(where: { !isBlank($0) }) else { continue }
            guard (try? JSONDocument.parse(Data(line), cancellation: cancellation)) != nil else { return nil }
            if count > 0 { array.append(UInt8(ascii: ",")) }
            array.append(contentsOf: line)
            count += 1
        }
        guard count >= (declared ? 0 : 2) else { return nil }
        array.append(UInt8(ascii: "]"))
        return try? JSONDocument.parse(array, cancellation: cancellation)
    }

    /// Whether `document` was made from `body` by `document(_:contentType:)` rather than parsed from it
    /// (a document parsed from a body holds those very bytes).
    public static func isLines(_ document: JSONDocument, of body: Data) -> Bool {
        document.data != body
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }
}
