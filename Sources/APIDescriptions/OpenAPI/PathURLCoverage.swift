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
        let segmentsOuter = PathTemplate.segmentTexts(of: outer[...])
        let segmentsInner = PathTemplate.segmentTexts(of: inner[...])
        guard segmentsOuter.count == segmentsInner.count else { return false }
        for (segmentOuter, segmentInner) in zip(segmentsOuter, segmentsInner) {
            if let name = loneParameter(segmentOuter), unconstrained(name), !segmentInner.isEmpty { continue }
            guard shape(segmentOuter) == shape(segmentInner) else { return false }
        }
        return true
    }

    /// `name` of a segment that is `{name}` and nothing else.
    static func loneParameter(_ segment: Substring) -> String? {
        var name: Substring?
        var pieces = 0
        PathTemplate.scan(segment, literal: { _ in pieces += 1 }, parameter: { name = $0; pieces += 1 })
        return pieces == 1 ? name.map(String.init) : nil
    }

    /// The index of the segment that holds `{name}`, if one does.
    static func segment(of name: String, in template: String) -> Int? {
        PathTemplate.segmentTexts(of: template[...]).firstIndex { segment in
            var holds = false
            PathTemplate.scan(segment, literal: { _ in }, parameter: { if $0 == name { holds = true } })
            return holds
        }
    }

    /// A template (or one segment of it) with each `{name}` made `{}`.
    static func shape(_ segment: Substring) -> String {
        var shape = ""
        shape.reserveCapacity(segment.utf8.count)
        PathTemplate.scan(segment, literal: { shape += $0 }, parameter: { _ in shape += "{}" })
        return shape
    }
}
