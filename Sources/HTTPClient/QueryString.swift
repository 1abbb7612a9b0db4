import JSON
/// Appends query items to a URL string with the same encoding as `FormEncoding`.
public enum QueryString {
    /// Returns `url` with `items` appended to its query. An existing query is extended with `&`
    /// (or nothing, when it already ends in `?` or `&`), and a fragment stays after the query,
    /// where it belongs.
    public static func append(_ items: [FormField], to url: String) -> String {
        guard !items.isEmpty else { return url }
        var base = Substring(url)
        var fragment: Substring = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = base[hash...]
            base = base[..<hash]
        }
        let separator: String
        if let question = base.firstIndex(of: "?") {
            let query = base[base.index(after: question)...]
            separator = query.isEmpty || query.hasSuffix("&") ? "" : "&"
        } else {
            separator = "?"
        }
        return base + separator + FormEncoding.encode(items) + fragment
    }
}
