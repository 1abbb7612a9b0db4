/// An option without a value (`--raw`): `arguments[Self.raw]` is whether it was given.
public struct Flag: OptionDeclaring {
    public let declared: Option

    /// `required`: a form that is only this flag (`show --headers`).
    public init(_ name: String, aliases: [String] = [], required: Bool = false, help: String) {
        declared = Option(name, aliases: aliases, required: required, help: help)
    }
}
