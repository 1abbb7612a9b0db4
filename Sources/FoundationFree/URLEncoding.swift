/// Form decoding for query strings and form bodies; percent-decoding itself is `PercentEncoding`'s.
package enum URLEncoding {
    /// `a=1&b=two+words` → `[("a","1"), ("b","two words")]`, in order, duplicates kept.
    package static func decodeForm(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentEncoding.decode(parts[0], plusAsSpace: true)
            let value = parts.count > 1 ? PercentEncoding.decode(parts[1], plusAsSpace: true) : ""
            return (name, value)
        }
    }
}
