import Facade
import Foundation
import Testing
@testable import Shell
import JSON
import APIDescriptions
@testable import Reports
@testable import Scripts
@testable import ShellCommandLine

/// `ops`, `help OPERATION`, `call` and `diff --spec` on the demo's pet store (v1 and v2, each with its spec).
@Suite struct OpenAPICommandTests {
    /// On v2, the version these tests hold against v1 (v3 is the locator's latest).
    static func shell(json: Bool = false) throws -> VersionShell {
        let shell = try VersionShell(json: json, locator: "services-openapi.json")
        _ = shell.run("use petstore v2")
        return shell
    }

    /// An error as one line: long ones are wrapped with an indent to fit the terminal.
    static func unwrapped(_ text: String) -> String {
        text.replacingOccurrences(of: "\n  ", with: " ")
    }

    @Test func opsListsTheActiveVersionsOperationsWithADeprecatedMark() throws {
        let shell = try Self.shell()
        let result = shell.run("ops petstore")
        #expect(result.ok, "\(result.err)")
        #expect(result.out.split(separator: "\n").map(String.init) == [
            "petstore v2: Demo Pet Store 2.0.0, 5 operations",
            "METHOD  PATH        OPERATION  SUMMARY                       NOTES",
            "GET     /           getStore   Describe the store            deprecated",
            "GET     /pets       listPets   List the pets of one species",
            "POST    /pets       createPet  Create a pet",
            "GET     /pets/{id}  getPet     Info for a specific pet",
            "DELETE  /pets/{id}  deletePet  Delete a pet",
        ])
        // v1 has no deprecated operation, so no NOTES column
        shell.run("use petstore v1")
        let v1 = shell.run("ops")
        #expect(v1.out.contains("METHOD  PATH                 OPERATION    SUMMARY\n"))
        #expect(v1.out.contains("GET     /pets/{petId}/owner  showOwner    The owner of a pet"))
    }

    @Test func opsJSONIsAnArrayOfOperations() throws {
        let shell = try Self.shell(json: true)
        let line = try shell.json("ops")
        #expect(line.value(atPath: "data")?.arrayValue?.count == 5)
        #expect(line.value(atPath: "data[0]") == .object(JSONObject([
            ("method", "GET"), ("path", "/"), ("operationId", "getStore"), ("summary", "Describe the store"), ("deprecated", true),
        ])))
        #expect(line.value(atPath: "data[3].operationId") == "getPet")
    }

    @Test func opsWithoutADocumentSaysWhy() throws {
        let shell = try VersionShell()
        // The demo's weather and stockQuote are described; twit is not.
        let result = shell.run("ops twit")
        #expect(!result.ok)
        #expect(Self.unwrapped(result.err) == #"error: twit v1 has no OpenAPI document; ops, call and diff --spec need "openapi" in its locator entry"# + "\n")
        #expect(Self.unwrapped(shell.run("call listPets --service twit").err)
            == #"error: twit v1 has no OpenAPI document; ops, call and diff --spec need "openapi" in its locator entry"# + "\n")
    }

    @Test func helpOperationShowsParametersAndTheRequestBody() throws {
        let shell = try Self.shell()
        let list = shell.run("help listPets")
        #expect(list.ok)
        #expect(list.out == """
            listPets: GET /pets (petstore v2)
            List the pets of one species
            usage: call listPets species=VALUE [limit=VALUE]

            parameters:
              NAME     IN     REQUIRED  TYPE
              species  query  yes       string (dog | cat)
              limit    query  no        integer (int32)

              species — Which pets to list
              limit — How many pets to return at most (1 to 100)

            responses: 200 Pets · 400 Error · default Error

            """)
        let create = shell.run("help createPet")
        #expect(create.out.contains("""
            usage: call createPet name=VALUE species=VALUE [status=VALUE]

            request body: application/json, required (NewPet)
              PROPERTY  REQUIRED  TYPE
              name      yes       string
              species   yes       string (dog | cat)
              status    no        string (available | sold)
            """))
        // METHOD /path names an operation too; a deprecated one says so
        #expect(shell.run("help GET /pets/{id}").out.hasPrefix("getPet: GET /pets/{id} (petstore v2)\n"))
        #expect(shell.run("help getStore").out.contains("\nDeprecated.\n"))
        // commands keep their help; an unknown word is still an unknown command
        #expect(shell.run("help use").out.hasPrefix("usage: use SERVICE VERSION|latest"))
        #expect(shell.run("help lstPets").err.contains("unknown command 'lstPets'"))
    }

    @Test func helpOperationJSON() throws {
        let shell = try Self.shell(json: true)
        let line = try shell.json("help getPet")
        #expect(line.value(atPath: "data.operationId") == "getPet")
        #expect(line.value(atPath: "data.usage") == "call getPet ID")
        #expect(line.value(atPath: "data.parameters[0]") == .object(JSONObject([
            ("name", "id"), ("in", "path"), ("required", true), ("type", "integer (int64)"),
            ("description", "The id of the pet to retrieve"), ("enum", .null),
        ])))
        #expect(line.value(atPath: "data.requestBody") == .null)
        let create = try shell.json("help createPet")
        #expect(create.value(atPath: "data.requestBody.properties[1]") == .object(JSONObject([
            ("name", "species"), ("required", true), ("type", "string (dog | cat)"),
        ])))
    }

    @Test func callShowsTheStatusLineAndTheBody() throws {
        let shell = try Self.shell()
        let result = shell.run("call getPet 1")
        #expect(result.ok, "\(result.err)")
        #expect(result.out == """
            HTTP/1.1 200 OK
            {
              "id": 1,
              "name": "Rex",
              "species": "dog",
              "status": "available"
            }

            """)
        #expect(result.err.isEmpty)
    }

    @Test func callUsageErrorsComeBeforeAnythingIsSent() throws {
        let shell = try Self.shell()
        let sent = shell.session.facade.requests.exchangeCount
        #expect(shell.run("call listPets").err == "error: listPets needs the query parameter 'species': give species=VALUE\n")
        #expect(shell.run("call lstPets").err == "error: unknown operation 'lstPets'; did you mean 'listPets'?\n")
        #expect(shell.run("call getPet 1 2").err == "error: too many arguments: getPet takes 1 (id), got 2\n")
        #expect(shell.run("call").err == "error: usage: call OPERATION [ARG…] [ITEM…] [--service SERVICE] [--no-check] [--stream] [--example]\n")
        #expect(shell.session.facade.requests.exchangeCount == sent)
    }

    @Test func expectAndLetWorkOnACallsAnswer() throws {
        let shell = try Self.shell()
        shell.run("use petstore v1")
        #expect(shell.run("call createPet name=Rex tag=dog").ok)
        #expect(shell.run("expect status 201").ok)
        #expect(shell.run("let rex = id").ok)
        #expect(shell.session.variables["rex"] == "7")
        #expect(shell.run("call showPetById $rex").ok)
        #expect(shell.run("expect tag == \"dog\"").ok)
        #expect(shell.run("expect result success").ok)
    }

    @Test func callJSONCarriesServiceStatusAndData() throws {
        let shell = try Self.shell(json: true)
        let line = try shell.json("call listPets species==cat limit=1")
        #expect(line.value(atPath: "service") == "petstore")
        #expect(line.value(atPath: "version") == "v2")
        #expect(line.value(atPath: "status") == 200)
        #expect(line.value(atPath: "result") == "success")
        #expect(line.value(atPath: "data[0].name") == "Tom")
    }

    @Test func diffSpecGroupsByOperationBreakingFirstWithOneSummary() throws {
        let shell = try Self.shell()
        let result = shell.run("diff petstore v1 v2 --spec")
        #expect(result.ok, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        // Pet's changes, read by two operations, are listed (and counted) once, at the component
        #expect(lines.last == "16 changes between petstore v1 and v2: 4 breaking, 2 warnings, 10 info")
        #expect(Array(lines.prefix(4)) == [
            "GET /",
            "  info      operation          deprecated  endpoint-deprecated",
            "GET /pets",
            "  breaking  parameter species  added (required string)  new-required-request-parameter",
        ])
        #expect(lines.contains("  info      path               path parameter renamed (/pets/{petId} → /pets/{id})  request-path-parameter-renamed"))
        #expect(lines.contains("  breaking  status 201         removed  response-success-status-removed"))
        #expect(lines.contains("DELETE /pets/{id}"))
        let pet = try #require(lines.firstIndex(of: "components.schemas.Pet"))
        #expect(Array(lines[pet...].prefix(5)) == [
            "components.schemas.Pet",
            "  used by: GET /pets, GET /pets/{petId}",
            "  warning   Pet.tag            removed (string)  response-optional-property-removed",
            "  info      Pet.species        added (string)  response-optional-property-added",
            "  info      Pet.status         added (required string)  response-required-property-added",
        ])
        // the versions in use did not move
        #expect(shell.session.facade.workspace.activeVersion(of: "petstore")?.description == "v2")
    }

    @Test func diffSpecFiltersAndFormats() throws {
        let shell = try Self.shell()
        let breaking = shell.run("diff petstore v1 v2 --spec --breaking")
        #expect(breaking.out.split(separator: "\n").last == "4 changes between petstore v1 and v2: 4 breaking, 0 warnings, 0 info (breaking only)")
        #expect(shell.run("expect breaking == 4").ok && shell.run("expect warnings == 0").ok)
        let only = shell.run("diff petstore v1 v2 --spec --only response-optional-property-removed,endpoint-*")
        #expect(only.out.split(separator: "\n").last
            == "3 changes between petstore v1 and v2: 0 breaking, 1 warning, 2 info (only response-optional-property-removed, endpoint-*)")
        let path = shell.run("diff petstore v1 v2 --spec --path /pets/{petId}")
        #expect(!path.out.contains("GET /pets\n") && path.out.contains("GET /pets/{petId}\n"))
        #expect(shell.run("diff petstore v1 v2 --spec --only no-such-id").err
            == "error: diff: --only: no change has the id 'no-such-id'\n")
        #expect(shell.run("diff petstore v1 v2 --spec --format yaml").err
            .hasPrefix("error: diff: --format needs one of text, json, markdown or html, not 'yaml'; usage: diff SERVICE"))
        #expect(shell.run("diff petstore v1 v2 --breaking").err.contains("--breaking is for diff SERVICE A B --spec"))
        let markdown = shell.run("diff petstore v1 v2 --spec --format markdown").out
        #expect(markdown.hasPrefix("# petstore v1 → v2\n\n16 changes between petstore v1 and v2: 4 breaking, 2 warnings, 10 info\n\n## Breaking changes\n\n- `GET /pets`\n  - `parameter species`: added (required string) (`new-required-request-parameter`)\n"))
        #expect(markdown.contains("## Warnings\n") && markdown.contains("## Other changes\n"))
        let json = try JSONValue.parse(Data(shell.run("diff petstore v1 v2 --spec --format json").out.utf8))
        #expect(json["warnings"] == 2 && json["info"] == 10 && json["changes"]?.arrayValue?.count == 16)
        let html = shell.run("diff petstore v1 v2 --spec --format html").out
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("used by: GET /pets, GET /pets/{petId}"))
    }

    @Test func diffSpecIsColouredByLevelAndNamesEachId() {
        let changes = [
            SpecChange(id: "api-removed-without-deprecation", operation: "GET /a", location: "operation", change: "removed"),
            SpecChange(id: "response-optional-property-removed", operation: "GET /a", location: "response 200 body.x", change: "removed"),
            SpecChange(id: "response-success-status-added", operation: "GET /a", location: "status 201", change: "added"),
        ]
        let lines = SpecChangeList.lines(changes, style: .colored)
        #expect(lines[0] == "\u{1B}[1mGET /a\u{1B}[0m")
        #expect(lines[1].hasPrefix("  \u{1B}[31mbreaking\u{1B}[0m  operation "))
        #expect(lines[1].hasSuffix("\u{1B}[2mapi-removed-without-deprecation\u{1B}[0m"))
        #expect(lines[2].hasPrefix("  \u{1B}[33mwarning \u{1B}[0m  response 200 body.x"))
        #expect(lines[3].hasPrefix("  \u{1B}[32minfo    \u{1B}[0m  status 201"))
        #expect(SpecChangeList.summary(SpecDiff.Report(changes: changes), between: "x v1 and v2")
            == "3 changes between x v1 and v2: 1 breaking, 1 warning, 1 info")
        #expect(SpecChangeList.summary(SpecDiff.Report(), between: "x v1 and v2") == "0 changes between x v1 and v2: 0 breaking, 0 warnings, 0 info")
    }

    @Test func manyAddedOperationsFoldIntoOneLine() {
        let added = (0..<25).map { SpecChange(id: "endpoint-added", operation: "GET /new/\($0)", location: "operation", change: "added") }
        let removed = SpecChange(id: "api-removed-without-deprecation", operation: "GET /old", location: "operation", change: "removed")
        let lines = SpecChangeList.lines([removed] + added)
        #expect(lines.count == 3)
        #expect(lines[2].hasPrefix("25 operations added (GET /new/0, GET /new/1, GET /new/2, …"))
        // A few stay listed one by one
        #expect(SpecChangeList.lines([removed] + added.prefix(3)).count == 2 * 4)
    }

    @Test func diffSpecJSONCountsEachLevel() throws {
        let shell = try Self.shell(json: true)
        let line = try shell.json("diff petstore v1 v2 --spec")
        #expect(line.value(atPath: "data.breaking") == 4)
        #expect(line.value(atPath: "data.warnings") == 2)
        #expect(line.value(atPath: "data.info") == 10)
        #expect(line.value(atPath: "data.nonBreaking") == 12)
        #expect(line.value(atPath: "data.changes")?.arrayValue?.count == 16)
        #expect(line.value(atPath: "data.changes[-3].usedBy") == .array(["GET /pets", "GET /pets/{petId}"]))
        #expect(line.value(atPath: "data.changes[1]") == .object(JSONObject([
            ("id", "new-required-request-parameter"), ("level", "breaking"),
            ("operation", "GET /pets"), ("location", "parameter species"), ("change", "added"), ("breaking", true),
            ("a", .null), ("b", "required string"),
        ])))
    }

    @Test func expectAndLetReadTheSpecDiffUntilTheNextRequest() throws {
        let shell = try Self.shell()
        shell.run("diff petstore v1 v2 --spec")
        #expect(shell.run("expect breaking == 4").ok)
        #expect(shell.run("expect warnings == 2").ok)
        let failed = shell.run("expect breaking == 0")
        #expect(!failed.ok)
        #expect(failed.err == "error: expected breaking == 0, got 4\n")
        #expect(shell.run("expect changes[0].operation == \"GET /\"").ok)
        #expect(shell.run("let broken = breaking").ok)
        #expect(shell.session.variables["broken"] == "4")
        #expect(shell.run("expect status 200").err.contains("the last result is from diff --spec, which sends no request"))
        #expect(Self.unwrapped(shell.run("expect nosuch exists").err) == "error: expected nosuch to exist, but the diff --spec result has no nosuch; it has service, a, b, spec, changes, breaking, warnings, info, nonBreaking, complete, summary\n")

        // a request takes over again
        #expect(shell.run("call getPet 1").ok)
        #expect(shell.run("expect status 200").ok)
        #expect(shell.run("expect breaking exists").err.contains("the body has no breaking"))
    }

    @Test func diffSpecRefusesWhatDoesNotApplyAndServicesWithoutDocuments() throws {
        let shell = try Self.shell()
        #expect(Self.unwrapped(shell.run("diff petstore v1 v2 --spec --all").err)
            == "error: diff --spec compares the versions' OpenAPI documents: --all, --schema and name==value do not apply\n")
        let plain = try VersionShell()
        #expect(Self.unwrapped(plain.run("diff twit v1 v1 --spec").err)
            == #"error: twit v1 has no OpenAPI document; ops, call and diff --spec need "openapi" in its locator entry"# + "\n")
        // The demo's weather is described: its versions' documents compare.
        let described = plain.run("diff weather v1 v2 --spec")
        #expect(described.out.contains("body.currentTemperature  type changed (string → integer)"), "\(described)")
    }

    @Test func tabCompletesOperationIdsThenTheirItems() throws {
        let shell = try Self.shell()
        func complete(_ line: String) -> Completer.Result {
            Completer(session: shell.session).complete(line: line, cursor: line.count)
        }
        #expect(complete("call ").candidates == ["getStore", "listPets", "createPet", "getPet", "deletePet"])
        #expect(complete("call get").candidates == ["getStore", "getPet"])
        #expect(complete("call listPets ").candidates == ["species=", "limit="])
        #expect(complete("call listPets species=dog ").candidates == ["limit="])
        #expect(complete("call createPet n").candidates == ["name="])
        #expect(!complete("call createPet n").appendSpace)
        #expect(complete("call GET /pets ").candidates == ["species=", "limit="])
        #expect(complete("help listP").candidates == ["listPets"])
        // Options are offered once their dash is typed.
        #expect(complete("ops ").candidates == ["petstore"])
        #expect(complete("ops -").candidates == ["--tags"])
        #expect(complete("call listPets -").candidates == ["--service", "--no-check", "--stream", "--example"])
        #expect(complete("call listPets --service ").candidates == ["petstore"])
    }
}
