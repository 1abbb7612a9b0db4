@testable import Commands
@testable import Facade
import Foundation
import HTTPClient
import Loopback
@testable import Shell
import Testing
import TestSupport

/// `call` in a session of its own (as `apish --locator L -c 'call …'` runs it) on GitHub's and Stripe's
/// published descriptions: with the description loaded before, the call reads its operation's fragment
/// (`OperationCache`) and not the whole document, and does exactly what it does reading the whole: the
/// same bytes on the wire, the same output, the same refusals.
@Suite(.serialized) struct OneShotCallCacheTests {
    static let real = Result { try RealDescriptions(["github-2021-10-10.json", "stripe-2022-04-12.json"]) }

    static let lines = [
        "call issues/list-for-repo owner=octo repo=hello state=open per_page=5 labels=bug,ui",
        "call repos/get-content owner=octo repo=hello path=docs/README.md ref=main",
        #"call issues/create owner=octo repo=hello title=Broken body='It fails' labels:='["bug"]'"#,
        "call repos/compare-commits owner=octo repo=hello basehead=main...topic",
        "call 'PATCH /repos/{owner}/{repo}' owner=octo repo=hello description=new private:=true",
        "call issues/list-for-repo owner=octo",
        "call issues/list-for-repo owner=octo repo=hello per_page=many",
        "call issues/list-for-rep owner=octo repo=hello",
        "call GetCustomers limit=3 email=a@example.com",
        "call PostCustomers 'metadata[order_id]=6735' 'preferred_locales[]=en' email=a@example.com",
        #"call PostCustomers metadata:='{"order_id":"6735"}' description='a customer'"#,
        "call GetCustomersCustomer customer=cus_123 'expand[]=sources'",
        "call PostCustomers --no-check unknown=1",
        "call GetCustomers limit=abc",
    ]

    /// A locator of GitHub's and Stripe's descriptions, both served by `server`, written beside them.
    static func locator(named name: String, in real: RealDescriptions, server: RecordingServer) throws -> String {
        let locator = real.folder + "/" + name
        try Data("""
            {"services": [
              {"name": "github", "version": "2021-10-10", "url": "\(server.baseURL)", "versioning": {"header": "X-GitHub-Api-Version"}, "openapi": "github-2021-10-10.json"},
              {"name": "stripe", "version": "2022-04-12", "url": "\(server.baseURL)", "versioning": {"header": "Stripe-Version"}, "openapi": "stripe-2022-04-12.json"}
            ]}
            """.utf8).write(to: URL(fileURLWithPath: locator))
        return locator
    }

    /// What one session did with one line: its result, output, and the bytes the server got.
    struct Run: Equatable {
        let ok: Bool
        let out: String
        let err: String
        let sent: String
    }

    /// A fresh session (a process of its own) that loads `locator`, runs `line`, and reports whether it
    /// read a whole description.
    static func run(_ line: String, locator: String, cache: DocumentCache?, server: RecordingServer) throws -> (run: Run, readWhole: Bool) {
        let output = WatchedOutput()
        let session = Session(facade: ServiceFacade(transport: CurlTransport(), documentCache: cache), bundles: [], options: ShellOptions())
        let engine = ShellEngine(session: session, output: output)
        try session.facade.workspace.locate(locator)
        let before = server.receivedBytes.count
        let ok = engine.execute(line)
        let sent = String(decoding: server.receivedBytes.dropFirst(before), as: UTF8.self)
        let readWhole = session.facade.workspace.documents.values.contains { $0.openapi?.isRead == true }
        let (out, err) = output.snapshot()
        return (Run(ok: ok, out: out, err: err, sent: sent), readWhole)
    }

