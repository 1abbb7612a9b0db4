/// Which path parameter of a paired operation is which in the other: by name first (so a moved path keeps
/// `content_reference_id` as itself when `owner` and `repo` are new), then by the segment the parameter
/// fills (`/pets/{petId}` → `/pets/{id}`, a rename). A parameter of the older template whose segment the
/// newer fills with one parameter that already has a partner was merged into it (`{base}...{head}` →
/// `{basehead}`): the values it carried travel in that one.
/// `diff --spec` and `impact` pair path parameters by it.
package struct PathParameterPairing: Sendable {
    /// The newer name of each older path parameter that has one.
    package private(set) var partner: [String: String] = [:]
    /// Older path parameters folded into a newer one that stands for their whole segment.
    package private(set) var merged: Set<String> = []

    package init(_ a: OpenAPIOperation, _ b: OpenAPIOperation) {
        let namesA = a.pathParameterNames
        let namesB = b.pathParameterNames
        var takenB = Set<String>()
        for name in namesA where namesB.contains(name) {
            partner[name] = name
            takenB.insert(name)
        }
        let segmentsB = PathTemplate.segmentTexts(of: b.path[...])
        for name in namesA where partner[name] == nil {
            guard let segment = PathURLCoverage.segment(of: name, in: a.path) else { continue }
            let inSegment = namesB.filter { PathURLCoverage.segment(of: $0, in: b.path) == segment }
            if let free = inSegment.first(where: { !takenB.contains($0) }) {
                partner[name] = free
                takenB.insert(free)
            } else if segment < segmentsB.count, let lone = PathURLCoverage.loneParameter(segmentsB[segment]), takenB.contains(lone) {
                merged.insert(name)
            }
        }
    }

    /// The older template's segment that a newer parameter standing for several older ones fills
    /// (`{base}...{head}` for `basehead`), with the older parameters in it; nil when it stands for one.
    package func mergedSegment(of newName: String, in a: OpenAPIOperation) -> (segment: String, names: [String])? {
        guard let first = partner.first(where: { $0.value == newName })?.key,
              let index = PathURLCoverage.segment(of: first, in: a.path) else { return nil }
        let segment = String(PathTemplate.segmentTexts(of: a.path[...])[index])
        let names = a.pathParameterNames.filter { PathURLCoverage.segment(of: $0, in: a.path) == index }
        return names.contains(where: merged.contains) ? (segment, names) : nil
    }
}
