/// What an imported file says, in one neutral form whatever it was written in (`.http`, `.hurl`, HAR,
/// Postman): the steps in the order they run, and what had no equivalent. Strings keep their variables as
/// `{{name}}`, the one template syntax the four formats share; a writer turns them into its own.
public struct ImportedDocument: Sendable, Equatable {
    /// One thing the document does, in order.
    public enum Step: Sendable, Equatable {
        /// A variable set before the requests that follow (file variables, `[Options] variable:`, a
        /// Postman collection's or folder's variables, an environment's values).
        case variable(ImportedVariable)
        /// A request with its captures and assertions.
        case request(ImportedRequest)
        /// A comment kept from the source (a folder's name, a separator's title).
        case comment(String)
    }

    public var format: ImportFormat
    public var steps: [Step]
    /// What the document says that has no equivalent, at document level (per-request notes live on the request).
    public var untranslated: [Untranslated]

    public init(format: ImportFormat, steps: [Step] = [], untranslated: [Untranslated] = []) {
        self.format = format
        self.steps = steps
        self.untranslated = untranslated
    }

    /// The requests, in order.
    public var requests: [ImportedRequest] {
        steps.compactMap { if case .request(let request) = $0 { request } else { nil } }
    }

    /// Every kind of thing left untranslated, once each, in the order first met.
    public var untranslatedKinds: [String] {
        var seen: Set<String> = []
        var kinds: [String] = []
        for note in untranslated + requests.flatMap(\.untranslated) where seen.insert(note.kind).inserted {
            kinds.append(note.kind)
        }
        return kinds
    }
}

/// A variable an imported file sets. A secret one carries no value: its value stays where it was (an
/// environment variable the script reads), never in the script's text.
public struct ImportedVariable: Sendable, Equatable {
    public var name: String
    /// Nil for a secret.
    public var value: String?

    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// A variable whose value is read from the environment when the script runs.
    public static func secret(_ name: String) -> ImportedVariable { ImportedVariable(name: name, value: nil) }

    public var isSecret: Bool { value == nil }
}

/// Something an imported file says that apish has no equivalent for, kept as a comment in the script:
/// `kind` names the feature once per warning (`JavaScript handler`, `XPath`), `text` is what was there.
public struct Untranslated: Sendable, Equatable {
    public var kind: String
    public var text: String

    public init(kind: String, text: String) {
        self.kind = kind
        self.text = text
    }
}
