/// Which path parameter of a paired operation is which in the other: by name first (so a moved path keeps
/// `content_reference_id` as itself when `owner` and `repo` are new), then by the segment the parameter
/// fills (`/pets/{petId}` → `/pets/{id}`, a rename). A parameter of the older template whose segment the
/// newer fills with one parameter that already has a partner was merged into it (`{base}...{head}` →
/// `{basehead}`): the values it carried travel in that one.
struct PathParameterPairing {
    /// The newer name of each older path parameter that has one.
    private(set) var partner: [String: String] = [:]
    /// Older path parameters folded into a newer one that stands for their whole segment.
    private(set) var merged: Set<String> = []

    init(_ a: OpenAPIOperation, _ b: OpenAPIOperation) {
        let namesA = a.pathParameterNames
        let namesB = b.pathParameterNames
        var takenB = Set<String>()
        for name in namesA where namesB.contains(name) {
            partner[name] = name
            takenB.insert(name)
        }
        let segmentsB = b.path.split(separator: "/", omittingEmptySubsequences: false)
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
}
