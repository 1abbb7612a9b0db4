import Declarations
import Shell

/// One option of `apish`'s command line: its declaration (names, values, one-line help, validators) and what
/// it sets. `ShellArguments.parse` applies it; `--help`, the man page (`apish man`), the completion scripts
/// (`apish completion bash|zsh|fish`) and `apish --dump-declarations` read the same declaration.
public struct ShellOption: Sendable {
    public let declaration: OptionDeclaration
    /// Sets what the option asks for, given its values (each already checked by its validator).
    package let apply: @Sendable (inout ShellArguments, [String]) throws(ShellArguments.UsageError) -> Void

    /// A flag: an option without values.
    package init(_ names: [String], _ abstract: String,
         apply: @escaping @Sendable (inout ShellArguments, [String]) throws(ShellArguments.UsageError) -> Void) {
        self.init(names, [], abstract, apply: apply)
    }

    package init(_ names: [String], _ values: [ValueDeclaration], _ abstract: String, repeats: Bool = false,
         apply: @escaping @Sendable (inout ShellArguments, [String]) throws(ShellArguments.UsageError) -> Void) {
        self.declaration = OptionDeclaration(names, values, help: abstract, repeats: repeats)
        self.apply = apply
    }

    /// Every spelling, as help lists them (`-l`, `--locator`).
    public var names: [String] { declaration.names }
    /// The values that follow the option, in order; empty for a flag.
    public var values: [ValueDeclaration] { declaration.values }
    /// What the option does, for help and the man page.
    public var abstract: String { declaration.help }
    /// `-l, --locator URL|PATH`.
    public var synopsis: String { declaration.synopsis }
}

/// A way of starting `apish`, for the usage lines of help, the man page's synopsis and the completion scripts;
/// made from `ShellArguments.declaration`.
public struct ShellUsage: Sendable {
    /// `apish serve [--host HOST] …`.
    public let synopsis: String
    /// What that form does.
    public let abstract: String
    /// The first word when the form is a subcommand (`serve`, `completion`), which completion offers.
    public let subcommand: String?
    /// How a subcommand's first argument completes (later ones complete as files); nil: nothing follows.
    public let argument: ValueKind?
    /// The subcommand's options, which completion offers after it.
    public let options: [OptionDeclaration]

    package init(_ synopsis: String, _ abstract: String, subcommand: String? = nil, argument: ValueKind? = nil,
                 options: [OptionDeclaration] = []) {
        self.synopsis = synopsis
        self.abstract = abstract
        self.subcommand = subcommand
        self.argument = argument
        self.options = options
    }
}
