/// Whether every URL one path template matches is matched by another: what tells a path that moved (a
/// client's URLs stop working) from one respelled (`/compare/{base}...{head}` → `/compare/{basehead}`,
/// which `/compare/main...dev` still fits).
///
/// Segment by segment: equal literal text matches itself; a segment that is one parameter, free of a
/// `pattern`, an `enum` or a format (`unconstrained`), matches any non-empty text, so it covers any
/// segment of the other template. Anything else must be written the same way.
enum PathURLCoverage {
    /// Whether `outer` matches every URL `inner` does.
    static func covers(_ outer: String, _ inner: String, unconstrained: (String) -> Bool) -> Bool {
        let segmentsOuter = outer.split(separator: "/", omittingEmptySubsequences: false)
        let segmentsInner = inner.split(separator: "/", omittingEmptySubsequences: false)
        guard segmentsOuter.count == segmentsInner.count else { return false }
        for (segmentOuter, segmentInner) in zip(segmentsOuter, segmentsInner) {
            if let name = loneParameter(segmentOuter), unconstrained(name), !segmentInner.isEmpty { continue }
            guard shape(segmentOuter) == shape(segmentInner) else { return false }
        }
        return true
    }

    /// `name` of a segment that is `{name}` and nothing else.
    static func loneParameter(_ segment: Substring) -> String? {
        guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 else { return nil }
        let name = segment.dropFirst().dropLast()
        return name.contains("{") || name.contains("}") ? nil : String(name)
    }

    /// The index of the segment that holds `{name}`, if one does.
    static func segment(of name: String, in template: String) -> Int? {
        template.split(separator: "/", omittingEmptySubsequences: false).firstIndex { $0.contains("{\(name)}") }
    }

    /// A template (or one segment of it) with each `{name}` made `{}`.
    static func shape(_ segment: Substring) -> String {
        // An ASCII segment by its bytes, where a character is a byte (characters cost a spec diff 1.1%).
        if segment.utf8.allSatisfy({ $0 < 0x80 }) {
            var shape: [UInt8] = []
            shape.reserveCapacity(segment.utf8.count)
            var inName = false
            for byte in segment.utf8 {
                if byte == UInt8(ascii: "{") {
                    inName = true
                    shape += [UInt8(ascii: "{"), UInt8(ascii: "}")]
                } else if byte == UInt8(ascii: "}") {
                    inName = false
                } else if !inName {
                    shape.append(byte)
                }
            }
            return String(decoding: shape, as: UTF8.self)
        }
        var shape = ""
        var inName = false
        for character in segment {
            if character == "{" {
                inName = true
                shape += "{}"
            } else if character == "}" {
                inName = false
            } else if !inName {
                shape.append(character)
            }
        }
        return shape
    }
}
