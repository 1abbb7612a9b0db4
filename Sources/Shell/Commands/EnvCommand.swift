import FoundationFree
import Facade
import JSON
import Secrets
import HTTPClient
import HTTPTypes

/// `env load FILE`: `NAME=value` lines (dotenv, hurl) into variables. Values named like credentials
/// (`GITHUB_TOKEN`, `api_key`) are secrets from then on, masked wherever they would be shown.
struct EnvCommand: Command {
    let name = "env"
    let abstract = "Load NAME=value lines of a dotenv file into variables (credential-like names are secrets)"
    let usage = "env load FILE"
    let details = ["env load .env        then $GITHUB_TOKEN in any argument (apish --env FILE at start)"]

    func complete(_ previous: [String], session: Session) -> [String] {
        previous.isEmpty ? ["load"] : []
    }

    func completesPath(_ previous: [String]) -> Bool {
        previous.count == 1 && previous[0] == "load"
    }

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        guard arguments.count == 2, arguments[0].lowercased() == "load" else { throw .usage(self) }
        let names: [String]
        do {
            names = try context.session.loadEnvFile(arguments[1])
        } catch {
            throw CommandError(error.description)
        }
        let secret = names.filter { Redactor.isCredentialName($0) }
        var line = "\(names.count) variable\(names.count == 1 ? "" : "s") from \(arguments[1])"
        if !secret.isEmpty { line += " (secret: \(secret.joined(separator: ", ")))" }
        var report = RunResult(lines: [line])
        report.data = .object(JSONObject([("file", .string(arguments[1])), ("variables", .array(names.map(JSONValue.string)))]))
        return report
    }
}

extension Session {
    /// Reads a dotenv file into variables; the names set, in order.
    @discardableResult
    public func loadEnvFile(_ path: String) throws(StoredFileError) -> [String] {
        guard let bytes = try SecureFile.read(LocatorLocation.expandTilde(path)) else {
            throw SecureFile.Failure("env: no such file \(path)")
        }
        let pairs: [(name: String, value: String)]
        do throws(DotEnv.Failure) {
            pairs = try DotEnv.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw SecureFile.Failure("env: \(path): \(error.description)")
        }
        for pair in pairs { variables[pair.name] = pair.value }
        return pairs.map(\.name)
    }
}
