import Declarations

extension Command {
    /// The command in the one declaration model: its positionals and options with their help (from the forms
    /// without a subcommand word), and each form that starts with one (`auth bearer`) as a subcommand. The man
    /// page, the completion scripts and `apish --dump-declarations` read it.
    public var declaration: CommandDeclaration {
        let plain = signature.forms.filter(\.words.isEmpty)
        return CommandDeclaration(
            name, aliases: aliases, abstract: abstract, discussion: details,
            positionals: plain.positionalDeclarations, options: plain.optionDeclarations,
            subcommands: subcommandForms.map { words, forms in
                let word = words.joined(separator: "|")
                return CommandDeclaration(word, invocation: name + " " + word, abstract: forms.compactMap(\.help).first ?? "",
                                          positionals: forms.positionalDeclarations, options: forms.optionDeclarations,
                                          synopsis: forms.map { $0.synopsis(name) }.joined(separator: " | "))
            },
            synopsis: usage)
    }

    /// The forms that start with a subcommand word, those with the same words as one subcommand (`groups near
    /// [LAT LON]`: two forms), in declaration order.
    private var subcommandForms: [(words: [String], forms: [ArgumentForm])] {
        var grouped: [(words: [String], forms: [ArgumentForm])] = []
        for form in signature.forms where !form.words.isEmpty {
            if let index = grouped.firstIndex(where: { $0.words == form.words }) {
                grouped[index].forms.append(form)
            } else {
                grouped.append((form.words, [form]))
            }
        }
        return grouped
    }
}

extension [ArgumentForm] {
    /// Every positional of the forms, once by its name.
    fileprivate var positionalDeclarations: [PositionalDeclaration] {
        var seen = Set<String>()
        return flatMap(\.positionals).filter { seen.insert($0.placeholder).inserted }.map { positional in
            PositionalDeclaration(ValueDeclaration(positional.placeholder, positional.kind.valueKind), help: positional.help,
                                  optional: !positional.isRequired)
        }
    }

    /// Every option of the forms, once by its name.
    fileprivate var optionDeclarations: [OptionDeclaration] {
        var seen = Set<String>()
        return flatMap(\.options).filter { seen.insert($0.name).inserted }.map { option in
            OptionDeclaration(option.names, option.value.map { [ValueDeclaration($0.placeholder, $0.kind.valueKind)] } ?? [],
                              help: option.help, repeats: option.repeats)
        }
    }
}

extension ArgumentKind {
    /// What the kind is in the declaration model: the kinds a completion script can offer by itself, else the
    /// shell's own name for it.
    var valueKind: ValueKind {
        switch self {
        case .text, .url: .text
        case .choice(let words): .choices(words)
        case .file: .file
        case .profile: .profile
        case .service: .shell("service")
        case .describedService: .shell("described service")
        case .version: .shell("version")
        case .serviceOrURL: .shell("service or URL")
        case .operation: .shell("operation")
        case .command: .shell("command")
        case .variable: .shell("variable")
        case .mock: .shell("mock")
        case .serverVariable: .shell("server variable")
        }
    }
}
