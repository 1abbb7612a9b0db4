import FoundationFree
import JSON

/// A JSONPath expression (`$.data[0].id`, `$['a key']`) as an apish path (`data[0].id`, `["a key"]`), when
/// it names one place: wildcards, filters, slices and recursive descent have no apish equivalent.
enum PathConversion {
    static func apishPath(_ expression: String) -> String? {
        var rest = expression.trimmingBlanks()[...]
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        var components: [JSONPath.Component] = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                guard rest.first != "." else { return nil }
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                let name = String(rest[..<end])
                guard !name.isEmpty, name != "*" else { return nil }
                components.append(.key(name))
                rest = rest[end...]
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let inside = String(rest[rest.index(after: rest.startIndex)..<close]).trimmingBlanks()
                if let index = Int(inside) {
                    components.append(.index(index))
                } else if inside.count >= 2, let quote = inside.first, quote == "'" || quote == "\"", inside.last == quote {
                    let key = String(inside.dropFirst().dropLast())
                    guard !key.contains(quote) else { return nil }
                    components.append(.key(key))
                } else {
                    return nil
                }
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        let path = JSONPath(components)
        return path.isRoot ? "." : path.description
    }
}
