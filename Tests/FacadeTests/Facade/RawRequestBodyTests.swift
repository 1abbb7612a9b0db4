@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes
import JSON

/// Bodies from files and heredocs, and the content type each is sent with.
@Suite struct RawRequestBodyTests {
    private let files: [String: Data] = [
        "pet.json": Data(#"{"name":"Rex","tags":["a"]}"#.utf8),
        "list.json": Data("[1,2,3]".utf8),
        "note.txt": Data("two\nlines".utf8),
        "photo.png": Data([0x89, 0x50, 0x4E, 0x47, 0xFF, 0x00]),
        "data.bin": Data([0xFF, 0xFE]),
        "page.xml": Data("<a/>".utf8),
    ]

    private func read(_ path: String) throws(RequestItemError) -> Data {
        guard let data = files[path] else { throw .invalidItem("cannot read \(path): no such file") }
        return data
    }

    private func request(_ items: [String], body: RawRequest.BodyBytes? = nil) throws(RequestItemError) -> RawRequest {
        try RawRequest(method: .post, target: "x", items: items, body: body, readFile: read)
    }

    @Test func atFileIsTheWholeBodyWithItsTypeFromTheBytesOrTheExtension() throws {
        #expect(try request(["@list.json"]).body() == .file(Data("[1,2,3]".utf8), contentType: "application/json", path: "list.json"))
        #expect(try request(["@photo.png"]).body() == .file(files["photo.png"] ?? Data(), contentType: "image/png", path: "photo.png"))
        #expect(try request(["@page.xml"]).body().contentType == "application/xml")
        #expect(try request(["@data.bin"]).body().contentType == "application/octet-stream")
        #expect(try request(["@note.txt"]).body().contentType == "text/plain; charset=utf-8")
    }

    @Test func aContentTypeItemWinsOverTheGuess() throws {
        let body = try request(["@list.json", "Content-Type:application/vnd.api+json"]).body()
        #expect(body == .file(Data("[1,2,3]".utf8), contentType: "application/vnd.api+json", path: "list.json"))
    }

    @Test func aHeredocIsJSONWhenItParsesElseText() throws {
        let array = RawRequest.BodyBytes(data: Data("[\n {\"x\": 1},\n 2\n]".utf8), fileName: nil)
        #expect(try request([], body: array).body().contentType == "application/json")
        let text = RawRequest.BodyBytes(data: Data("hello".utf8), fileName: nil)
        #expect(try request([], body: text).body().contentType == "text/plain; charset=utf-8")
    }

    @Test func filesAsFields() throws {
        // `name:=@file.json` embeds the JSON, `name=@file.txt` the text as a string
        let raw = try request(["pet:=@pet.json", "note=@note.txt"])
        let body = try raw.body()
        guard case .json(let data) = body else { Issue.record("not JSON: \(body)"); return }
        #expect(try JSONValue.parse(data) == .object(["pet": .object(["name": "Rex", "tags": ["a"]]), "note": "two\nlines"]))
    }

    @Test func aContentTypeOfJSONMakesFieldsAJSONObject() throws {
        let body = try request(["Content-Type:application/json", "name=Rex", "age=3"]).body()
        #expect(body == .json(Data(#"{"name":"Rex","age":"3"}"#.utf8)))
    }

    @Test func aLiteralAtIsWrittenEscaped() throws {
        let raw = try request(["handle=\\@eye"])
        #expect(raw.fields.first?.value == .string("@eye"))
    }

    @Test func oneBodyOnly() throws {
        let both = try #require(throws: RequestItemError.self) { try request(["@pet.json", "@list.json"]) }
        #expect(both.description == "@list.json: the request already has a body (one of @FILE, < FILE, <<WORD)")
        let mixed = try #require(throws: RequestItemError.self) { try request(["@pet.json", "name=Rex"]) }
        #expect(mixed.description.hasPrefix("'name' is a field, but the body comes whole from a file or a heredoc"))
    }

    @Test func aControlCharacterInAFilesTypeIsRefused() throws {
        // GIVEN a ;type= that would end the part's Content-Type line and start a header of its own
        for control in ["\r\n", "\n", "\r", "\t", "\u{7F}", "\u{0}"] {
            let item = "f@note.txt;type=text/plain" + control + "X-Injected: yes"
            // WHEN it is read  THEN it is refused in one line that does not repeat the control character
            let error = try #require(throws: RequestItemError.self) { try request([item]) }
            #expect(error.description == "bad file item for 'f': its ;type= holds a control character (CR, LF, tab, …); a media type is one line of printable text")
        }
        // AND a plain type with parameters is still taken
        let part = try #require(try request(["f@note.txt;type=text/plain; charset=latin1"]).uploads.first)
        #expect(part.contentType == "text/plain; charset=latin1")
    }

    @Test func unreadableAndUnsuitableFilesAreOneLine() throws {
        let missing = try #require(throws: RequestItemError.self) { try request(["@nope.json"]) }
        #expect(missing.description == "cannot read nope.json: no such file")
        let badJSON = try #require(throws: RequestItemError.self) { try request(["x:=@note.txt"]) }
        #expect(badJSON.description.hasPrefix("bad JSON in note.txt ('x:=@'): "))
        let binary = try #require(throws: RequestItemError.self) { try request(["x=@data.bin"]) }
        #expect(binary.description == "data.bin is not UTF-8 text ('x=@'); send it whole with @data.bin, or as a file with x@data.bin")
        let noReader = try #require(throws: RequestItemError.self) { try RawRequest(method: .post, target: "x", items: ["@a"]) }
        #expect(noReader.description.contains("a file can be sent only by"))
    }
}
