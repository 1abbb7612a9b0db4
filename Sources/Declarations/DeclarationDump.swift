import JSON

/// The declarations as data, one JSON document (`apish --dump-declarations`), as swift-argument-parser's
/// `ToolInfoV0`: each command with its aliases, abstract, usage, positionals, options and subcommands, and each
/// argument with its one-line help. Tests walk it to check that help, the man page and the completion scripts
/// say what it says.
public enum DeclarationDump {
    /// `tool` (apish's own command line) and `commands` (the shell's) as one JSON document, indented.
    public static func text(tool: CommandDeclaration, commands: [CommandDeclaration]) -> String {
        json(tool: tool, commands: commands).encoded(pretty: true) + "\n"
    }

    static func json(tool: CommandDeclaration, commands: [CommandDeclaration]) -> JSONValue {
        object([
            ("serializationVersion", .number(JSONNumber(1))),
            ("tool", json(tool)),
            ("shellCommands", .array(commands.map(json))),
        ])
    }

    static func json(_ command: CommandDeclaration) -> JSONValue {
        object([
            ("name", .string(command.name)),
            ("aliases", .array(command.aliases.map(JSONValue.string))),
            ("abstract", .string(command.abstract)),
            ("usage", .string(command.synopsis)),
            ("positionals", .array(command.positionals.map { positional in
                object([("placeholder", .string(positional.placeholder)), ("kind", kind(positional.value.kind)),
                        ("optional", .bool(positional.optional)), ("help", .string(positional.help))])
            })),
            ("options", .array(command.options.map { option in
                object([("names", .array(option.names.map(JSONValue.string))),
                        ("values", .array(option.values.map { object([("placeholder", .string($0.placeholder)), ("kind", kind($0.kind))]) })),
                        ("repeats", .bool(option.repeats)), ("help", .string(option.help))])
            })),
            ("subcommands", .array(command.subcommands.map(json))),
        ])
    }

    private static func kind(_ kind: ValueKind) -> JSONValue {
        guard case .choices(let words) = kind else { return .string(kind.name) }
        return object([("choices", .array(words.map(JSONValue.string)))])
    }

    private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members))
    }
}
