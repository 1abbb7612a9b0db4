import Foundation
import Testing
import JSON
@testable import Schemas

/// Every required test of the official JSON Schema Test Suite for draft 4 and draft 2020-12
/// (Tests/Fixtures/JSONSchemaTestSuite, see its README), through the validator, gives the suite's verdict,
/// the same on the instance's value tree and on its parsed tape.
///
/// The suite's remote references (`http://localhost:1234/…`) and the drafts' metaschemas are bundled into
/// each test's document at their URIs, as a multi-file description's files are: nothing is fetched. A test
/// that cannot pass is listed in `skipped.txt` with its reason; the goal, and today's state, is none.
@Suite struct JSONSchemaTestSuiteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSONSchemaTestSuite")

    /// One draft's files, by name.
    static func files(_ draft: String) -> [String] {
        let folder = root.appendingPathComponent("tests/\(draft)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The remotes and metaschemas, as one JSON object of documents and the URI of each.
    static let bundle: (documents: JSONValue, uris: [(pointer: JSONPointer, uri: String)]) = {
        var documents = JSONObject()
        var uris: [(pointer: JSONPointer, uri: String)] = []
        func add(_ file: URL, uri: String) {
            guard let data = try? Data(contentsOf: file), let value = try? JSONValue.parse(data) else { return }
            let key = String(documents.count)
            documents[key] = value
            uris.append((JSONPointer(tokens: ["bundle", key]), uri))
        }
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("remotes").path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".json") else { continue }
            add(root.appendingPathComponent("remotes/\(path)"), uri: "http://localhost:1234/\(path)")
        }
        add(root.appendingPathComponent("metaschemas/draft4.json"), uri: "http://json-schema.org/draft-04/schema")
        add(root.appendingPathComponent("metaschemas/draft2020-12/schema.json"), uri: "https://json-schema.org/draft/2020-12/schema")
        let meta = root.appendingPathComponent("metaschemas/draft2020-12/meta")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: meta.path)) ?? []).sorted() {
            add(meta.appendingPathComponent(name), uri: "https://json-schema.org/draft/2020-12/meta/" + name.replacingOccurrences(of: ".json", with: ""))
        }
        return (.object(documents), uris)
    }()

    /// `draft/file.json | group | test` → reason, from skipped.txt.
    static let skipped: [String: String] = {
        guard let text = try? String(contentsOf: root.appendingPathComponent("skipped.txt"), encoding: .utf8) else { return [:] }
        var entries: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.components(separatedBy: " | ")
            guard parts.count == 4 else { continue }
            entries[parts[0...2].joined(separator: " | ")] = parts[3]
        }
        return entries
    }()

    struct Outcome {
        var passed = 0
        var failed: [String] = []
        var skipped = 0
        /// Valid instances the fast pass over the tape passed by itself (`JSONSchema.passesFastCheck`).
        var fastPassed = 0
        var valid = 0
    }

    /// Runs one file of the suite.
    /// `onDemand`: the schemas read as the checks reach them (`SchemaGraph.OnDemand`), which must say the same.
    static func run(_ draft: String, _ file: String, dialect: SchemaDialect, onDemand: Bool = false) throws -> Outcome {
        let data = try Data(contentsOf: root.appendingPathComponent("tests/\(draft)/\(file)"))
        guard case .array(let groups) = try JSONValue.parse(data) else { throw SuiteError(message: "\(file) is not a list") }
        var outcome = Outcome()
        for group in groups {
            let groupName = group["description"]?.stringValue ?? "?"
            guard let schema = group["schema"], case .array(let tests)? = group["tests"] else { continue }
            let document: JSONValue = ["schema": schema, "bundle": bundle.documents]
            let loaded: Result<SchemaDocument, SchemaError>
            do {
                loaded = .success(try SchemaDocument(document: document, pointer: "#/schema", dialect: dialect,
                                                     embedded: [(JSONPointer(tokens: ["schema"]), "apish:/suite/schema.json")] + bundle.uris,
                                                     readsOnDemand: onDemand))
            } catch {
                loaded = .failure(error)
            }
            for test in tests {
                let testName = test["description"]?.stringValue ?? "?"
                let key = "\(draft)/\(file) | \(groupName) | \(testName)"
                if skipped[key] != nil {
                    outcome.skipped += 1
                    continue
                }
                guard let instance = test["data"], let valid = test["valid"]?.boolValue else { continue }
                switch loaded {
                case .failure(let error):
                    outcome.failed.append("\(key): the schema did not load: \(error)")
                case .success(let loadedSchema):
                    #expect((loadedSchema.root.graph.onDemand != nil) == onDemand)
                    let failures = loadedSchema.validate(instance, limit: 1)
                    // The same check on the instance's tape, as an answer is checked, says the same.
                    let parsed = try JSONDocument.parse(Data(instance.encoded().utf8))
                    let onTape = loadedSchema.validate(parsed, limit: 1)
                    // The fast pass passes only what the suite calls valid.
                    if loadedSchema.root.passesFastCheck(parsed) {
                        if valid { outcome.fastPassed += 1 } else { outcome.failed.append("\(key): the fast pass over the tape passed an invalid instance") }
                    }
                    if valid { outcome.valid += 1 }
                    if onDemand, let failure = loadedSchema.root.graph.onDemandFailure {
                        outcome.failed.append("\(key): a schema read on demand failed: \(failure)")
                    } else if onTape != failures {
                        outcome.failed.append("\(key): on the tape \(onTape.map(\.description)), on the tree \(failures.map(\.description))")
                    } else if failures.isEmpty == valid {
                        outcome.passed += 1
                    } else {
                        outcome.failed.append("\(key): expected \(valid ? "valid" : "invalid"), apish says \(failures.isEmpty ? "valid" : failures[0].description)")
                    }
                }
            }
        }
        return outcome
    }

    struct SuiteError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    @Test("draft 4", arguments: files("draft4"))
    func draft4(file: String) throws {
        let outcome = try Self.run("draft4", file, dialect: .draft4)
        #expect(outcome.failed.isEmpty, Comment(rawValue: "\(outcome.failed.count) failed:\n" + outcome.failed.joined(separator: "\n")))
        #expect(outcome.passed + outcome.skipped > 0)
    }

    @Test("draft 2020-12", arguments: files("draft2020-12"))
    func draft2020(file: String) throws {
        let outcome = try Self.run("draft2020-12", file, dialect: .draft2020)
        #expect(outcome.failed.isEmpty, Comment(rawValue: "\(outcome.failed.count) failed:\n" + outcome.failed.joined(separator: "\n")))
        #expect(outcome.passed + outcome.skipped > 0)
    }

    /// The whole suite again with every schema read when a check first reaches it: the same verdicts.
    @Test("draft 4, read on demand", arguments: files("draft4"))
    func draft4OnDemand(file: String) throws {
        let outcome = try Self.run("draft4", file, dialect: .draft4, onDemand: true)
        #expect(outcome.failed.isEmpty, Comment(rawValue: "\(outcome.failed.count) failed:\n" + outcome.failed.joined(separator: "\n")))
        #expect(outcome.passed + outcome.skipped > 0)
    }

    @Test("draft 2020-12, read on demand", arguments: files("draft2020-12"))
    func draft2020OnDemand(file: String) throws {
        let outcome = try Self.run("draft2020-12", file, dialect: .draft2020, onDemand: true)
        #expect(outcome.failed.isEmpty, Comment(rawValue: "\(outcome.failed.count) failed:\n" + outcome.failed.joined(separator: "\n")))
        #expect(outcome.passed + outcome.skipped > 0)
    }

    /// The fast pass decides a good share of the suite's valid instances by itself (what it leaves, the
    /// keywords outside its set, the full validator checks), and the tests above hold it to never passing
    /// an invalid one.
    @Test func theFastPassDecidesManyValidInstances() throws {
        var passed = 0, valid = 0
        for (draft, dialect) in [("draft4", SchemaDialect.draft4), ("draft2020-12", .draft2020)] {
            for file in Self.files(draft) {
                let outcome = try Self.run(draft, file, dialect: dialect)
                passed += outcome.fastPassed
                valid += outcome.valid
            }
        }
        #expect(valid > 500)
        #expect(passed * 3 > valid, "the fast pass passed \(passed) of \(valid) valid instances")
    }

    /// Every file of both drafts is here, and every skip is listed with a reason.
    @Test func theSuiteIsWhole() {
        #expect(Self.files("draft4").count == 30)
        #expect(Self.files("draft2020-12").count == 46)
        #expect(Self.skipped.values.allSatisfy { !$0.isEmpty })
        #expect(Self.bundle.uris.count > 30)
    }
}
