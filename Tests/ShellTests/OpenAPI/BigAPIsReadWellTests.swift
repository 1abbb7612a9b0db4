@testable import Commands
import Facade
import Rendering
@testable import Shell
import Testing
import TestSupport

/// GitHub's and Stripe's published descriptions, loaded as published: `ops` keeps paths readable at 80
/// columns, Stripe's operations get a summary from their description, and Tab finds a word inside a name.
@Suite struct BigAPIsReadWellTests {
    static let real = Result { try RealDescriptions(["github-2021-10-10.json", "stripe-2022-04-12.json"]) }

    /// A shell on the fixtures' locator (only the two loaded versions answer `ops`).
    static func shell() throws -> VersionShell {
        let shell = try VersionShell()
        try shell.session.facade.workspace.locate(try real.get().locator)
        return shell
    }

    @Test func gitHubLoadsAsPublishedAndItsPathsStayReadableAt80Columns() throws {
        let shell = try Self.shell()
        // GIVEN GitHub's description, whose examples hold `$ref` members that are data
        let listed = shell.run("ops github repos/list-comments-for")
        #expect(listed.ok, "\(listed.err)")
        #expect(!listed.err.contains("cannot use OpenAPI document"), "\(listed.err)")
        // WHEN its operations are laid out at 80 columns
        let entry = try #require(shell.session.facade.workspace.locator?.entries.first { $0.name == "github" && $0.version.description == "2021-10-10" })
        let operations = try shell.session.facade.descriptions.openAPI(of: entry).document.operations
        let text = TableRenderer.render(OperationPresenter.table(operations), width: 80, style: TextStyle(color: false))
        let lines = text.split(separator: "\n")
        // THEN the table fits, and every path keeps its first two segments and its last
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 80 })
        for operation in operations {
            let segments = operation.path.split(separator: "/")
            guard segments.count > 3, let last = segments.last else { continue }
            let head = "/" + segments[0] + "/" + segments[1] + "/"
            #expect(lines.contains { $0.hasPrefix(operation.method.rawValue + " ") && $0.contains(head) && $0.contains("/" + last + " ") },
                    "\(operation.signature) is not shown as \(head)…/\(last)")
        }
    }

    @Test func stripesOperationsAreSummedUpByTheirDescription() throws {
        let shell = try Self.shell()
        let entry = try #require(shell.session.facade.workspace.locator?.entries.first { $0.name == "stripe" && $0.version.description == "2022-04-12" })
        let operations = try shell.session.facade.descriptions.openAPI(of: entry).document.operations
        #expect(operations.count == 417)
        // Stripe writes no summaries; every operation with a description is summed up by its first sentence
        let described = operations.filter { !($0.description ?? "").isEmpty }
        #expect(operations.allSatisfy { ($0.summary ?? "").isEmpty } && described.count > 400)
        let summaries = described.map { OperationPresenter.summary(of: $0) }
        #expect(summaries.allSatisfy { $0?.isEmpty == false })
        let create = try #require(operations.first { $0.operationId == "PostCustomers" })
        #expect(OperationPresenter.summary(of: create) == "Creates a new customer object.")
        // tags and links are text, not markup
        #expect(!summaries.contains { $0?.contains("<") == true || $0?.contains("](") == true })
    }

    @Test func tabFindsAWordInsideAnOperationName() throws {
        let shell = try Self.shell()
        _ = shell.run("use github 2021-10-10")
        func complete(_ line: String) -> [String] {
            Completer(session: shell.session).complete(line: line, cursor: line.count).candidates
        }
        // GIVEN no operationId starts with `list-for-re`
        let found = complete("call list-for-re")
        // THEN the names that hold it are offered; a prefix still wins when there is one
        #expect(found.contains("issues/list-for-repo"), "\(found)")
        #expect(found.allSatisfy { $0.contains("list-for-re") }, "\(found)")
        let prefixed = complete("call issues/list-for-r")
        #expect(prefixed.contains("issues/list-for-repo") && prefixed.allSatisfy { $0.hasPrefix("issues/list-for-r") }, "\(prefixed)")
    }

    @Test func helpStartsWithItsUsageAndFoldsLongProse() throws {
        let shell = try Self.shell()
        _ = shell.run("use github 2021-10-10")
        // GIVEN an operation whose description runs to about 45 lines
        let folded = shell.run("help repos/get-content")
        let lines = folded.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // THEN its usage is the third line, its parameters follow, and the prose comes after, folded
        #expect(lines.count > 3 && lines[2].hasPrefix("usage: call repos/get-content OWNER REPO PATH"), "\(folded.out)")
        let parameters = try #require(lines.firstIndex(of: "parameters:"))
        let prose = try #require(lines.firstIndex { $0.hasPrefix("Gets the contents of a file or directory") })
        #expect(parameters < prose)
        #expect(lines.contains { $0.hasPrefix("(") && $0.hasSuffix("more lines: help repos/get-content --full)") }, "\(folded.out)")
        // AND a link keeps its URL whole on one line
        #expect(lines.contains { $0.contains("(https://docs.github.com/rest/reference/repos#custom-media-types)") }, "\(folded.out)")
        // AND --full shows it all
        let full = shell.run("help repos/get-content --full").out
        #expect(full.split(separator: "\n").count > lines.count && !full.contains("--full)"))
    }
}
