import Facade

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
        let previous = facade.hasChosenVersion(of: service) ? facade.activeVersion(of: service) : nil
        defer {
            if let previous { _ = try? facade.use(service, version: previous.description) }
        }
        do {
            try facade.use(service, version: version)
        } catch {
            return [:]
        }
        var options = context.session.options
        options.story = false
        options.json = false
        options.failFast = false
        let session = Session(facade: facade, options: options, environment: context.session.environment)
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
