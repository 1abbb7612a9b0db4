import Foundation
import Secrets
@testable import Shell
import Testing

/// A body written as it arrives is masked as a whole body is: the secrets held, in text only, whatever
/// the cuts between its pieces.
@Suite struct StreamedBodyTests {
    private static let matcher = SecretMatcher(secrets: ["TKstream0042"])

    private static func written(_ pieces: [[UInt8]], matcher: SecretMatcher? = matcher) -> (bytes: [UInt8], body: StreamedBody) {
        var body = StreamedBody(matcher: matcher)
        var out: [UInt8] = []
        for piece in pieces { out += body.take(Data(piece)) }
        out += body.finish()
        return (out, body)
    }

    @Test func aSecretCutBetweenTwoPiecesIsMasked() {
        let (bytes, body) = Self.written([Array("token TKstr".utf8), Array("eam0042 ok\n".utf8)])
        #expect(String(decoding: bytes, as: UTF8.self) == "token ••• ok\n")
        #expect(body.isText)
        #expect(body.lastByte == UInt8(ascii: "\n"))
    }

    @Test func aCharacterCutBetweenTwoPiecesKeepsTheBodyText() {
        // GIVEN "é" (C3 A9) cut in two, then a secret
        let (bytes, body) = Self.written([[0x61, 0xC3], [0xA9] + Array(" TKstream0042".utf8)])
        #expect(String(decoding: bytes, as: UTF8.self) == "aé •••")
        #expect(body.isText)
    }

    @Test func binaryGoesOnAsItCame() {
        // GIVEN a piece that is not UTF-8, holding the secret's bytes
        let binary: [UInt8] = [0xFF, 0xFE, 0x00] + Array("TKstream0042".utf8) + [0x80]
        let (bytes, body) = Self.written([binary, Array("TKstream0042".utf8)])
        // THEN nothing of it is changed, nor of what follows
        #expect(bytes == binary + Array("TKstream0042".utf8))
        #expect(!body.isText)
    }

    @Test func aFileTheUserNamedKeepsTheBytes() {
        let (bytes, _) = Self.written([Array("TKstream0042".utf8)], matcher: nil)
        #expect(String(decoding: bytes, as: UTF8.self) == "TKstream0042")
    }
}
