import Declarations

/// An option whose value is read as `Value` (`arguments[Self.format]` is a `SpecDiffFormat?`): its kind and
/// validator come from the type unless given.
public struct TypedOption<Value: ArgumentValue>: OptionDeclaring {
    public let declared: Option

    public init(_ name: String, aliases: [String] = [], _ placeholder: String, kind: ArgumentKind? = nil, repeats: Bool = false,
                required: Bool = false, secret: Bool = false, help: String, validator: Validator? = nil) {
        declared = Option(name, aliases: aliases, value: (placeholder, kind ?? Value.argumentKind), repeats: repeats, required: required,
                          secret: secret, help: help, validator: validator ?? Value.argumentValidator)
    }

    /// An option written `name=VALUE` (`every=5`).
    public static func assignment(_ name: String, _ placeholder: String, help: String, validator: Validator? = nil) -> TypedOption {
        TypedOption(name + "=", placeholder, help: help, validator: validator)
    }
}

extension TypedOption where Value: ArgumentChoice {
    /// `--format text|json`: a choice, its words as the placeholder.
    public init(_ name: String, aliases: [String] = [], help: String) {
        self.init(name, aliases: aliases, Value.placeholder, help: help)
    }
}
