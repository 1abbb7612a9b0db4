/// Locator documents written by hand for tests: `{"services":[{"name","version","url"}, …]}`.
enum LocatorText {
    /// One entry; `version` is inserted verbatim so tests can write `2`, `2.1` or `"v2"`.
    static func entry(_ name: String, _ version: String, _ url: String, extra: String = "") -> String {
        #"{"name":"\#(name)","version":\#(version),"url":"\#(url)"\#(extra.isEmpty ? "" : "," + extra)}"#
    }

    static func document(_ entries: [String]) -> String {
        #"{"services":[\#(entries.joined(separator: ","))]}"#
    }
}
