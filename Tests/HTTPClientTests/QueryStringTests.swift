import Testing
import HTTPClient
import HTTPTypes

@Suite("Query strings")
struct QueryStringTests {
    @Test func itemsStartAQueryWhenThereIsNone() {
        #expect(QueryString.append([FormField("city", "Boston")], to: "http://h/weather/v2") == "http://h/weather/v2?city=Boston")
    }

    @Test func itemsExtendAnExistingQuery() {
        #expect(QueryString.append([FormField("b", "2")], to: "http://h/p?a=1") == "http://h/p?a=1&b=2")
        #expect(QueryString.append([FormField("b", "2")], to: "http://h/p?") == "http://h/p?b=2")
        #expect(QueryString.append([FormField("b", "2")], to: "http://h/p?a=1&") == "http://h/p?a=1&b=2")
    }

    @Test func theFragmentStaysLast() {
        #expect(QueryString.append([FormField("b", "x y")], to: "http://h/p?a=1#top") == "http://h/p?a=1&b=x%20y#top")
        #expect(QueryString.append([FormField("b", "2")], to: "http://h/p#frag?not-a-query") == "http://h/p?b=2#frag?not-a-query")
    }

    @Test func noItemsLeavesTheURLAlone() {
        #expect(QueryString.append([], to: "http://h/p#f") == "http://h/p#f")
    }

    @Test func valuesUseFormEncoding() {
        let url = QueryString.append([FormField("key", "a&b=c"), FormField("도시", "서울")], to: "http://h/")
        #expect(url == "http://h/?key=a%26b%3Dc&%EB%8F%84%EC%8B%9C=%EC%84%9C%EC%9A%B8")
    }

    @Test func requestFullURLAppendsItsQuery() {
        let request = HTTPRequest(url: "http://h/stock/v2", query: [FormField("symbol", "AAPL")])
        #expect(request.fullURL == "http://h/stock/v2?symbol=AAPL")
    }
}
