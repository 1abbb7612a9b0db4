import FoundationFree
import JSON

/// Reads a HAR 1.2 log (`log.entries[].request`): method, URL, headers (pseudo-headers and the ones the
/// transport writes left out), the body (`postData.text`, or its `params` as a form). Cookies and
/// credential headers become secrets the script reads from the environment.
struct HARReader {
    let source: ImportSource
    let root: JSONValue

    private static let transportHeaders: Set<String> = ["host", "content-length", "connection", "accept-encoding", "transfer-encoding"]

    func read() throws(ImportError) -> ImportedDocument {
        guard case .array(let entries)? = root["log"]?["entries"] else { throw ImportError(file: source.path, "a HAR file has log.entries") }
        guard entries.count <= source.limits.requests else { throw ImportError(file: source.path, "more than \(source.limits.requests) requests") }
        var document = ImportedDocument(format: .har)
        for entry in entries {
            guard let request = entry["request"], let method = request["method"]?.stringValue, let url = request["url"]?.stringValue else {
                throw ImportError(file: source.path, "an entry without request.method and request.url")
            }
            var imported = ImportedRequest(method: method.uppercased(), url: url)
            imported.query = Self.queryNotInURL(request["queryString"]?.arrayValue ?? [], url: url)
            var cookies: [String] = []
            for header in request["headers"]?.arrayValue ?? [] {
                guard let name = header["name"]?.stringValue, let value = header["value"]?.stringValue else { continue }
                if name.hasPrefix(":") || Self.transportHeaders.contains(name.lowercased()) { continue }
                if name.lowercased() == "cookie" { cookies.append(value); continue }
                imported.headers.append(NameValue(name, value))
            }
            if cookies.isEmpty {
                for cookie in request["cookies"]?.arrayValue ?? [] {
                    if let name = cookie["name"]?.stringValue, let value = cookie["value"]?.stringValue { cookies.append("\(name)=\(value)") }
                }
            }
            if !cookies.isEmpty { imported.headers.append(NameValue("Cookie", cookies.joined(separator: "; "))) }
            if let postData = request["postData"] {
                let mime = postData["mimeType"]?.stringValue ?? ""
                if let text = postData["text"]?.stringValue, !text.isEmpty {
                    imported.body = .text(text)
                } else if case .array(let params)? = postData["params"], !params.isEmpty {
                    let fields = params.compactMap { param -> MultipartField? in
                        guard let name = param["name"]?.stringValue else { return nil }
                        if let file = param["fileName"]?.stringValue { return MultipartField(name: name, value: "", file: file, contentType: param["contentType"]?.stringValue) }
                        return MultipartField(name: name, value: param["value"]?.stringValue ?? "")
                    }
                    if mime.hasPrefix("multipart/form-data") {
                        let files = fields.filter { $0.file != nil }
                        if !files.isEmpty {
                            imported.untranslated.append(Untranslated(kind: "HAR file part", text: files.map(\.name).joined(separator: ", ")))
                        }
                        imported.body = .multipart(fields.filter { $0.file == nil })
                        imported.headers.removeAll { $0.name.lowercased() == "content-type" }
                    } else {
                        imported.body = .form(fields.map { NameValue($0.name, $0.value ?? "") })
                        imported.headers.removeAll { $0.name.lowercased() == "content-type" }
                    }
                }
                if imported.body != nil, !mime.isEmpty, !imported.headers.contains(where: { $0.name.lowercased() == "content-type" }),
                   case .text = imported.body {
                    imported.headers.append(NameValue("Content-Type", mime))
                }
            }
            document.steps.append(.request(imported))
        }
        return document
    }

    /// The `queryString` parameters the URL does not already carry: a browser writes each in both, a tool
    /// (httpsnippet) may give some only in `queryString`.
    private static func queryNotInURL(_ parameters: [JSONValue], url: String) -> [NameValue] {
        var inURL: [NameValue] = []
        if let mark = url.firstIndex(of: "?") {
            for pair in url[url.index(after: mark)...].split(separator: "#").first?.split(separator: "&") ?? [] {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                inURL.append(NameValue(PercentEncoding.decode(parts[0], plusAsSpace: true), parts.count > 1 ? PercentEncoding.decode(parts[1], plusAsSpace: true) : ""))
            }
        }
        var missing: [NameValue] = []
        for parameter in parameters {
            guard let name = parameter["name"]?.stringValue else { continue }
            let pair = NameValue(name, parameter["value"]?.stringValue ?? "")
            if let found = inURL.firstIndex(of: pair) { inURL.remove(at: found) } else { missing.append(pair) }
        }
        return missing
    }
}
