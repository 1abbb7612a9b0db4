@testable import Commands
import Facade
import Foundation
import HTTPTypes
@testable import Shell
import Testing
import TestSupport

/// Stripe's published description on a mock of itself: `call PostCustomers` writes its form body as the
/// operation's `encoding` says (deepObject: `metadata[order_id]=6735`), whichever spelling was typed, and the
/// mock, reading the body by the same rules, accepts it.
@Suite(.serialized) struct StripeFormOnMockTests {
    static let real = Result { try RealDescriptions(["stripe-2022-04-12.json"]) }

    private static func shell() throws -> VersionShell {
        let shell = try VersionShell()
        try shell.session.facade.workspace.locate(try real.get().locator)
        return shell
    }

    /// The form body of the last request, as it went on the wire.
    private static func sentBody(_ shell: VersionShell) -> String {
        String(decoding: shell.session.facade.requests.lastExchange?.request.body.data ?? Data(), as: UTF8.self)
    }

    @Test func postCustomersSendsDeepObjectFieldsAndTheMockAcceptsThem() throws {
        // GIVEN Stripe 2022-04-12 on its mock
        let shell = try Self.shell()
        defer { shell.run("mock stop") }
        let started = shell.run("mock start stripe 2022-04-12")
        #expect(started.ok, "\(started.err)")
        #expect(shell.run("use stripe 2022-04-12").ok)
        #expect(shell.run("auth bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc stripe").ok)
        // WHEN a customer is created with Stripe's own spelling of metadata and a list
        let sent = shell.run("call PostCustomers 'metadata[order_id]=6735' 'preferred_locales[]=en' 'preferred_locales[]=fr'")
        // THEN the body is Stripe's deepObject form, and the mock took it
        #expect(sent.ok, "\(sent.err.prefix(400))")
        #expect(Self.sentBody(shell) == "metadata[order_id]=6735&preferred_locales[0]=en&preferred_locales[1]=fr")
        #expect(shell.run("expect status 200").ok)
        // AND the JSON spelling of the same metadata goes the same way
        #expect(shell.run(#"call PostCustomers metadata:='{"order_id":"6735"}'"#).ok)
        #expect(Self.sentBody(shell) == "metadata[order_id]=6735")
        // AND the mock refuses (422) what the description does not allow: an object where a locale (a string) goes
        let wrong = shell.run(#"call PostCustomers --no-check 'preferred_locales[0][a]=x'"#)
        #expect(Self.sentBody(shell) == "preferred_locales[0][a]=x")
        #expect(!wrong.ok)
        #expect(shell.run("expect status 422").ok, "\(wrong.err.prefix(400))")
    }
}
