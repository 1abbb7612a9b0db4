/// What a value of an argument is, for what Tab offers for it in the completion scripts (`apish completion
/// bash|zsh|fish`) and how the man page names it.
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
    /// A value only the shell knows how to offer (a service, an operation, a variable), by that name.
    case shell(String)

    /// The kind's name in the dump (`choices` lists its words beside it).
    public var name: String {
        switch self {
        case .text: "text"
        case .file: "file"
        case .script: "script"
        case .locator: "locator"
        case .directory: "directory"
        case .profile: "profile"
        case .command: "command"
        case .choices: "choices"
        case .shell(let name): name
        }
    }
}
