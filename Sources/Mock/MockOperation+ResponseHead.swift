import APIDescriptions
import HTTPServer
import JSON
import Schemas

extension MockOperation.Response {
    /// Reads what of the response can reach the head: the declared headers whose name is an HTTP token,
    /// that do not frame the message (the server writes Content-Length, Transfer-Encoding and Connection)
    /// and whose value holds no control character; the `content` keys that can be a Content-Type; and the
    /// declared examples the schema refuses. Returns a warning for each thing left out or served anyway.
    mutating func readHead(in document: RawDocument, schema: JSONSchema?, seed: String, operation: String) -> [String] {
        var warnings: [String] = []
        let place = "\(operation): response \(key)"
        var generator = ValueGenerator(document: document, seed: "\(seed) \(key)")
        if case .object(let declared)? = written["headers"] {
            for (name, header) in declared where name.lowercased() != "content-type" {
                let header = document.resolved(header)
                let value = MockAnswer.headerValue(header, in: document, generator: &generator)
                if let problem = HTTPFieldSyntax.problem(name: name, value: value) {
                    warnings.append("\(place): header \(Self.quoted(name)) is not sent: \(problem)")
                    continue
                }
                headers.append((name, header))
            }
        }
        guard case .object(let content)? = written["content"] else { return warnings }
        for (mediaType, media) in content {
            guard !mediaType.isEmpty, HTTPFieldSyntax.isValue(mediaType), mediaType.trimmedHTTPWhitespace == mediaType else {
                warnings.append("\(place): media type \(Self.quoted(mediaType)) is not served: it cannot be a Content-Type")
                continue
            }
            mediaTypes.append(mediaType)
            let media = document.resolved(media)
            guard let schema, MockAnswer.isJSON(mediaType),
                  let example = media?["example"] ?? MockAnswer.firstExample(media?["examples"], in: document),
                  let failure = schema.validate(example, limit: 1).first
            else { continue }
            let problem = MockHeadText.fieldValue(failure.description)
            exampleProblems[mediaType] = problem
            warnings.append("\(place): the \(mediaType) example fails its own schema (\(problem)); it is served as written, with X-Mock-Warning")
        }
        return warnings
    }

    /// A name as JSON writes it, so a control character in it shows as an escape.
    private static func quoted(_ text: String) -> String {
        JSONValue.string(text).encoded()
    }
}
