import Declarations
import Reports
import FoundationFree

/// What a command accepts, declared once: its forms (`auth bearer TOKEN`, `auth show`), each with its
/// positional arguments, options, flags and request items. Usage, `help`, parsing, Tab completion (in the
/// shell and in the generated scripts), the man page and the masking of secrets all come from it, as
/// swift-argument-parser's declarations do.
public struct CommandSignature: Sendable {
    public let forms: [ArgumentForm]

    public init(_ forms: [ArgumentForm]) {
        self.forms = forms
    }

    /// One form.
    public init(_ positionals: [any PositionalDeclaring] = [], options: [any OptionDeclaring] = [], items: RequestItems = [], help: String? = nil) {
        self.forms = [ArgumentForm(positionals, options: options, items: items, help: help)]
    }

    /// A command that takes nothing (`services`, `quit`).
    public static let none = CommandSignature()

    /// `use SERVICE VERSION|latest | …`: every form, as `help` and usage errors show it.
    public func usage(_ command: String) -> String {
        forms.map { $0.synopsis(command) }.joined(separator: " | ")
    }

    /// The usage of the forms a mismatch's first word named (`auth bearer TOKEN [SERVICE|URL]`), else of all.
    public func usage(_ command: String, for mismatch: Mismatch) -> String {
        guard !mismatch.named.isEmpty else { return usage(command) }
        return mismatch.named.map { forms[$0].synopsis(command) }.joined(separator: " | ")
    }

    /// The usage of the forms the subcommand word starts (`expect status N`), else of all.
    public func usage(_ command: String, subcommand: String) -> String {
        let named = forms.filter { $0.words.contains(subcommand) }
        return named.isEmpty ? usage(command) : named.map { $0.synopsis(command) }.joined(separator: " | ")
    }

    /// Every subcommand word (`bearer`, `basic`, `show`), in declaration order.
    public var subcommands: [String] {
        var seen = Set<String>()
        return forms.flatMap(\.words).filter { seen.insert($0).inserted }
    }
}

/// One way to call a command: the subcommand words that start it (`bearer`; `basic` or `digest`; none),
/// then its positional arguments, options and items.
public struct ArgumentForm: Sendable {
    /// The word that starts this form, any one of these (`basic|digest`); empty for a form without one.
    public let words: [String]
    public let positionals: [Positional]
    public let options: [Option]
    public let items: RequestItems
    /// What the names of its `NAME=VALUE` items are, for Tab (`server set` offers `region=`).
    public let itemNames: ArgumentKind?
    /// A line for `help` that says what this form does.
    public let help: String?

    public init(_ words: [String] = [], _ positionals: [any PositionalDeclaring] = [], options: [any OptionDeclaring] = [],
                items: RequestItems = [], itemNames: ArgumentKind? = nil, help: String? = nil) {
        self.words = words
        self.positionals = positionals.map(\.declared)
        self.options = options.map(\.declared)
        self.items = items
        self.itemNames = itemNames
        self.help = help
    }

    public init(_ positionals: [any PositionalDeclaring], options: [any OptionDeclaring] = [], items: RequestItems = [], help: String? = nil) {
        self.init([], positionals, options: options, items: items, help: help)
    }

    /// `diff SERVICE [A [B]] [--all] [name==value…]`: optional positionals nest, as they can only be given
    /// from the left.
    package func synopsis(_ command: String) -> String {
        var parts = [command]
        if !words.isEmpty { parts.append(words.joined(separator: "|")) }
        var optionalDepth = 0
        var positionalParts: [String] = []
        for positional in positionals {
            switch positional.arity {
            case .one:
                positionalParts.append(positional.placeholder)
            case .optional where positional.kind.isPicky:
                positionalParts.append("[" + positional.placeholder + "]")
            case .optional:
                positionalParts.append("[" + positional.placeholder)
                optionalDepth += 1
            case .many:
                positionalParts.append("[" + positional.placeholder + "…]")
            case .oneOrMore:
                positionalParts.append(positional.placeholder + "…")
            case .rest:
                positionalParts.append(positional.placeholder)
            }
        }
        if optionalDepth > 0, let last = positionalParts.indices.last {
            positionalParts[last] += String(repeating: "]", count: optionalDepth)
        }
        parts += positionalParts
        if let items = items.synopsis { parts.append(items) }
        for option in options {
            parts.append(option.required ? option.synopsis : "[" + option.synopsis + "]")
        }
        return parts.joined(separator: " ")
    }
}

/// A positional argument: its name in usage (`SERVICE`), what kind of value it is, how many it takes,
/// and whether it is a secret.
public struct Positional: Sendable {
    public enum Arity: Sendable, Equatable {
        /// Exactly one.
        case one
        /// One or none; optional positionals are filled from the left.
        case optional
        /// Any number, none included (`[WORD…]`).
        case many
        /// At least one (`FILE…`).
        case oneOrMore
        /// Every word from here on (at least one) as written, options and items included (`set NAME VALUE…`).
        case rest
    }

    /// Whether a form needs a word for it.
    var isRequired: Bool { arity == .one || arity == .oneOrMore || arity == .rest }

