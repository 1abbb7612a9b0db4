import Importers
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// httpsnippet's HAR requests against the curl command httpsnippet writes for each (Fixtures/httpsnippet, see
/// SOURCE.md): the request apish imports has the same method, URL, headers and body as that curl.
@Suite struct HARCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/httpsnippet").path
    static let knownGaps: Set<String> = ["multipart-data", "multipart-file"]

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/requests")) ?? []).map { String($0.dropLast(5)) }.sorted()
    }

    @Test func eachImportedRequestEqualsHttpsnippetsCurl() throws {
        #expect(Self.names.count >= 15)
        var agreeing: [String] = []
        for name in Self.names {
            // GIVEN httpsnippet's request, as the one entry of a HAR log, and its curl
            let request = try String(contentsOfFile: Self.folder + "/requests/\(name).json", encoding: .utf8)
            // (one of them is a whole log already)
            let har = request.contains("\"entries\"") ? request : "{\"log\": {\"version\": \"1.2\", \"entries\": [{\"request\": \(request)}]}}"
            let curl = try CurlLine(String(contentsOfFile: Self.folder + "/curl/\(name).sh", encoding: .utf8))
            // WHEN apish imports it
            let document = try Importer.read(ImportSource(path: Self.folder + "/\(name).har", text: har))
            let imported = try #require(document.requests.first)
            // THEN the two say the same
            let ours = CurlLine.Request(imported)
            if ours == curl.request {
                agreeing.append(name)
            } else {
                #expect(Self.knownGaps.contains(name), "\(name):\n  httpsnippet: \(curl.request)\n  apish:       \(ours)")
            }
        }
        #expect(Set(agreeing).isDisjoint(with: Self.knownGaps), "a known gap now agrees: take it off the list")
        #expect(agreeing.count == Self.names.count - Self.knownGaps.count)
    }
}

/// A curl command as httpsnippet writes it (`--request`, `--url`, `--header`, `--cookie`, `--data`, `--form`),
/// read into the parts compared.
struct CurlLine {
    struct Request: Equatable, CustomStringConvertible {
        var method = "GET"
        /// The URL before `?`.
        var base = ""
        /// `name=value`, decoded, sorted: the same parameters whatever their order.
        var query: [String] = []
        /// `name: value`, names in lower case, sorted; a form's or multipart's content type left out (the
        /// body's kind says it).
        var headers: [String] = []
        var body: [String] = []

        var description: String { "\(method) \(base) query \(query) headers \(headers) body \(body)" }

        init() {}

        init(_ imported: ImportedRequest) {
            method = imported.method
            let (base, query) = Self.split(imported.url)
            self.base = base
            self.query = (query + imported.query.map { "\($0.name)=\($0.value)" }).sorted()
            headers = imported.headers.map { "\($0.name.lowercased()): \($0.value)" }
            switch imported.body {
            case nil: break
            case .text(let text): body = ["data " + text]
            case .bytes(let bytes): body = ["bytes \(bytes.count)"]
            case .form(let fields): body = fields.map { "data \($0.name)=\($0.value)" }
            case .multipart(let fields): body = fields.map { "form \($0.name)=" + ($0.file.map { "@" + $0 } ?? $0.value ?? "") }
            }
            normalise()
        }

        mutating func normalise() {
            if body.first?.hasPrefix("form ") == true || body.first.map({ $0.hasPrefix("data ") && headers.contains("content-type: application/x-www-form-urlencoded") }) == true
                || headers.contains(where: { $0.hasPrefix("content-type: multipart/") }) {
                headers.removeAll { $0.hasPrefix("content-type: multipart/") || $0 == "content-type: application/x-www-form-urlencoded" }
            }
            headers.sort()
        }

        static func split(_ url: String) -> (String, [String]) {
            guard let mark = url.firstIndex(of: "?") else { return (url, []) }
            let query = url[url.index(after: mark)...].split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(FormDecoding.decoded)
                return parts.joined(separator: "=")
            }
            return (String(url[..<mark]), query)
        }
    }

    let request: Request


    init(_ text: String) throws {
        let words = try Self.words(text)
        var request = Request()
        var index = 1
        while index + 1 < words.count {
            let (option, value) = (words[index], words[index + 1])
            index += 2
            switch option {
            case "--request": request.method = value
            case "--url":
                let (base, query) = Request.split(value)
                request.base = base
                request.query = query.sorted()
            case "--header":
                let colon = value.firstIndex(of: ":") ?? value.endIndex
                let rest = value[colon...].dropFirst().drop { $0 == " " }
                request.headers.append(value[..<colon].lowercased() + ": " + rest)
            case "--cookie": request.headers.append("cookie: " + value)
            case "--data", "--data-raw": request.body.append("data " + value)
            case "--form": request.body.append("form " + value)
            default: throw CurlError(message: "option \(option) not read")
            }
        }
        request.normalise()
        self.request = request
    }

    struct CurlError: Error { let message: String }

    /// The words of a POSIX shell line: `'…'`, `"…"` (with `\"`), `\`-newline continuations.
    static func words(_ text: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "'":
                inWord = true
                while let next = characters.popFirst(), next != "'" { current.append(next) }
            case "\"":
                inWord = true
                while let next = characters.popFirst(), next != "\"" {
                    if next == "\\", let escaped = characters.popFirst() { current.append(escaped) } else { current.append(next) }
                }
            case "\\":
                if let next = characters.popFirst(), next != "\n" { current.append(next); inWord = true }
            case " ", "\n", "\t":
                if inWord { words.append(current); current = ""; inWord = false }
            default:
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
