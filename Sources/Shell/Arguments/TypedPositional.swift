import Declarations

/// A positional whose word is read as `Value` (`arguments[Self.count]` is an `Int?`): its kind and
/// validator come from the type unless given.
public struct TypedPositional<Value: ArgumentValue>: PositionalDeclaring {
    public let declared: Positional

    public init(_ placeholder: String, _ arity: Positional.Arity = .one, kind: ArgumentKind? = nil, help: String,
                validator: Validator? = nil) {
        declared = Positional(placeholder, kind ?? Value.argumentKind, arity, help: help, validator: validator ?? Value.argumentValidator)
    }
}

extension TypedPositional where Value: ArgumentChoice {
    /// A choice named by its words (`on|off`).
    public init(_ arity: Positional.Arity = .one, help: String) {
        self.init(Value.placeholder, arity, help: help)
    }
}
