@testable import Shell
import Testing

/// What a command line hands apish as credentials, which the session then holds (masked on pipes and in
/// `--json` too, where a guess is not).
@Suite struct TypedCredentialsTests {
    @Test func aTargetsUserInformationAndCredentialQueryParametersAreHeld() {
        // GIVEN targets with a password in the URL and credential-named query parameters
        let found = Set(TypedCredentials.values(in: [
            "http://ada:Url%40Pw31@127.0.0.1:8080/echo?page=2&api_key=Qk9x1&token=T%2F77",
            "/echo?access_token=At55&limit=10", "svc/items?client_secret=Cs66", "page==3",
        ]))
        // THEN the password, user:password and each credential value are held, decoded and as written
        for secret in ["Url@Pw31", "ada:Url@Pw31", "Qk9x1", "T/77", "T%2F77", "At55", "Cs66"] {
            #expect(found.contains(secret), "\(secret) in \(found)")
        }
        // AND plain parameters are not
        for plain in ["2", "10", "3", "ada"] {
            #expect(!found.contains(plain), "\(plain)")
        }
    }
}
