import JSON
import FoundationFree
/// `application/x-www-form-urlencoded` encoding (bytes escaped by `PercentEncoding`) of ordered fields, in the order given.
///
/// Every byte of the UTF-8 form of a name or value outside the RFC 3986 unreserved set
/// (`A-Z a-z 0-9 - . _ ~`) is percent-encoded with uppercase hex, so a space becomes `%20` and
/// `+ & = / :` can never be mistaken for separators. Decoding also accepts `+` as a space, because
/// browsers and many servers produce it. A name keeps its `[` and `]` (`metadata[order_id]=6735`), as
/// deepObject servers such as Stripe read them and their own clients write them.
public enum FormEncoding {
    /// Encodes fields as `name=value` pairs joined by `&`, in the given order.
    public static func encode(_ fields: [FormField]) -> String {
        fields.map { field in
            PercentEncoding.encode(field.name, keeping: isNameByte) + "="
                + (field.commaList.map { $0.map { PercentEncoding.encode($0) }.joined(separator: ",") } ?? PercentEncoding.encode(field.value))
        }
        .joined(separator: "&")
    }

    /// What a name keeps as it is: the unreserved bytes, and deepObject's brackets.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
    }

    /// Decodes a form body or query string into fields, in order. Empty segments (`a=1&&b=2`) are
    /// skipped; a segment without `=` is a field with an empty value.
    public static func decode(_ string: String) -> [FormField] {
        string.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let equals = pair.firstIndex(of: "=") {
                let name = pair[pair.startIndex..<equals]
                let value = pair[pair.index(after: equals)...]
                return FormField(name: PercentEncoding.decode(name, plusAsSpace: true),
                                 value: PercentEncoding.decode(value, plusAsSpace: true))
            }
            return FormField(name: PercentEncoding.decode(pair, plusAsSpace: true), value: "")
        }
    }
}
