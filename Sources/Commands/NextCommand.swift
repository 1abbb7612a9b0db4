import Facade
import HTTPClient
import HTTPTypes
import Shell

/// `next`: GETs the page after the last response, wherever that response says it is (`NextPage`: a
/// `Link: <…>; rel="next"` header, else a next URL in its body), and shows it as `get URL` would.
/// Without a next page it fails, so a script paging to the end stops there with exit status 1.
struct NextCommand: Command {
    let name = "next"
    let abstract = #"Get the next page of the last response (Link rel="next", else a next URL in its body)"#
    var signature: CommandSignature { .none }
    // Made when help is asked for, not with the registry at every start.
    var details: [String] {
        [
            #"get https://api.github.com/repos/apple/swift/issues per_page==5   then: next   (Link: <…>; rel="next")"#,
            "In the body: " + NextPage.bodyPathNames + "; a relative URL is resolved against the last request's",
        ]
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let next: (url: String, source: NextPage.Source)
        do {
            next = try context.session.facade.requests.nextPage()
        } catch {
            throw CommandError(error)
        }
        var report = try RawRequestCommand(method: .get).run(words: [next.url], in: context)
        report.notes.append("next page: \(context.session.facade.requests.lastExchange?.displayURL ?? next.url) (from \(next.source))")
        return report
    }
}
