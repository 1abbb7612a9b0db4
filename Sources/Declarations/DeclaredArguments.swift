/// A command line read by its `CommandDeclaration`: each declared option's and positional's values, read
/// back with the declaration itself as the key (`arguments[Self.port]`), never by a string.
public struct DeclaredArguments: Sendable {
    private var optionValues: [String: [[String]]] = [:]
    private var positionalValues: [String: String] = [:]

    public init() {}

    /// Whether the option (a flag, or one with values) was given.
    public func has(_ option: OptionDeclaration) -> Bool {
        optionValues[option.name] != nil
    }

    /// The option's first value, the last time it was given; nil when it was not.
    public subscript(option: OptionDeclaration) -> String? {
        optionValues[option.name]?.last?.first
    }

    /// The values of each time the option was given, in order (`--report junit a.xml --report tap b.tap`).
    public func occurrences(of option: OptionDeclaration) -> [[String]] {
        optionValues[option.name] ?? []
    }

    /// The positional's value; nil when it was left out.
    public subscript(positional: PositionalDeclaration) -> String? {
        positionalValues[positional.placeholder]
    }

    mutating func add(_ option: OptionDeclaration, values: [String]) {
        optionValues[option.name, default: []].append(values)
    }

    mutating func set(_ positional: PositionalDeclaration, to value: String) {
        positionalValues[positional.placeholder] = value
    }
}
