import Declarations
import FoundationFree
import Facade
import JSON
import Secrets
import HTTPClient
import HTTPTypes
import Profiles
import Shell

/// `env load FILE`: `NAME=value` lines (dotenv, hurl) into variables. Values named like credentials
/// (`GITHUB_TOKEN`, `api_key`) are secrets from then on, masked wherever they would be shown.
struct EnvCommand: Command {
    let name = "env"
    let abstract = "Load NAME=value lines of a dotenv file into variables (credential-like names are secrets)"
    static let file = Positional("FILE", .file, help: "the dotenv file to read", validator: .nonEmpty)
    var signature: CommandSignature { CommandSignature([ArgumentForm(["load"], [Self.file], help: "read FILE's NAME=value lines into variables")]) }
    let details = ["env load .env        then $GITHUB_TOKEN in any argument (apish --env FILE at start)"]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let file = arguments[Self.file] ?? ""
        let names: [String]
        do {
            names = try context.session.loadEnvFile(file)
        } catch {
            throw CommandError(error.description)
        }
        let secret = names.filter { Redactor.isCredentialName($0) }
        var line = "\(names.count) variable\(names.count == 1 ? "" : "s") from \(file)"
        if !secret.isEmpty { line += " (secret: \(secret.joined(separator: ", ")))" }
        var report = RunResult(lines: [line])
        report.data = .object(JSONObject([("file", .string(file)), ("variables", .array(names.map(JSONValue.string)))]))
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
        for pair in pairs { setVariable(pair.name, to: pair.value) }
        return pairs.map(\.name)
    }
}
