import Facade

/// `name==value`, a query parameter item as in `refresh`, `diff`, `watch` and httpie.
enum QueryItem {
    static func parse(_ argument: String) -> FormField? {
        guard let range = argument.range(of: "=="), range.lowerBound != argument.startIndex else { return nil }
        return FormField(name: String(argument[..<range.lowerBound]), value: String(argument[range.upperBound...]))
    }
}
