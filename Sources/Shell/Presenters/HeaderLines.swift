import HTTPClient
import HTTPTypes
import Secrets

/// Response header fields as shown (`verbose`, `show --headers`, `expect header`): credential-like values
/// (`Set-Cookie`, a reflected `Authorization`, `X-Session-Token`) masked whole but for an auth scheme,
/// anything else with the session's secrets masked.
package enum HeaderLines {
    package static func shownValue(name: String, value: String, session: Session) -> String {
        isMasked(name) ? Redactor.maskKeepingScheme(value) : session.redact(value)
    }

    package static func isMasked(_ name: String) -> Bool {
        Redactor.isCredentialLikeHeader(name) || name.lowercased() == "set-cookie"
    }

    /// `Name: value` per field, in order.
    package static func lines(_ headers: HTTPHeaders, session: Session) -> [String] {
        headers.map { "\($0.name): \(shownValue(name: $0.name, value: $0.value, session: session))" }
    }
}
