/// RFC 3986 reference resolution for `$id`, `$ref`, `$anchor` and `$dynamicRef`: a base URI and a reference
/// make an absolute URI, which names a schema resource of the document bundle (and a fragment in it).
/// Nothing here fetches: a URI is only a name, looked up among the resources the document holds.
/// URNs (`urn:uuid:…`) resolve like any URI without an authority.
package enum SchemaURI {
    struct Parts: Equatable {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?
    }

    static func parse(_ text: String) -> Parts {
        var rest = Substring(text)
        var parts = Parts(path: "")
        if let hash = rest.firstIndex(of: "#") {
            parts.fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            parts.query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), isScheme(rest[..<colon]) {
            parts.scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            parts.authority = String(rest[..<end])
            rest = rest[end...]
        }
        parts.path = String(rest)
        return parts
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    static func format(_ parts: Parts) -> String {
        var text = ""
        if let scheme = parts.scheme { text += scheme + ":" }
        if let authority = parts.authority { text += "//" + authority }
        text += parts.path
        if let query = parts.query { text += "?" + query }
        if let fragment = parts.fragment { text += "#" + fragment }
        return text
    }

    /// `reference` resolved against `base` (RFC 3986 §5.2.2).
    package static func resolve(_ reference: String, against base: String) -> String {
        // A fragment alone (`#/components/schemas/Pet`, nearly every `$ref`) keeps all of the base but its
        // fragment: what the general case gives, without taking either apart.
        if reference.utf8.first == UInt8(ascii: "#") {
            guard let hash = firstHash(in: base) else { return base + reference }
            return String(base[..<hash]) + reference
        }
        return resolveInParts(reference, against: base)
    }

    /// Where the first `#` character of `text` is: found by its byte when that byte is a character alone
    /// (ASCII on both sides, so no mark joins it), which it always is in a URI; else by character, which
    /// walks grapheme clusters (14,000 instructions for a `$ref` of a file's description).
    private static func firstHash(in text: String) -> String.Index? {
        guard let hash = text.utf8.firstIndex(of: UInt8(ascii: "#")) else { return nil }
        let next = text.utf8.index(after: hash)
        let aloneAfter = next == text.utf8.endIndex || text.utf8[next] < 0x80
        let aloneBefore = hash == text.utf8.startIndex || text.utf8[text.utf8.index(before: hash)] < 0x80
        return aloneBefore && aloneAfter ? hash : text.firstIndex(of: "#")
    }

    /// `resolve` by the RFC's steps, each part taken apart.
    static func resolveInParts(_ reference: String, against base: String) -> String {
        let ref = parse(reference)
        let base = parse(base)
        var target = Parts(path: "")
        if ref.scheme != nil {
            target = ref
            target.path = removeDotSegments(ref.path)
        } else {
            if ref.authority != nil {
                target.authority = ref.authority
                target.path = removeDotSegments(ref.path)
                target.query = ref.query
            } else {
                if ref.path.isEmpty {
                    target.path = base.path
                    target.query = ref.query ?? base.query
                } else {
                    if ref.path.hasPrefix("/") {
                        target.path = removeDotSegments(ref.path)
                    } else {
                        target.path = removeDotSegments(merge(base, ref.path))
                    }
                    target.query = ref.query
                }
                target.authority = base.authority
            }
            target.scheme = base.scheme
        }
        target.fragment = ref.fragment
        return format(target)
    }

    /// The URI without its fragment, and the fragment (empty when none).
    package static func split(_ uri: String) -> (resource: String, fragment: String) {
        guard let hash = firstHash(in: uri) else { return (uri, "") }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }

    private static func merge(_ base: Parts, _ path: String) -> String {
        if base.authority != nil, base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    private static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        let absolute = input.hasPrefix("/")
        if absolute { input = input.dropFirst() }
        let segments = input.split(separator: "/", omittingEmptySubsequences: false)
        for (offset, segment) in segments.enumerated() {
            let last = offset == segments.count - 1
            switch segment {
            case ".":
                if last { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            default:
                output.append(segment)
            }
        }
        return (absolute ? "/" : "") + output.joined(separator: "/")
    }
}
