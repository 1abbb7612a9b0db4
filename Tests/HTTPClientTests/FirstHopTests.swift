import Testing
@testable import HTTPClient
@testable import HTTPTypes

/// The first hop of a request is the request as it goes out: its full URL as sent, no separate query, and
/// no credential whose scope the URL leaves. A request that is all that already is its own hop.
@Suite("First hop")
struct FirstHopTests {
    @Test func aRequestSentAsWrittenIsItsOwnHop() {
        let request = HTTPRequest(url: "http://127.0.0.1:8080/weather.json")
        let hop = RedirectPolicy.firstHop(of: request, checkedSentURL: request.sentURL)
        #expect(hop == request)
    }

    @Test func aQueryGoesIntoTheURL() {
        let request = HTTPRequest(url: "http://127.0.0.1:8080/weather.json", query: [FormField(name: "city", value: "Richmond")])
        let hop = RedirectPolicy.firstHop(of: request, checkedSentURL: request.sentURL)
        #expect(hop.url == "http://127.0.0.1:8080/weather.json?city=Richmond")
        #expect(hop.query.isEmpty)
        #expect(hop.method == request.method)
    }

    @Test func theSentURLReplacesTheWrittenOne() {
        let request = HTTPRequest(url: "http://127.0.0.1:8080/a/../weather.json")
        let sent = "http://127.0.0.1:8080/weather.json"
        #expect(RedirectPolicy.firstHop(of: request, checkedSentURL: sent).url == sent)
    }

    @Test func aCredentialScopedElsewhereIsWithheldEvenWithNothingElseToChange() {
        var request = HTTPRequest(url: "http://127.0.0.1:8080/weather.json", headers: ["Authorization": "Bearer t0ken"])
        request.scope(header: "Authorization", to: "https://api.example.com")
        let hop = RedirectPolicy.firstHop(of: request, checkedSentURL: request.sentURL)
        #expect(hop.headers["Authorization"] == nil)

        var login = HTTPRequest(url: "http://127.0.0.1:8080/weather.json")
        login.login = HTTPLogin(user: "ada", password: "pw", scheme: .basic, scope: "https://api.example.com")
        #expect(RedirectPolicy.firstHop(of: login, checkedSentURL: login.sentURL).login == nil)
    }

    /// A URL canonically equal to the one to send (`é` against `e` + U+0301) is other bytes on the wire: the
    /// hop carries the bytes to send, whether the request is its own hop or a URL checked before is remembered.
    @Test func aCanonicallyEqualURLIsNotTheURLSent() throws {
        let composed = "http://127.0.0.1:8080/caf\u{E9}"
        let decomposed = "http://127.0.0.1:8080/cafe\u{301}"
        #expect(composed == decomposed)
        let own = RedirectPolicy.firstHop(of: HTTPRequest(url: composed), checkedSentURL: decomposed)
        #expect(Array(own.url.utf8) == Array(decomposed.utf8))

        var handles = CurlHandles(answerPollWindow: .zero)
        let first = try handles.firstHop(of: HTTPRequest(url: composed))
        let second = try handles.firstHop(of: HTTPRequest(url: decomposed))
        #expect(Array(first.url.utf8) == Array(HTTPRequest(url: composed).sentURL.utf8))
        #expect(Array(second.url.utf8) == Array(HTTPRequest(url: decomposed).sentURL.utf8))
        #expect(Array(first.url.utf8) != Array(second.url.utf8))
    }
}
