import HTTPServer
/// An `Accept` header read as media ranges with their weights (RFC 9110 §12.5.1), enough to pick one of
/// a few exact media types.
struct AcceptHeader {
    /// One media range: `type/subtype` in lower case (parameters other than `q` dropped) and its weight.
    struct Range: Equatable {
        let mediaType: String
        let quality: Double
    }

    let ranges: [Range]

    /// Ranges whose weight is not a number from 0 to 1 are left out rather than guessed at.
    init(_ header: String) {
        ranges = header.split(separator: ",").compactMap { item in
            var parts = item.split(separator: ";").map(\.trimmedHTTPWhitespace)
            guard let mediaType = parts.first?.lowercased(), !mediaType.isEmpty else { return nil }
            parts.removeFirst()
            var quality = 1.0
            for parameter in parts {
                let pair = parameter.split(separator: "=", maxSplits: 1).map(\.trimmedHTTPWhitespace)
                guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
                guard let weight = Double(pair[1]), (0...1).contains(weight) else { return nil }
                quality = weight
            }
            return Range(mediaType: mediaType, quality: quality)
        }
    }

    /// The offered type the client weighs highest, earlier offers winning ties; nil when the client
    /// accepts none of them. Only exact types match: a wildcard does not choose a version.
    func preferred(among offers: [String]) -> String? {
        var best: (offer: String, quality: Double)?
        for offer in offers {
            let weights = ranges.filter { $0.mediaType == offer.lowercased() }.map(\.quality)
            guard let quality = weights.max(), quality > 0 else { continue }
            if quality > best?.quality ?? 0 { best = (offer, quality) }
        }
        return best?.offer
    }
}
