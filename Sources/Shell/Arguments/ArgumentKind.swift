/// What a word of a command line is: it decides what Tab offers for the word (in the shell and in the
/// generated completion scripts) and, for a URL, which form the word belongs to.
public enum ArgumentKind: Sendable, Equatable {
    /// Free text: nothing is offered.
    case text
    /// One of these words.
    case choice([String])
    /// A service of the locator.
    case service
    /// A service whose active version has an OpenAPI description.
    case describedService
    /// A version of the service given before it (the current service without one); `latest` too.
    case version
    /// A URL (`https://…`): a word that does not look like one is not taken for it.
    case url
    /// A service or a URL (`auth bearer TOKEN [SERVICE|URL]`).
    case serviceOrURL
    /// An operation of the descriptions in the session.
    case operation
    /// A command of the shell, or an operation (`help CMD`).
    case command
    /// A file's path.
    case file
    /// A saved profile's name.
    case profile
    /// A variable's name (`$name`).
    case variable
    /// A service whose mock is running.
    case mock
    /// A `{variable}` of the current service's servers, as `NAME=`.
    case serverVariable

    /// Whether Tab offers files for it.
    var isPath: Bool { self == .file }

    /// Whether only some words are this kind: then an optional one of it can be left out before another.
    var isPicky: Bool {
        switch self {
        case .url, .choice: true
        default: false
        }
    }

    /// Whether `word` can be this kind of value: a URL (so `server URL` and `server SERVICE` are told
    /// apart) and a choice (`on|off`, any case) are picky.
    package func accepts(_ word: String) -> Bool {
        switch self {
        case .url: word.contains("://")
        case .choice(let words): words.contains(word.lowercased())
        default: true
        }
    }
}
