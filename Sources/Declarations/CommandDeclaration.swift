/// A command declared once: its name, aliases, one-line abstract, positionals, options and subcommands, each
/// with a one-line help. apish's own command line (`apish`, `apish serve`, `apish mock`, `apish completion`,
/// `apish man`) and every shell command are declared so; `help`, usage errors, the man page, the completion
/// scripts and `apish --dump-declarations` read the same declarations, as swift-argument-parser's `ToolInfo` is
/// read by its help, manual and completion generators.
public struct CommandDeclaration: Sendable {
    /// The word that runs it (`serve`, `use`).
    public let name: String
    /// How it is typed in full, for errors and help (`apish serve`).
    public let invocation: String
    public let aliases: [String]
    /// One line: what it does.
    public let abstract: String
    /// More lines for its help (what it reads, examples).
    public let discussion: [String]
    public let positionals: [PositionalDeclaration]
    public let options: [OptionDeclaration]
    /// Commands under it (`apish serve`; `auth bearer`).
    public let subcommands: [CommandDeclaration]
    /// Options that may not be given together (`--root` and `--init`), by a name of each.
    public let conflicts: [[String]]
    /// The usage line when it is not the one made from the declarations (a shell command's forms).
    private let givenSynopsis: String?

    public init(_ name: String, invocation: String? = nil, aliases: [String] = [], abstract: String, discussion: [String] = [],
                positionals: [PositionalDeclaration] = [], options: [OptionDeclaration] = [],
                subcommands: [CommandDeclaration] = [], conflicts: [[String]] = [], synopsis: String? = nil) {
        self.name = name
        self.invocation = invocation ?? name
        self.aliases = aliases
        self.abstract = abstract
        self.discussion = discussion
        self.positionals = positionals
        self.options = options
        self.subcommands = subcommands
        self.conflicts = conflicts
        self.givenSynopsis = synopsis
    }

    /// `apish serve [--host HOST] [--port PORT] …`: the invocation, positionals and options (`--help` left out).
    public var synopsis: String {
        if let givenSynopsis { return givenSynopsis }
        var parts = [invocation]
        for positional in positionals { parts.append(positional.optional ? "[" + positional.placeholder + "]" : positional.placeholder) }
        for option in options where option.names != OptionDeclaration.helpFlag.names { parts.append("[" + option.shortSynopsis + "]") }
        return parts.joined(separator: " ")
    }

    /// The option spelled `name`, if any.
    public func option(named name: String) -> OptionDeclaration? {
        options.first { $0.names.contains(name) }
    }

    /// The subcommand called `name` (or by an alias), if any.
    public func subcommand(named name: String) -> CommandDeclaration? {
        subcommands.first { $0.name == name || $0.aliases.contains(name) }
    }
}
