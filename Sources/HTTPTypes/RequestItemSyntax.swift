import FoundationFree

/// How a request item splits into name, separator and value, as httpie reads it: the earliest separator
/// wins, so `a=b:c` is a field, `H:a=b` a header and `f@a=b.txt` a file; at one place the longer one
/// (`:=` before `:`, `==` before `=`). `RawRequest`, `call` and `impact` all read items by this one rule.
public enum RequestItemSyntax {
    public enum Separator: String, Sendable, CaseIterable {
        /// `name:=json`: a JSON body field.
        case json = ":="
        /// `name==value`: a query parameter.
        case query = "=="
        /// `name=value`: a body field (or, in `call`, the declared parameter of that name).
        case field = "="
        /// `Header:value`.
        case header = ":"
        /// `name@FILE`: a file part.
        case file = "@"
    }

    /// The item's parts, or nil when it has no separator after a name (a positional argument).
    public static func split(_ item: String) -> (name: String, separator: Separator, value: String)? {
        // Most words are no item (`weather`, `7`, a URL's path): a word without a separator's first byte is
        // told so without searching it once per separator (the replay row of scripts/bench reads one a line).
        guard item.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "@") }) else {
            return nil
        }
        var best: (range: Range<String.Index>, separator: Separator)?
        for separator in Separator.allCases {
            guard let range = item.literalRange(of: separator.rawValue) else { continue }
            if let current = best, current.range.lowerBound <= range.lowerBound { continue }
            best = (range, separator)
        }
        guard let (range, separator) = best, range.lowerBound != item.startIndex else { return nil }
        return (String(item[..<range.lowerBound]), separator, String(item[range.upperBound...]))
    }
}
