import Declarations

/// What an argument's word is read as (`arguments[Self.count]` is an `Int`): how a word becomes one, what
/// Tab offers for it and what a word must be. A word its validator refuses never reaches `init`; the usage
/// error names it instead.
public protocol ArgumentValue: Sendable {
    /// The value a word (already checked by the validator) stands for; nil when it stands for none.
    init?(argument: String)
    /// What Tab offers for it: nothing for text and numbers, the words of a choice.
    static var argumentKind: ArgumentKind { get }
    /// What a word must be (a number, one of the choices); nil: any word.
    static var argumentValidator: Validator? { get }
}

extension ArgumentValue {
    public static var argumentKind: ArgumentKind { .text }
    public static var argumentValidator: Validator? { nil }
}

extension String: ArgumentValue {
    public init?(argument: String) { self = argument }
}

extension Int: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var argumentValidator: Validator? { .integer(in: Int.min...Int.max, "a whole number") }
}

extension Double: ArgumentValue {
    /// A finite number: `nan` and `inf` are words, not numbers, to a command.
    public init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
    public static var argumentValidator: Validator? { .number(in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, "a number") }
}

/// One of a few words (`on|off`, `hurl|http`), as an enum whose raw values are the words: Tab offers them, a
/// word in any case is read, and another word is refused with the list.
public protocol ArgumentChoice: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ArgumentChoice {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    public static var argumentKind: ArgumentKind { .choice(allCases.map(\.rawValue)) }
    public static var argumentValidator: Validator? { .oneOf(allCases.map(\.rawValue)) }
    /// `on|off`: the choices as a usage line shows them.
    public static var placeholder: String { allCases.map(\.rawValue).joined(separator: "|") }
}
