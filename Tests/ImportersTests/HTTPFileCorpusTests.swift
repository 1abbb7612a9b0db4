import Importers
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `.http` files of two public corpora imported one by one, their request lists (method and URL, in order)
/// checked against a table: tree-sitter-http's test cases, counted from their expected parse trees, and
/// httpyac's examples (Fixtures/tree-sitter-http, Fixtures/httpyac, see SOURCE.md in each).
@Suite struct HTTPFileCorpusTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// The table's rows: a key (`file` or `file<TAB>case`) and `METHOD URL`, `-` for a case with no request.
    static func table(_ folder: String, keyColumns: Int) throws -> [(key: String, requests: [String])] {
        let text = try String(contentsOfFile: fixtures + "/" + folder + "/requests.tsv", encoding: .utf8)
        var rows: [(key: String, requests: [String])] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let key = columns.prefix(keyColumns).joined(separator: "\t")
            let request = columns.dropFirst(keyColumns).joined(separator: "\t")
            if rows.last?.key != key { rows.append((key, [])) }
            if request != "-" { rows[rows.count - 1].requests.append(request) }
        }
        return rows
    }

    /// A request as `METHOD URL`, its query parameters written back into the URL.
    static func line(_ request: ImportedRequest) -> RequestLine {
        RequestLine(method: request.method, url: request.url, query: request.query.map { [$0.name, $0.value] })
    }

    /// `METHOD URL` from the table, its query read as a form would (`+` a space, `%XX` decoded, a name
    /// without `=` an empty value); a URL with a fragment keeps its query.
    static func line(_ text: String) -> RequestLine {
        let space = text.firstIndex(of: " ") ?? text.endIndex
        let method = String(text[..<space])
        let url = String(text[space...].dropFirst())
        guard let mark = url.firstIndex(of: "?"), !url.contains("#") else { return RequestLine(method: method, url: url, query: []) }
        let query = url[url.index(after: mark)...].split(separator: "&").map { pair -> [String] in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return [FormDecoding.decoded(parts[0]), parts.count > 1 ? FormDecoding.decoded(parts[1]) : ""]
        }
        return RequestLine(method: method, url: String(url[..<mark]), query: query)
    }


    struct RequestLine: Equatable, CustomStringConvertible {
        let method: String
        let url: String
        let query: [[String]]
        var description: String { "\(method) \(url)\(query.isEmpty ? "" : "?")\(query.map { $0.joined(separator: "=") }.joined(separator: "&"))" }
    }

    /// The cases of a tree-sitter corpus file: name, source (what lies between the `===` header and `---`).
    static func cases(_ text: String) -> [(name: String, source: String)] {
        var cases: [(name: String, source: String)] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        func isRule(_ line: Substring, _ character: Character) -> Bool { line.count >= 3 && line.allSatisfy { $0 == character } }
        while index < lines.count {
            guard isRule(lines[index], "=") else { index += 1; continue }
            index += 1
            var name: [Substring] = []
            while index < lines.count, !isRule(lines[index], "=") { name.append(lines[index]); index += 1 }
            index += 1
            var source: [Substring] = []
            while index < lines.count, !isRule(lines[index], "-") { source.append(lines[index]); index += 1 }
            cases.append((name.joined(separator: " "), source.joined(separator: "\n")))
            while index < lines.count, !isRule(lines[index], "=") { index += 1 }
        }
        return cases
    }

    @Test func everyTreeSitterCaseImportsTheRequestsOfItsExpectedTree() throws {
        // GIVEN tree-sitter-http's corpus and the request list of each case
        let folder = Self.fixtures + "/tree-sitter-http"
        let expected = try Self.table("tree-sitter-http", keyColumns: 2)
        var seen = 0
        for file in ["body", "hard_test", "request", "response", "variables"] {
            let text = try String(contentsOfFile: folder + "/" + file + ".txt", encoding: .utf8)
            for (name, source) in Self.cases(text) {
                // WHEN apish imports the case's source as a .http file beside the corpus
                let document = try Importer.read(ImportSource(path: folder + "/\(file)-case.http", text: source), format: .http)
                // THEN it has the requests of the expected tree, method and URL
                let key = "\(file).txt\t\(name)"
                guard let row = expected.first(where: { $0.key == key }) else {
                    Issue.record("\(key): not in requests.tsv")
                    continue
                }
                seen += 1
                #expect(document.requests.map(Self.line) == row.requests.map(Self.line), "\(key)")
            }
        }
        #expect(seen == expected.count && seen >= 35)
    }

    @Test func everyHttpyacExampleImportsItsRequests() throws {
        // GIVEN httpyac's examples and the request list of each
        let folder = Self.fixtures + "/httpyac"
        let expected = try Self.table("httpyac", keyColumns: 1)
        #expect(expected.count >= 75)
        var requests = 0
        for row in expected {
            // WHEN apish imports the file
            let document = try Importer.read(ImportSource.read(folder + "/" + row.key), format: .http)
            // THEN its requests are the table's, in order
            #expect(document.requests.map(Self.line) == row.requests.map(Self.line), "\(row.key)")
            requests += row.requests.count
        }
        #expect(requests >= 140)
    }
}
