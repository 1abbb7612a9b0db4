@testable import DemoAPIs
import TestSupport
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

@Suite struct RawRequestTests {
    private func request(_ items: [String], target: String = "weather") throws -> RawRequest {
        try RawRequest(method: .post, target: target, items: items)
    }

    @Test func parsesEachKindOfItem() throws {
        // GIVEN one item of each kind / WHEN parsed / THEN each lands where it belongs
        let raw = try request(["name=eye", "age:=3", "city==Boston", "X-Trace:abc"])
        #expect(raw.fields.map(\.name) == ["name", "age"])
        #expect(raw.fields[0].value == .string("eye") && !raw.fields[0].isJSON)
        #expect(raw.fields[1].value.intValue == 3 && raw.fields[1].isJSON)
        #expect(raw.query == [FormField("city", "Boston")])
        #expect(raw.headers == [FormField("X-Trace", "abc")])
    }

    @Test func theEarliestSeparatorWins() throws {
        // GIVEN items whose values contain other separators
        let raw = try request(["a=b:c", "H:a=b", "q==x=y", "j:=\"p:q\"", "T: spaced value "])

        // THEN `a=b:c` is a field, `H:a=b` a header, `q==x=y` a query item, `:=` beats `:`
        #expect(raw.fields.map(\.name) == ["a", "j"])
        #expect(raw.fields[0].value == .string("b:c"))
        #expect(raw.fields[1].value == .string("p:q"))
        #expect(raw.headers == [FormField("H", "a=b"), FormField("T", "spaced value")])
        #expect(raw.query == [FormField("q", "x=y")])
    }

    @Test(arguments: ["=value", ":value", "==value", ":=1", "novalue", ""])
    func anItemWithoutANameIsAnError(item: String) throws {
        let error = try #require(throws: RequestItemError.self) { try request([item]) }
        #expect(error.description.contains("bad item '\(item)'"))
    }

    @Test func badJSONIsAnErrorNamingTheItem() throws {
        let error = try #require(throws: RequestItemError.self) { try request(["tags:=[1,"]) }
        #expect(error.description.hasPrefix("bad JSON in 'tags:='"))
    }

    @Test func aHeaderNameWithSpacesIsAnError() throws {
        let error = try #require(throws: RequestItemError.self) { try request(["Bad Header:x"]) }
        #expect(error.description == "bad header name 'Bad Header'")
    }

    @Test func targetsAreServicesRelativePathsOrURLs() throws {
        #expect(RawRequest.Target("weather") == .service(name: "weather", path: ""))
        #expect(RawRequest.Target("twit/like/t01") == .service(name: "twit", path: "/like/t01"))
        #expect(RawRequest.Target("/user") == .relative("/user"))
        #expect(RawRequest.Target("HTTPS://x.test/a") == .url("HTTPS://x.test/a"))
        #expect(throws: RequestItemError.self) { try RawRequest(method: .get, target: "", items: []) }
    }

    @Test func aRelativeTargetNeedsACurrentService() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        #expect(throws: FacadeError.noActiveService) { try facade.requests.send(RawRequest(method: .get, target: "/twit", items: [])) }
        try facade.workspace.use("twit", version: "1")
        let exchange = try facade.requests.send(RawRequest(method: .get, target: "/user", items: []))
        #expect(exchange.displayURL == server.url("/twit-api/user"))
        #expect(exchange.body?["data"]?["name"]?.stringValue == "Yujin")
    }

    @Test func formFieldsMakeAFormBody() throws {
        // GIVEN plain fields, one with characters that must be escaped
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let raw = try RawRequest(method: .post, target: server.url("/echo/form"), items: ["name=eye", "home=http://theeye.pe.kr"])

        // WHEN sent / THEN the server got a form-urlencoded body, `:` and `/` escaped
        let exchange = try facade.requests.send(raw)
        #expect(exchange.body?["body"]?.stringValue == "name=eye&home=http%3A%2F%2Ftheeye.pe.kr")
        #expect(exchange.body?["headers"]?["content-type"]?.stringValue?.hasPrefix("application/x-www-form-urlencoded") == true)
        #expect(exchange.body?["form"]?["home"]?.stringValue == "http://theeye.pe.kr")
        #expect(exchange.body?["method"]?.stringValue == "POST")
    }

    @Test func anyJSONItemMakesAJSONBodyOfEveryField() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let raw = try RawRequest(
            method: .put, target: server.url("/echo/items/3"), items: ["name=eye", "age:=3", #"tags:=["a","b"]"#, "page==2"])
        let exchange = try facade.requests.send(raw)
        let json = try #require(exchange.body?["json"])
        #expect(json["name"]?.stringValue == "eye")
        #expect(json["age"]?.intValue == 3)
        #expect(json["tags"] == .array([.string("a"), .string("b")]))
        #expect(exchange.body?["headers"]?["content-type"]?.stringValue == "application/json")
        #expect(exchange.body?["query"]?["page"]?.stringValue == "2")
        #expect(exchange.body?["method"]?.stringValue == "PUT")
    }

    @Test func headersAndQueryWithoutFieldsSendNoBody() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let exchange = try facade.requests.send(RawRequest(method: .get, target: server.url("/echo"), items: ["X-One:1", "a==b c"]))
        #expect(exchange.body?["body"]?.stringValue == "")
        #expect(exchange.body?["headers"]?["x-one"]?.stringValue == "1")
        #expect(exchange.body?["query"]?["a"]?.stringValue == "b c")
    }

    @Test func aServiceTargetWithoutAPathDecodesWithTheServiceModel() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let exchange = try facade.requests.send(RawRequest(method: .get, target: "weather", items: ["city==Seattle"]))
        #expect(exchange.model?.typeName == "WeatherV2")
        #expect(exchange.value(WeatherV2.self)?.city == "Seattle")
    }
}
