import FoundationFree
/// Where a secret of a profile is, written in its place: `${env.NAME}` (the environment, at the time the
/// profile is used) or `${secret.ID}` (credentials.json, under the profile's name). A profile file holds
/// only these, never a secret.
package enum SecretReference: Sendable, Hashable, CustomStringConvertible {
    case environment(String)
    case stored(String)

    /// A whole value that is a reference; nil for anything else (a value that merely contains `${`).
    package init?(_ text: String) {
        guard text.hasPrefix("${"), text.hasSuffix("}"), text.count > 3 else { return nil }
        let inner = text.dropFirst(2).dropLast()
        if inner.hasPrefix("env."), inner.count > 4 {
            let name = String(inner.dropFirst(4))
            guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return nil }
            self = .environment(name)
        } else if inner.hasPrefix("secret."), inner.count > 7, !inner.contains("}") {
            self = .stored(String(inner.dropFirst(7)))
        } else {
            return nil
        }
    }

    package var description: String {
        switch self {
        case .environment(let name): "${env.\(name)}"
        case .stored(let id): "${secret.\(id)}"
        }
    }
}
