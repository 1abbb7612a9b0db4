import HTTPTypes

/// A command's arguments read by its `CommandSignature`: which form they are, and each declared
/// positional, option and item by name.
public struct ParsedArguments: Sendable {
    /// The arguments as typed, without the command's name.
    public let words: [String]
    /// The subcommand word that chose the form, lowercased (`bearer`), nil for a form without one.
    public let subcommand: String?
    private var positionals: [String: [String]] = [:]
    private var options: [String: [String]] = [:]
    /// The request items (`name==value`, `name=value`, `Header:value`), in the order typed.
    public private(set) var items: [String] = []
    /// For each word of `words`, what it was read as.
    private(set) var roles: [Role] = []

    /// What a word was read as.
    package enum Role: Sendable, Equatable {
        case subcommand
        case positional(String)
        case option(String)
        case optionValue(String)
        /// A `name=VALUE` option (`client_id=app`).
        case assignment(String)
        case item
        case separator
    }

    package init(words: [String], subcommand: String?) {
        self.words = words
        self.subcommand = subcommand
    }

    /// The value of the positional named so (`SERVICE`), nil when it was not given.
    public func value(_ placeholder: String) -> String? {
        positionals[placeholder]?.first
    }

    /// The value of the positional declared so (`arguments[Self.token]`), nil when it was not given.
    public subscript(positional: Positional) -> String? {
        value(positional.placeholder)
    }

    /// The value of the option declared so (the last one given), nil when it was not given.
    public subscript(option: Option) -> String? {
        self.option(option.name)
    }

    /// The value of the positional declared so, read as its type; nil when it was not given.
    public subscript<Value>(positional: TypedPositional<Value>) -> Value? {
        value(positional.declared.placeholder).flatMap(Value.init(argument:))
    }

    /// Every value of the repeated positional declared so, read as its type.
    public func values<Value>(_ positional: TypedPositional<Value>) -> [Value] {
        values(positional.declared.placeholder).compactMap(Value.init(argument:))
    }

    /// The value of the option declared so (the last one given), read as its type; nil when it was not given.
    public subscript<Value>(option: TypedOption<Value>) -> Value? {
        self.option(option.declared.name).flatMap(Value.init(argument:))
    }

    /// Every value given to the repeated option declared so, read as its type.
    public func values<Value>(_ option: TypedOption<Value>) -> [Value] {
        optionValues(option.declared.name).compactMap(Value.init(argument:))
    }

    /// Every value given to the repeated option declared so (`--only A --only B`).
    public func values(_ option: Option) -> [String] {
        optionValues(option.name)
    }

    /// Whether the flag declared so was given.
    public subscript(flag: Flag) -> Bool {
        self.flag(flag.declared.name)
    }

    /// Every value of the repeated positional declared so (`VERSION…`).
    public func values(_ positional: Positional) -> [String] {
        values(positional.placeholder)
    }

    /// Whether the flag (or option) declared so was given.
    public func has(_ option: Option) -> Bool {
        flag(option.name)
    }

    /// Every value of a repeated positional (`WORD…`), or of a single one.
    public func values(_ placeholder: String) -> [String] {
        positionals[placeholder] ?? []
    }

    /// Whether the flag (or option) named so was given. A `name=VALUE` option is named with its `=`.
    public func flag(_ name: String) -> Bool {
        options[name] != nil
    }

    /// The value of the option named so (the last one given).
    public func option(_ name: String) -> String? {
        options[name]?.last
    }

    /// Every value given to a repeated option.
    public func optionValues(_ name: String) -> [String] {
        options[name] ?? []
    }

    /// The positional words and items, in the order typed, each with its place among `words`.
    package var operands: [(word: String, position: Int)] {
        zip(words, roles).enumerated().compactMap { position, pair in
            switch pair.1 {
            case .positional, .item: (pair.0, position)
            default: nil
            }
        }
    }

    package mutating func append(_ word: String, as role: Role) {
        roles.append(role)
        switch role {
        case .positional(let name): positionals[name, default: []].append(word)
        case .option(let name): options[name, default: []] = options[name] ?? []
        case .optionValue(let name): options[name, default: []].append(word)
        case .assignment(let name): options[name, default: []].append(String(word[word.index(after: word.firstIndex(of: "=") ?? word.startIndex)...]))
        case .item: items.append(word)
        case .subcommand, .separator: break
        }
    }

    mutating func markFlag(_ name: String) {
        options[name, default: []].append("")
    }
}
