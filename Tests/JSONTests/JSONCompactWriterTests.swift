import Foundation
@testable import JSON
@testable import Secrets
import Testing

/// `writeCompact` writes from the tape exactly what `encoded()` writes of the tree, masked alike.
@Suite struct JSONCompactWriterTests {
    @Test func everyCorpusDocumentWritesAsItsTreeEncodes() throws {
        for (name, bytes) in try JSONTapeCorpus.all() {
            let document = try JSONDocument.parse(Data(bytes))
            var written = ""
            // Small pieces, so documents span several of them.
            document.writeCompact(pieceSize: 64) { written += $0 }
            #expect(written == document.value.encoded(), "\(name)")
        }
    }

    @Test func maskingFollowsTheRedactorOfTheTree() throws {
        let text = #"{"user":"ada","password":"hunter2","items":[{"token":"t0k","n":1.50},"plain",null,true],"note":"key=abc","e":"\u2028\u009b"}"#
        let document = try JSONDocument.parse(Data(text.utf8))
        let redactor = Redactor(secrets: ["ada"])
        var written = ""
        document.writeCompact(redactor: redactor) { written += $0 }
        #expect(written == redactor.redact(document.value).encoded())
        #expect(!written.contains("hunter2") && !written.contains("t0k") && !written.contains("\"ada\""))
        #expect(written.contains(#""n":1.50"#))
    }
}
