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
        return base + separator(after: base) + FormEncoding.encode(items) + fragment
    }

    /// What goes between a URL (without fragment) and the query items added to it: `?` when it has no
    /// query, `&` after one, nothing after a trailing `?` or `&`.
    public static func separator(after base: some StringProtocol) -> String {
        guard let question = base.firstIndex(of: "?") else { return "?" }
        let query = base[base.index(after: question)...]
        return query.isEmpty || query.hasSuffix("&") ? "" : "&"
    }
}
