import APIDescriptions
import Testing
import TestSupport
@testable import Shell
@testable import Rendering

/// URLs are cut in the middle: the host stays at the front, the end of the path at the back.
@Suite struct URLShortenerTests {
    @Test func keepsTheHostStartAndThePath() {
        let url = "http://127.0.0.1:45678/weather/v2"
        #expect(URLShortener.shortened(url, toWidth: 30) == "http://127.0.0.1:4…/weather/v2")
        #expect(URLShortener.shortened(url, toWidth: 40) == url)
    }

    @Test func theQueryGoesFirst() {
        let url = "http://127.0.0.1:45678/faults/delay/3000?padding=" + String(repeating: "x", count: 80)
        #expect(URLShortener.shortened(url, toWidth: 50) == "http://127.0.0.1:45678/faults/delay/3000?…")
    }

    @Test func aLongPathKeepsItsLastSegments() {
        let url = "https://api.example.com/v1/organisations/acme/projects/apish/releases/42"
        let short = URLShortener.shortened(url, toWidth: 36)
        #expect(DisplayWidth.of(short) <= 36)
        #expect(short.hasPrefix("https://api."))
        #expect(short.hasSuffix("/releases/42"))
        #expect(short.contains("…"))
    }

    /// `ops` floors its PATH column at each path's narrowest cut: on GitHub's paths, that width is the one
    /// `shortenedPath` reaches (first two segments, `…`, the last) and it gives no narrower one; a path of
    /// three segments or fewer is never cut.
    @Test func theShortestPathWidthIsTheNarrowestCutOfEachOfGitHubsPaths() throws {
        let name = "github-2021-10-10.json"
        let files = try RealDescriptions([name])
        let outline = try #require(OpenAPIOutline.read(try files.data(name), source: files.folder + "/" + name))
        let paths = Set(outline.operations.map(\.path))
        #expect(paths.count > 400)
        for path in paths {
            let width = URLShortener.shortestPathWidth(path)
            if let cut = URLShortener.shortenedPath(path, toWidth: width) {
                #expect(DisplayWidth.of(cut) == width, "\(path)")
                #expect(URLShortener.shortenedPath(path, toWidth: width - 1) == nil, "\(path)")
            } else {
                #expect(width == DisplayWidth.of(path), "\(path)")
            }
        }
        #expect(paths.map(URLShortener.shortestPathWidth).reduce(0, +) == 12634)
        #expect(URLShortener.shortestPathWidth("/repos/{owner}/{repo}/pulls/comments/{comment_id}") == 29)
        #expect(URLShortener.shortestPathWidth("/repos/{owner}/{repo}") == 21)
        #expect(URLShortener.shortestPathWidth("/") == 1)
        #expect(URLShortener.shortestPathWidth("") == 0)
    }

    /// Paths that are not printable ASCII take the general path and get the same narrowest cut.
    @Test func theShortestPathWidthOfWideOrControlTextIsItsNarrowestCut() {
        for path in ["/café/名前/a/b/データ", "/e\u{301}/x/y/z", "/a\u{1B}[1m/b/c/d", "/名前/x/y"] {
            let width = URLShortener.shortestPathWidth(path)
            let cut = URLShortener.shortenedPath(path, toWidth: width)
            #expect(DisplayWidth.of(cut ?? path) == width, "\(path)")
        }
        #expect(URLShortener.shortestPathWidth("/café/名前/a/b/データ") == 19)
    }

    @Test func neverWiderThanAsked() {
        let url = "http://example.com/" + String(repeating: "segment", count: 30)
        for width in 1...60 {
            #expect(DisplayWidth.of(URLShortener.shortened(url, toWidth: width)) <= width, "width \(width)")
        }
    }

    @Test func onlyURLsLookLikeURLs() {
        #expect(URLShortener.looksLikeURL("http://127.0.0.1:1/x"))
        #expect(URLShortener.looksLikeURL("file:///tmp/services.json"))
        #expect(!URLShortener.looksLikeURL("a note with http://x in it"))
        #expect(!URLShortener.looksLikeURL("Seattle"))
        #expect(!URLShortener.looksLikeURL("://nothing"))
    }

    @Test func theSchemeIsASCIILettersDigitsPlusMinusAndDotsBeforeTheFirstSeparator() {
        #expect(URLShortener.looksLikeURL("h://x"))
        #expect(URLShortener.looksLikeURL("git+ssh://host/repo.git"))
        #expect(URLShortener.looksLikeURL("http://東京.example/パス"))
        #expect(!URLShortener.looksLikeURL("http:/x"))
        #expect(!URLShortener.looksLikeURL("http:x//y"))
        #expect(!URLShortener.looksLikeURL("x:://y"))
        #expect(!URLShortener.looksLikeURL("a:b://x"))
        #expect(!URLShortener.looksLikeURL("café://x"))
        #expect(!URLShortener.looksLikeURL("ht tp://x"))
        #expect(!URLShortener.looksLikeURL("http://x/a b"))
        #expect(!URLShortener.looksLikeURL("::"))
        #expect(!URLShortener.looksLikeURL(""))
    }

    @Test func theOriginEndsAtTheFirstSlashOfThePath() {
        #expect(URLShortener.origin(of: "http://127.0.0.1:45678/weather/v2") == "http://127.0.0.1:45678")
        #expect(URLShortener.origin(of: "https://東京.example/a/b") == "https://東京.example")
        #expect(URLShortener.origin(of: "http://host") == nil)
        #expect(URLShortener.origin(of: "no separator/here") == nil)
        #expect(URLShortener.schemeSeparatorOffset("a::://b") == 3)
    }
}
