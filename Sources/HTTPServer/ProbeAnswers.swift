#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON

/// Answers that tell a client what it sent, or test how it copes with a big body: the demo server's
/// `/echo`, `/cookies` and `/faults/huge`, and the same routes of the tests' loopback server.
package enum ProbeAnswers {
    /// The request as the server saw it: `{"method","path","query","headers","body"}`, with `form` for a
    /// form body and `json` for a JSON one. Header names are lower-cased and a repeated header's values
    /// joined with ", " as HTTP allows; of a repeated query or form name the first value is kept. The path
    /// is the one requested, still percent-encoded.
    package static func echo(_ request: HTTPRequest) -> HTTPResponse {
        var members: [(String, JSONValue)] = [
            ("method", .string(request.method)),
            ("path", .string(request.path)),
            ("query", firstWins(request.query)),
            ("headers", headers(of: request)),
            ("body", .string(String(decoding: request.body, as: UTF8.self))),
        ]
        let contentType = (request.header("Content-Type") ?? "").lowercased()
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            let text = String(decoding: request.body, as: UTF8.self)
            members.append(("form", firstWins(URLEncoding.decodeForm(Substring(text)))))
        }
        // A byte order mark some editors write is no part of the document.
        let document = request.body.starts(with: [0xEF, 0xBB, 0xBF]) ? request.body.dropFirst(3) : request.body[...]
        if contentType.contains("json"), let json = try? JSONValue.parse(Data(document)) {
            members.append(("json", json))
        }
        return .json(.object(JSONObject(members)))
    }

    /// `{"cookies":{NAME:VALUE,…}}`: the cookies of the request's `Cookie` headers, the first of a repeated
    /// name kept.
    package static func cookies(_ request: HTTPRequest) -> HTTPResponse {
        var members: [(String, JSONValue)] = []
        for field in request.headers where field.name.lowercased() == "cookie" {
            for pair in field.value.split(separator: ";") {
                let text = pair.trimmedHTTPWhitespace
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { continue }
                let name = String(text[..<equals])
                guard !members.contains(where: { $0.0 == name }) else { continue }
                members.append((name, .string(String(text[text.index(after: equals)...]))))
            }
        }
        return .json(.object(JSONObject([("cookies", .object(JSONObject(members)))])))
    }

    /// `mebibytes` MiB of valid JSON (`{"bytes":N,"padding":"xxx…"}`) with its Content-Length, written
    /// 64 KiB at a time rather than held in memory.
    package static func huge(mebibytes: Int) -> HTTPResponse {
        let length = mebibytes * 1_048_576
        let prefix = Array(#"{"bytes":\#(length),"padding":""#.utf8)
        let suffix = Array(#""}"#.utf8)
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: .stream(length: length) { writer in
            try writer.write(prefix)
            var remaining = length - prefix.count - suffix.count
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
            while remaining > 0 {
                let count = min(remaining, block.count)
                try writer.write(block[0..<count])
                remaining -= count
            }
            try writer.write(suffix)
        })
    }

    private static func headers(of request: HTTPRequest) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for header in request.headers {
            let name = header.name.lowercased()
            if let index = members.firstIndex(where: { $0.0 == name }), case .string(let earlier) = members[index].1 {
                members[index].1 = .string(earlier + ", " + header.value)
            } else {
                members.append((name, .string(header.value)))
            }
        }
        return .object(JSONObject(members))
    }

    private static func firstWins(_ pairs: [(name: String, value: String)]) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for pair in pairs where !members.contains(where: { $0.0 == pair.name }) {
            members.append((pair.name, .string(pair.value)))
        }
        return .object(JSONObject(members))
    }
}
