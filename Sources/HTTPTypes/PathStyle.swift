/// How a path parameter's value is written into its segment, as OpenAPI's `style` and `explode` say:
/// `simple` (the default: `5`, a list `3,4,5`), `label` (`.5`, `.3,4,5`, exploded `.3.4.5`) and `matrix`
/// (`;id=5`, `;id=3,4,5`, exploded `;id=3;id=4;id=5`). Each item is percent-encoded as a segment's bytes are;
/// the delimiters between them go as they are.
public struct PathStyle: Sendable, Equatable {
    public enum Style: String, Sendable, CaseIterable {
        case simple, label, matrix
    }

    public var style: Style
    public var explode: Bool

    public init(style: Style = .simple, explode: Bool = false) {
        self.style = style
        self.explode = explode
    }

    /// OpenAPI's default for a path parameter.
    public static let `default` = PathStyle()

    /// The segment text of parameter `name` holding `items` (one for a single value), each already encoded.
    public func segment(_ name: String, encodedItems items: [String]) -> String {
        switch style {
        case .simple: items.joined(separator: ",")
        case .label: "." + items.joined(separator: explode ? "." : ",")
        case .matrix: explode ? items.map { ";\(name)=\($0)" }.joined() : ";\(name)=" + items.joined(separator: ",")
        }
    }

    /// The items a segment holds for parameter `name`, as `segment` wrote them (decoded again by the caller);
    /// nil when the segment is not written in this style (a label without its dot).
    public func items(of segment: String, name: String, isList: Bool) -> [String]? {
        var text = Substring(segment)
        switch style {
        case .simple:
            break
        case .label:
            guard text.hasPrefix(".") else { return nil }
            text = text.dropFirst()
            if explode { return isList ? text.split(separator: ".", omittingEmptySubsequences: false).map(String.init) : [String(text)] }
        case .matrix:
            let prefix = ";\(name)="
            guard text.hasPrefix(prefix) else { return nil }
            if explode {
                let pairs = text.dropFirst().split(separator: ";", omittingEmptySubsequences: false)
                guard pairs.allSatisfy({ $0.hasPrefix(name + "=") }) else { return nil }
                return pairs.map { String($0.dropFirst(name.count + 1)) }
            }
            text = text.dropFirst(prefix.count)
        }
        return isList ? text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [String(text)]
    }
}
