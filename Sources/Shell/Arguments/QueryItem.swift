import Facade
import FoundationFree
import HTTPClient
import HTTPTypes

/// `name==value`, a query parameter item as in `refresh`, `diff`, `watch` and httpie.
package enum QueryItem {
    package static func parse(_ argument: String) -> FormField? {
        // ASCII text has no canonical equivalents: without the bytes `==` it holds no item. Other text is
        // searched by Foundation, as always.
        if argument.utf8.allSatisfy({ $0 < 0x80 }), !containsDoubleEquals(argument.utf8) { return nil }
        guard let range = argument.literalRange(of: "=="), range.lowerBound != argument.startIndex else { return nil }
        return FormField(name: String(argument[..<range.lowerBound]), value: String(argument[range.upperBound...]))
    }

    private static func containsDoubleEquals(_ bytes: String.UTF8View) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "="), previous == UInt8(ascii: "=") { return true }
            previous = byte
        }
        return false
    }
}
