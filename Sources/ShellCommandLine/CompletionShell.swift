import Shell
/// A shell `apish completion SHELL` writes a completion script for.
public enum CompletionShell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}