    @Test func aCallFromTheCacheSendsAndSaysExactlyWhatACallReadingTheWholeDoes() throws {
        // GIVEN GitHub and Stripe as published, served by a loopback server, and a cache that loaded them once
        // and then called (the call reads both whole, looking for the operation, and keeps their converted forms)
        let real = try Self.real.get()
        let server = try RecordingServer(body: "{}")
        let locator = try Self.locator(named: "one-shot.json", in: real, server: server)
        let folder = try ScratchDirectory()
        let cache = DocumentCache(directory: folder.path)
        _ = try Self.run("services", locator: locator, cache: cache, server: server)
        #expect(try Self.run("call issues/get owner=octo repo=hello issue_number=1", locator: locator, cache: cache, server: server).readWhole)
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.path + "/operations")).count == 2)
        for line in Self.lines {
            // WHEN the line runs in a session that reads the whole description, and in one that has the cache
            let whole = try Self.run(line, locator: locator, cache: nil, server: server)
            let cached = try Self.run(line, locator: locator, cache: cache, server: server)
            // THEN the two did the same, to the byte
            #expect(whole.readWhole)
            #expect(cached.run == whole.run, "\(line)")
            // AND the cached one read no whole description, but for an operation no description has
            #expect(cached.readWhole == line.contains("list-for-rep "), "\(line)")
            // AND a call reached the server, a refusal (a missing or mistyped parameter, an unknown operation) did not
            #expect(cached.run.sent.isEmpty == Self.refused.contains(line), "\(line)")
        }
        let compare = try Self.run(Self.lines[3], locator: locator, cache: cache, server: server)
        #expect(compare.run.sent.hasPrefix("GET /repos/octo/hello/compare/main...topic HTTP/1.1\r\n"))
        #expect(compare.run.sent.contains("\r\nX-GitHub-Api-Version: 2021-10-10\r\n"))
        // AND `cache clear` empties the folder, converted forms and summaries alike
        let cleared = try Self.run("cache clear", locator: locator, cache: cache, server: server)
        #expect(cleared.run.ok && cleared.run.out.hasSuffix(" files removed from \(folder.path)\n"), "\(cleared.run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/operations").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/descriptions").isEmpty)
    }

    static let refused = [lines[5], lines[6], lines[7], lines[13]]

    /// Answers that reach deep into the schemas, one right and one wrong three `$ref`s down (a card inside a
    /// customer's `default_source`, an `anyOf` of a string and five objects; a label inside an issue): the
    /// call from the cache, whose schemas are read as the check reaches them, says what the whole says.
    @Test(arguments: [
        ("call GetCustomers limit=3", #"{"object": "list", "data": [{"id": "cus_1", "object": "customer", "created": 1, "livemode": false, "default_source": {"id": "card_1", "object": "card", "brand": "Visa", "last4": "4242", "exp_month": 1, "exp_year": 2030, "funding": "credit", "country": "US"}, "metadata": {"a": "b"}}], "has_more": false, "url": "/v1/customers"}"#),
        ("call GetCustomers limit=3", #"{"object": "list", "data": [{"id": "cus_1", "object": "customer", "created": 1, "livemode": false, "default_source": {"id": "card_1", "object": "card", "brand": 7}, "metadata": {"a": "b"}}], "has_more": false, "url": "/v1/customers"}"#),
        ("call issues/list-for-repo owner=octo repo=hello", #"[{"id": 1, "number": 2, "title": "t", "state": "open", "user": {"login": "u", "id": 3}, "labels": [{"name": "bug", "id": "x"}], "locked": false}]"#),
    ])
    func anAnswerCheckedFromTheCacheSaysWhatTheWholeSays(line: String, answer: String) throws {
        let real = try Self.real.get()
        let server = try RecordingServer(body: answer)
        let locator = try Self.locator(named: "answers.json", in: real, server: server)
        let folder = try ScratchDirectory()
        let cache = DocumentCache(directory: folder.path)
        _ = try Self.run("services", locator: locator, cache: cache, server: server)
        _ = try Self.run(line, locator: locator, cache: cache, server: server)
        let whole = try Self.run(line, locator: locator, cache: nil, server: server)
        let cached = try Self.run(line, locator: locator, cache: cache, server: server)
        #expect(!cached.readWhole)
        #expect(cached.run == whole.run)
        // (the check does look that deep: a wrong card fails at the customer's default_source, an `anyOf` of a
        // string and five schemas, each read on demand to be tried and named; a right one passes it)
        let said = cached.run.err.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let wrongCard = answer.contains(#""brand": 7"#)
        #expect(said.contains("decode error: data[0].default_source: expected one of: string, alipay_account, bank_account, bitcoin_receiver, card, source, found object") == wrongCard, "\(said)")
        if line.contains("GetCustomers"), !wrongCard { #expect(!said.contains("decode error"), "\(said)") }
    }
}
