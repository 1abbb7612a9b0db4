@testable import Commands
import Facade
import Foundation
import HTTPTypes
@testable import Shell
import Testing
import TestSupport

/// GitHub's and Stripe's published descriptions, each on a mock of itself: operations of every kind (path,
/// query, JSON and form bodies, deepObject members, lists) go out as the description says, with the version
/// header of the locator, and the mock (which checks each request against the same description) takes them.
@Suite(.serialized) struct RealOperationsOnMockTests {
    static let real = Result { try RealDescriptions(["github-2020-11-27.json", "stripe-2022-04-12.json"]) }

    /// One `call` line, and what must go out: the method, the URL after the mock's base, and the body.
    struct Case: Sendable, CustomTestStringConvertible {
        let line: String
        let method: String
        let target: String
        let body: String?
        var testDescription: String { line }
    }

    static let github: [Case] = [
        Case(line: "call repos/get octocat hello-world", method: "GET", target: "/repos/octocat/hello-world", body: nil),
        Case(line: "call issues/list-for-repo octocat hello-world state=open labels=bug,ui per_page=5", method: "GET",
             target: "/repos/octocat/hello-world/issues?state=open&labels=bug%2Cui&per_page=5", body: nil),
        Case(line: #"call issues/create octocat hello-world title=Broken 'labels:=["bug"]'"#, method: "POST",
             target: "/repos/octocat/hello-world/issues", body: #"{"title":"Broken","labels":["bug"]}"#),
        Case(line: "call repos/compare-commits octocat hello-world main dev", method: "GET",
             target: "/repos/octocat/hello-world/compare/main...dev", body: nil),
        Case(line: "call pulls/list octocat hello-world state=closed sort=updated", method: "GET",
             target: "/repos/octocat/hello-world/pulls?state=closed&sort=updated", body: nil),
        Case(line: "call search/repos q=tetris+language:swift order=desc", method: "GET",
             target: "/search/repositories?q=tetris%2Blanguage%3Aswift&order=desc", body: nil),
        Case(line: #"call gists/create 'files:={"a.txt":{"content":"hi"}}' public:=true"#, method: "POST",
             target: "/gists", body: #"{"files":{"a.txt":{"content":"hi"}},"public":true}"#),
        Case(line: "call repos/update octocat hello-world name=hello has_issues:=false", method: "PATCH",
             target: "/repos/octocat/hello-world", body: #"{"name":"hello","has_issues":false}"#),
        Case(line: "call reactions/create-for-issue octocat hello-world 7 content=heart", method: "POST",
             target: "/repos/octocat/hello-world/issues/7/reactions", body: #"{"content":"heart"}"#),
        Case(line: "call repos/get-content octocat hello-world docs/readme.md", method: "GET",
             target: "/repos/octocat/hello-world/contents/docs%2Freadme.md", body: nil),
    ]

    static let stripe: [Case] = [
        Case(line: "call GetCustomers limit=3 'expand[]=data.default_source' email=a@example.com", method: "GET",
             target: "/v1/customers?limit=3&expand[]=data.default_source&email=a%40example.com", body: nil),
        Case(line: "call GetChargesCharge ch_1 'expand[]=customer'", method: "GET",
             target: "/v1/charges/ch_1?expand[]=customer", body: nil),
        Case(line: "call PostPaymentIntents amount:=2000 currency=usd 'payment_method_types[]=card' 'payment_method_types[]=sepa_debit' 'metadata[order]=6735'",
             method: "POST", target: "/v1/payment_intents",
             body: "amount=2000&currency=usd&payment_method_types[0]=card&payment_method_types[1]=sepa_debit&metadata[order]=6735"),
        Case(line: "call PostCustomersCustomer cus_1 'metadata[order_id]=6735' 'address[city]=Paris' 'address[country]=FR'",
             method: "POST", target: "/v1/customers/cus_1", body: "metadata[order_id]=6735&address[city]=Paris&address[country]=FR"),
        Case(line: "call GetBalance", method: "GET", target: "/v1/balance", body: nil),
        Case(line: "call GetInvoices 'created[gte]:=1600000000' status=paid", method: "GET",
             target: "/v1/invoices?created[gte]=1600000000&status=paid", body: nil),
    ]

    /// A shell on the real locator with `service version` on its mock; the mock's base URL.
    private static func shell(_ service: String, _ version: String) throws -> (VersionShell, String) {
        let shell = try VersionShell()
        try shell.session.facade.workspace.locate(try real.get().locator)
        let started = shell.run("mock start \(service) \(version)")
        #expect(started.ok, "\(started.err.prefix(400))")
        #expect(shell.run("use \(service) \(version)").ok)
        // "github 2020-11-27 → http://127.0.0.1:PORT/github/2020-11-27 (mock, 701 operations)"
        let base = try #require(started.out.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init),
                                "\(started.out.prefix(400))")
        return (shell, base)
    }

    private static func check(_ cases: [Case], on shell: VersionShell, base: String, versionHeader: (String, String)) {
        for item in cases {
            let result = shell.run(item.line)
            #expect(result.ok, "\(item.line): \(result.err.prefix(400))")
            guard let request = shell.session.facade.requests.lastExchange?.request else {
                Issue.record("\(item.line): nothing sent")
                continue
            }
            #expect(request.method.rawValue == item.method, "\(item.line)")
            #expect(request.sentURL == base + item.target, "\(item.line)")
            #expect(request.headers.first { $0.name == versionHeader.0 }?.value == versionHeader.1, "\(item.line)")
            let body = request.body.data.isEmpty ? nil : String(decoding: request.body.data, as: UTF8.self)
            #expect(body == item.body, "\(item.line)")
            #expect(shell.run("expect status < 300").ok, "\(item.line): the mock refused it")
        }
    }

    @Test func tenGitHubOperationsGoOutAsDescribedAndTheMockTakesThem() throws {
        let (shell, base) = try Self.shell("github", "2020-11-27")
        defer { shell.run("mock stop") }
        Self.check(Self.github, on: shell, base: base, versionHeader: ("X-GitHub-Api-Version", "2020-11-27"))
    }

    @Test func sixStripeOperationsGoOutAsDescribedAndTheMockTakesThem() throws {
        let (shell, base) = try Self.shell("stripe", "2022-04-12")
        defer { shell.run("mock stop") }
        #expect(shell.run("auth bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc stripe").ok)
        Self.check(Self.stripe, on: shell, base: base, versionHeader: ("Stripe-Version", "2022-04-12"))
    }
}