    public let placeholder: String
    public let kind: ArgumentKind
    public let arity: Arity
    public let secret: SecretShape?
    public let help: String
    /// What each of its words must be (not empty, a number); a word that is not makes the usage error.
    public let validator: Validator?
    /// The environment variable a recording writes in place of its secret (`APISH_BEARER`); nil for
    /// `APISH_SECRET`.
    public let recordedAs: String?

    public init(_ placeholder: String, _ kind: ArgumentKind = .text, _ arity: Arity = .one, secret: SecretShape? = nil,
                help: String = "", validator: Validator? = nil, recordedAs: String? = nil) {
        self.placeholder = placeholder
        self.kind = kind
        self.arity = arity
        self.secret = secret
        self.help = help
        self.validator = validator
        self.recordedAs = recordedAs
    }
}

/// Which part of an argument is the secret.
public enum SecretShape: Sendable, Equatable {
    /// The whole word (`auth bearer TOKEN`).
    case whole
    /// What follows its first `=` (`auth key NAME=VALUE`).
    case afterEquals
    /// What follows its first `:` (`auth basic USER:PASSWORD`).
    case afterColon
    /// What follows an auth scheme word that starts it, or the words after a bare scheme word (`set t Bearer X`).
    case afterAuthScheme
    /// The whole value when the positional named so is named like a credential (`set token X`), else what
    /// follows an auth scheme word (`set t Bearer X`).
    case credentialValue(of: String)
    /// The value (after a bare scheme word) when the positional named so is a credential header
    /// (`header Authorization Bearer X`).
    case headerValue(of: String)
}

/// An option: a flag (`--all`) or one that takes a value (`--format text|json`).
public struct Option: Sendable {
    public let name: String
    /// Other spellings (`-d`).
    public let aliases: [String]
    /// The value's name in usage and its kind; nil for a flag.
    public let value: (placeholder: String, kind: ArgumentKind)?
    /// Whether it may be given more than once (`--only A --only B`).
    public let repeats: Bool
    /// How many words its value takes (`--report html FILE`: two).
    public let valueCount: Int
    /// Whether a form needs it (`header -d NAME`).
    public let required: Bool
    /// Whether its value is a secret.
    public let secret: Bool
    public let help: String
    /// What its value must be (a number, one of some words); a value that is not makes the usage error.
    public let validator: Validator?

    public init(_ name: String, aliases: [String] = [], value: (placeholder: String, kind: ArgumentKind)? = nil, valueCount: Int = 1,
                repeats: Bool = false, required: Bool = false, secret: Bool = false, help: String = "", validator: Validator? = nil) {
        self.name = name
        self.aliases = aliases
        self.value = value
        self.valueCount = value == nil ? 0 : valueCount
        self.repeats = repeats
        self.required = required
        self.secret = secret
        self.help = help
        self.validator = validator
    }

    /// A flag.
    public static func flag(_ name: String, aliases: [String] = [], help: String = "") -> Option {
        Option(name, aliases: aliases, help: help)
    }

    /// An option with a value whose choices are these words.
    public static func choice(_ name: String, _ choices: [String], help: String = "") -> Option {
        Option(name, value: (choices.joined(separator: "|"), .choice(choices)), help: help)
    }

    /// `--report html FILE`: an HTML page written to FILE (`ReportFormat.html`, the one format that writes
    /// the page of a diff and of an impact run).
    public static let htmlReport = Option("--report", value: (ReportFormat.html.rawValue + " FILE", .file), valueCount: 2, help: "also write the result as an HTML page to FILE")

    /// An option written `name=VALUE` (`client_id=app`, `every=5`): its name ends with `=`.
    public static func assignment(_ name: String, _ placeholder: String, required: Bool = false, repeats: Bool = false,
                                  secret: Bool = false, help: String = "", validator: Validator? = nil) -> Option {
        Option(name + "=", value: (placeholder, .text), repeats: repeats, required: required, secret: secret, help: help, validator: validator)
    }

    var isAssignment: Bool { name.hasSuffix("=") }

    package var names: [String] { [name] + aliases }

    /// `--format text|json`, `--all`, `client_id=ID`.
    package var synopsis: String {
        let placeholder = (value?.placeholder ?? "VALUE") + (repeats && !(value?.placeholder.hasSuffix("…") ?? true) ? "…" : "")
        if isAssignment { return name + placeholder }
        return value == nil ? name : name + " " + placeholder
    }
}

/// The request items a form takes after its positionals (`name==value`, `name=value`, `Header:value`, …).
public struct RequestItems: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `name==value` query items.
    public static let query = RequestItems(rawValue: 1)
    /// `name=value` settings (`server set NAME=VALUE`, `watch every=5`): what follows `=` is the value.
    public static let settings = RequestItems(rawValue: 2)
    /// Every item of a request: query, `name=value` and `name:=json` fields, `Header:value`, `@file`.
    public static let request = RequestItems(rawValue: 4)
    /// At least one item: the form means nothing without (`server set NAME=VALUE…`).
    public static let atLeastOne = RequestItems(rawValue: 8)

    /// `[name==value…]`, `[ITEM…]`; without brackets when one is needed.
    package var synopsis: String? {
        let items = if contains(.request) { "ITEM…" } else if contains(.settings) { "NAME=VALUE…" } else if contains(.query) { "name==value…" } else { "" }
        if items.isEmpty { return nil }
        return contains(.atLeastOne) ? items : "[" + items + "]"
    }
}
