import Facade
import ScriptLanguage
import Reports
import Shell

/// `impact --run`: the script run once on version A and once on B, as `--each-version` runs it (the
/// version chosen, a fresh session on the same facade, output kept out of sight), to put each line's
/// static finding beside what happened.
struct ImpactRun {
    let file: String
    let service: String
    let context: CommandContext

    /// What each line did (by line number); the service is left on the version it was on before.
    func run(_ text: String, version: String) -> [Int: ImpactRunResult] {
        let facade = context.session.facade
        let previous = facade.workspace.hasChosenVersion(of: service) ? facade.workspace.activeVersion(of: service) : nil
        defer {
            if let previous { _ = try? facade.workspace.use(service, version: previous.description) }
        }
        do {
            try facade.workspace.use(service, version: version)
        } catch {
            return [:]
        }
        var options = context.session.options
        options.story = false
        options.json = false
        options.failFast = false
        let session = Session(facade: facade, commands: context.session.shellCommands, options: options, environment: context.session.environment)
        let engine = ShellEngine(session: session, registry: context.engine.registry, output: BufferedOutput())
        engine.keepsCases = true
        engine.run(LineListSource(text: text), file: file)
        var results: [Int: ImpactRunResult] = [:]
        for result in engine.cases {
            guard let location = result.location, location.file == file else { continue }
            if let failure = result.failure {
                results[location.line] = .failed(session.redact(failure))
            } else if results[location.line] == nil {
                results[location.line] = .passed
            }
        }
        return results
    }

    /// A mock of each of `entries` that no server answers for (refused, no such host, timed out), made from
    /// its description and pointed at for the run (`stop` points back), and the note that says so. A mock
    /// already running for the service is left as it is, and the note names the versions that run on it.
    func mockUnreachable(_ entries: [LocatorEntry]) -> (mock: ServiceMock?, notes: [String]) {
        let session = context.session
        if let running = session.mocks[service] {
            let onMock = entries.filter { running.mocked[$0.key] == $0.url }
            guard let first = onMock.first else { return (nil, []) }
            let named = "\(service) " + onMock.map(\.version.description).joined(separator: " and ")
            return (nil, ["\(named): ran the script on the mock already running (\(first.url)), not on a server"])
        }
        let facade = session.facade
        let unreachable = entries.compactMap { entry in facade.requests.unreachableReason(entry).map { (entry, $0) } }
        guard let first = unreachable.first else { return (nil, []) }
        let versions = unreachable.map { $0.0.version.description }
        let named = "\(service) " + versions.joined(separator: " and ")
        do {
            let (mock, warnings) = try ServiceMock.start(service, versions: versions, session: session)
            return (mock, warnings + [
                "\(named): no reachable server (\(first.1) at \(first.0.url)); ran the script on a mock made from "
                    + (versions.count == 1 ? "its description" : "their descriptions") + " instead",
            ])
        } catch {
            return (nil, ["\(named): no reachable server (\(first.1)), and no mock either: \(error)"])
        }
    }

    /// The static result with what happened beside each line: a `review` finding on a line that passed
    /// on B is `ok`.
    static func confirm(_ result: ImpactResult, onA: [Int: ImpactRunResult], onB: [Int: ImpactRunResult]) -> ImpactResult {
        var confirmed = result
        for index in confirmed.lines.indices {
            let number = confirmed.lines[index].number
            let a = onA[number] ?? .notRun, b = onB[number] ?? .notRun
            confirmed.lines[index].runA = a
            confirmed.lines[index].runB = b
            guard b == .passed else { continue }
            for finding in confirmed.lines[index].findings.indices where confirmed.lines[index].findings[finding].verdict == .review {
                confirmed.lines[index].findings[finding].verdict = .ok
            }
        }
        return confirmed
    }
}
