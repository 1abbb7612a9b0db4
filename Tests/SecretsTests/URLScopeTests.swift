import Testing
import Secrets

/// Credentials go only to URLs under the service's own URL.
@Suite struct URLScopeTests {
    @Test(arguments: [
        ("http://127.0.0.1:1877/twit-api", "http://127.0.0.1:1877/twit-api/like/t01", true),
        ("http://127.0.0.1:1877/twit-api", "http://127.0.0.1:1877/twit-api", true),
        ("http://127.0.0.1:1877/twit-api/", "http://127.0.0.1:1877/twit-api/user?x=1", true),
        ("http://api.example/v1", "HTTP://API.EXAMPLE:80/v1/x", true),
        ("http://127.0.0.1:1877/twit-api", "http://127.0.0.1:18778/twit-api/x", false),
        ("http://api.example.com/v1", "http://api.example.com.evil.io/v1/x", false),
        ("http://api.example/v1", "https://api.example/v1/x", false),
        ("http://api.example/v1", "http://api.example/v10/x", false),
        ("http://api.example/v1", "http://api.example/other", false),
        ("http://api.example/v1", "not a url", false),
        // Dot segments, raw or percent-encoded, are resolved before the check.
        ("http://127.0.0.1:1877/svc", "http://127.0.0.1:1877/svc/../outside/echo", false),
        ("http://127.0.0.1:1877/svc", "http://127.0.0.1:1877/svc/%2e%2e/outside", false),
        ("http://127.0.0.1:1877/svc", "http://127.0.0.1:1877/svc/.%2E/outside", false),
        ("http://127.0.0.1:1877/svc", "http://127.0.0.1:1877/other/../svc/x", true),
        ("http://127.0.0.1:1877/svc/../outside", "http://127.0.0.1:1877/outside/x", true),
        ("http://api.example/v1", "http://api.example/v1/%2E%2E", false),
        ("http://api.example/v1", "http://api.example/v1%2fx", false),
    ])
    func scope(_ base: String, _ url: String, _ inside: Bool) {
        #expect(URLScope.contains(base: base, url: url) == inside)
    }
}
