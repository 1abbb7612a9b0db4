import Shell
/// One option of `apish`'s command line, declared once with its help and how its values complete:
/// `ShellArguments.parse` applies it, and `--help`, the man page (`apish man`) and the completion scripts
/// (`apish completion bash|zsh|fish`) are generated from the same declaration, as swift-argument-parser does.
public struct ShellOption: Sendable {
    /// What a completion script offers for a value.
    public enum ValueKind: Sendable, Equatable {
        /// Free text (a number, a name): nothing is offered.
        case text
        /// Any file.
        case file
        /// A script file (`*.apish`) or a folder on the way to one.
        case script
        /// A locator: a file (`*.json`, `*.yaml`), or a URL typed by hand.
        case locator
        /// A folder.
        case directory
        /// A saved profile's name (`$XDG_CONFIG_HOME/apish/profiles/NAME.json`).
        case profile
        /// A line of the shell's command language: its first word is one of the shell's commands.
        case command
        /// One of these words.
        case choices([String])
    }

    /// One value an option takes: its name in usage (`URL|PATH`) and how it completes.
    public struct Value: Sendable, Equatable {
        public let placeholder: String
        public let kind: ValueKind

        public init(_ placeholder: String, _ kind: ValueKind) {
            self.placeholder = placeholder
            self.kind = kind
        }
    }

    /// Every spelling, as help lists them (`-l`, `--locator`).
    public let names: [String]
    /// The values that follow the option, in order; empty for a flag.
    public let values: [Value]
    /// What the option does, for help and the man page.
    public let abstract: String
    /// Sets what the option asks for, given its values.
    package let apply: @Sendable (inout ShellArguments, [String]) throws(ShellArguments.UsageError) -> Void

    /// A flag: an option without values.
    package init(_ names: [String], _ abstract: String,
         apply: @escaping @Sendable (inout ShellArguments, [String]) throws(ShellArguments.UsageError) -> Void) {
        self.init(names, [], abstract, apply: apply)
    }

    package init(_ names: [String], _ values: [Value], _ abstract: String,
         apply: @escaping @Sendable (inout ShellArguments, [String]) throws(ShellArguments.UsageError) -> Void) {
        self.names = names
        self.values = values
        self.abstract = abstract
        self.apply = apply
    }

    /// `-l, --locator URL|PATH`.
    public var synopsis: String {
        ([names.joined(separator: ", ")] + values.map(\.placeholder)).joined(separator: " ")
    }
}

/// A way of starting `apish`, for the usage lines of help and the man page's synopsis.
public struct ShellUsage: Sendable, Equatable {
    /// `apish serve --init DIR`.
    public let synopsis: String
    /// What that form does; empty when the synopsis says it.
    public let abstract: String
    /// The first word when the form is a subcommand (`serve`, `completion`), which completion offers.
    public let subcommand: String?
    /// How a subcommand's first argument completes (later ones complete as files); nil: nothing follows.
    public let argument: ShellOption.ValueKind?

    package init(_ synopsis: String, _ abstract: String, subcommand: String? = nil, argument: ShellOption.ValueKind? = nil) {
        self.synopsis = synopsis
        self.abstract = abstract
        self.subcommand = subcommand
        self.argument = argument
    }
}
