import Declarations

/// What a form lists among its positionals: a `Positional` (read as text) or a `TypedPositional` (read as
/// its type), each the key its value is read back with.
public protocol PositionalDeclaring: Sendable {
    /// The positional as the parser, usage, completion and masking read it.
    var declared: Positional { get }
}

/// What a form lists among its options: an `Option` (its value read as text), a `TypedOption` or a `Flag`.
public protocol OptionDeclaring: Sendable {
    /// The option as the parser, usage, completion and masking read it.
    var declared: Option { get }
}

extension Positional: PositionalDeclaring {
    public var declared: Positional { self }
}

extension Option: OptionDeclaring {
    public var declared: Option { self }
}

extension OptionDeclaring where Self == Option {
    /// A flag, written in a list of options (`[.flag("--all")]`).
    public static func flag(_ name: String, aliases: [String] = [], help: String = "") -> Option {
        Option.flag(name, aliases: aliases, help: help)
    }

    /// An option with a value whose choices are these words.
    public static func choice(_ name: String, _ choices: [String], help: String = "") -> Option {
        Option.choice(name, choices, help: help)
    }

    /// `--report html FILE`.
    public static var htmlReport: Option { Option.htmlReport }

    /// An option written `name=VALUE`.
    public static func assignment(_ name: String, _ placeholder: String, required: Bool = false, repeats: Bool = false,
                                  secret: Bool = false, help: String = "") -> Option {
        Option.assignment(name, placeholder, required: required, repeats: repeats, secret: secret, help: help)
    }
}
