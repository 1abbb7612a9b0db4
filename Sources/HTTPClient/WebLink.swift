import HTTPTypes
/// One link of a `Link` header (RFC 8288 §3): a target and its parameters, `rel` split into its relation
/// types (lower-cased: they compare case-insensitively).
public struct WebLink: Sendable, Equatable {
    /// The URI reference between `<` and `>`, as written (maybe relative).
    public var target: String
    /// The relation types of `rel` (`rel="next last"` → `["next", "last"]`).
    public var relations: [String]
    /// Every parameter in order, names lower-cased, values unquoted.
    public var parameters: [(name: String, value: String)]

    public static func == (lhs: WebLink, rhs: WebLink) -> Bool {
        lhs.target == rhs.target && lhs.relations == rhs.relations
            && lhs.parameters.map(\.name) == rhs.parameters.map(\.name) && lhs.parameters.map(\.value) == rhs.parameters.map(\.value)
    }

    /// The links of every `Link` field value, in order. A malformed link is skipped up to the next comma
    /// outside quotes and brackets; the rest are kept.
    public static func parse(_ values: [String]) -> [WebLink] {
        values.flatMap { parse(field: $0) }
    }

    /// The target of the first link whose relations hold `relation`.
    public static func target(relation: String, in values: [String]) -> String? {
        let wanted = relation.lowercased()
        return parse(values).first { $0.relations.contains(wanted) }?.target
    }

    private static func parse(field: String) -> [WebLink] {
        var links: [WebLink] = []
        var scanner = Scanner(Array(field.unicodeScalars))
        while !scanner.atEnd {
            scanner.skip { $0 == " " || $0 == "\t" || $0 == "," }
            guard !scanner.atEnd else { break }
            guard scanner.take("<"), let target = scanner.until(">") else {
                scanner.skipLink()
                continue
            }
            var link = WebLink(target: target, relations: [], parameters: [])
            while true {
                scanner.skip { $0 == " " || $0 == "\t" }
                guard scanner.take(";") else { break }
                scanner.skip { $0 == " " || $0 == "\t" }
                let name = scanner.token().lowercased()
                scanner.skip { $0 == " " || $0 == "\t" }
                var value = ""
                if scanner.take("=") {
                    scanner.skip { $0 == " " || $0 == "\t" }
                    value = scanner.peek == "\"" ? scanner.quoted() : scanner.token()
                }
                guard !name.isEmpty else { continue }
                link.parameters.append((name, value))
                // Only the first `rel` counts (RFC 8288 §3.3).
                if name == "rel", !link.parameters.dropLast().contains(where: { $0.name == "rel" }) {
                    link.relations = value.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                }
            }
            links.append(link)
            scanner.skipLink()
        }
        return links
    }

    /// A cursor over the scalars of one field value.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        mutating func skip(while matches: (Unicode.Scalar) -> Bool) {
            while let scalar = peek, matches(scalar) { index += 1 }
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard peek == scalar else { return false }
            index += 1
            return true
        }

        /// Up to (and past) `end`; nil when it never comes.
        mutating func until(_ end: Unicode.Scalar) -> String? {
            guard let close = scalars[index...].firstIndex(of: end) else { return nil }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[index..<close])
            index = close + 1
            return String(text)
        }

        /// An RFC 9110 token (or anything up to a delimiter, leniently).
        mutating func token() -> String {
            var text = String.UnicodeScalarView()
            while let scalar = peek, !";,= \t\"".unicodeScalars.contains(scalar) {
                text.append(scalar)
                index += 1
            }
            return String(text)
        }

        /// A quoted-string, `\` escapes undone.
        mutating func quoted() -> String {
            var text = String.UnicodeScalarView()
            index += 1
            while let scalar = peek {
                index += 1
                if scalar == "\"" { break }
                if scalar == "\\", let next = peek {
                    text.append(next)
                    index += 1
                } else {
                    text.append(scalar)
                }
            }
            return String(text)
        }

        /// To just past the next comma outside quotes and angle brackets: the end of this link.
        mutating func skipLink() {
            var inQuotes = false, inBrackets = false
            while let scalar = peek {
                index += 1
                if inQuotes {
                    if scalar == "\\" { index += 1 } else if scalar == "\"" { inQuotes = false }
                } else if inBrackets {
                    if scalar == ">" { inBrackets = false }
                } else if scalar == "\"" {
                    inQuotes = true
                } else if scalar == "<" {
                    inBrackets = true
                } else if scalar == "," {
                    return
                }
            }
        }
    }
}

/// RFC 3986 §5.2 resolution of a URI reference (a `Location`, a `Link` target, a `next` URL in a body)
/// against the URL it came with.
public enum URLReference {
    public static func resolve(_ reference: String, against base: String) -> String? {
        RedirectPolicy.resolve(reference, against: base)
    }
}
