import HTTPClient
import HTTPTypes
import Secrets
import APIDescriptions

/// Which credentials an OpenAPI operation's request carries, and the warning when its requirement is
/// not met. Pure: it reads the credentials that apply to the request and decides.
struct SecurityPlan {
    typealias Placement = CredentialPlacement

    let placements: [Placement]
    /// One line naming the schemes that are missing and what to type, when no alternative is satisfied.
    let warning: String?

    /// The first alternative whose schemes all have a credential wins. When none does, the request
    /// carries what the first alternative can get and the warning says what is missing; an alternative
    /// that needs nothing (`{}`) makes the credentials optional, so then nothing is missing.
    init(operation: String, security: OpenAPISecurity, applicable: Credentials.Applicable, context: AuthContext) {
        var firstPartial: (placements: [Placement], missing: [OpenAPISecurityScheme])?
        for requirement in security.alternatives where !requirement.isAnonymous {
            var found: [Placement] = []
            var missing: [OpenAPISecurityScheme] = []
            for (scheme, _) in requirement.schemes {
                if let placement = Self.credential(for: scheme, in: applicable, context: context) {
                    found.append(placement)
                } else {
                    missing.append(scheme)
                }
            }
            if missing.isEmpty {
                placements = found
                warning = nil
                return
            }
            if firstPartial == nil { firstPartial = (found, missing) }
        }
        placements = firstPartial?.placements ?? []
        guard !security.allowsAnonymous, let firstPartial else {
            warning = nil
            return
        }
        let others = security.alternatives.count - 1
        warning = "\(operation) needs " + Self.needs(firstPartial.missing)
            + (others > 0 ? " (or \(others) other way\(others == 1 ? "" : "s") to sign in: help \(operation))" : "")
    }

    /// The one place a scheme finds its credential among those in scope: the first (in slot order) whose
    /// auth scheme satisfies it, else a credential header of an `apiKey` scheme's name.
    static func credential(
        for scheme: OpenAPISecurityScheme, in applicable: Credentials.Applicable, context: AuthContext
    ) -> Placement? {
        for applied in applicable.credentials {
            if let placement = (applied.credential as? any CredentialPlacing)?.placement(for: scheme, base: applied.base, context: context) {
                return placement
            }
        }
        // A header set with `header X-Api-Key …` is a credential too; the pipeline sends it as it is.
        if case let .apiKey(name, .header) = scheme.kind,
           let header = applicable.headers.first(where: { $0.name.lowercased() == name.lowercased() }) {
            return Placement(place: .header(header.name), value: header.value, base: header.base)
        }
        return nil
    }

    /// `X-Api-Key (apiKey in header): auth key X-Api-Key=…`, several joined by ` and `.
    private static func needs(_ schemes: [OpenAPISecurityScheme]) -> String {
        schemes.map { scheme in
            let shown: String = if case let .apiKey(name, _) = scheme.kind { name } else { scheme.name }
            let command = AuthSchemes.authCommand(for: scheme).map { ": \($0)" } ?? ", which apish cannot send"
            return "\(shown) (\(scheme.summary))\(command)"
        }.joined(separator: " and ")
    }
}
