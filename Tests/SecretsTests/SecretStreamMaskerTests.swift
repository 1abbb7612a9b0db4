import Secrets
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A text that arrives in pieces is masked as the whole text is, wherever the pieces are cut.
@Suite struct SecretStreamMaskerTests {
    private static let secret = "Hunter2SecretPw"
    private static let text = "token=Hunter2SecretPw; again Hunter2%SecretPw, then Hunter2SecretPw" + #" "Hunter2SecretPw""#

    private static func streamed(_ text: String, cutAt cuts: [Int], secrets: [String] = [secret]) -> String {
        var masker = SecretStreamMasker(matcher: SecretMatcher(secrets: secrets))
        let bytes = Array(text.utf8)
        var out = Data()
        var start = 0
        for cut in cuts + [bytes.count] {
            out += masker.feed(Data(bytes[start..<cut]))
            start = cut
        }
        out += masker.finish()
        return String(decoding: out, as: UTF8.self)
    }

    @Test func everyCutOfOnePieceIntoTwoMasksAsTheWholeText() {
        // GIVEN the text masked whole
        let whole = SecretMatcher(secrets: [Self.secret]).mask(Self.text, with: Redactor.mask)
        #expect(!whole.contains(Self.secret))
        // WHEN it arrives in two pieces, cut at every byte THEN it masks the same
        for cut in 0...Self.text.utf8.count {
            #expect(Self.streamed(Self.text, cutAt: [cut]) == whole, "cut at \(cut)")
        }
    }

    @Test func aSecretArrivingByteByByteIsNeverWrittenInPart() {
        // GIVEN a masker fed one byte at a time
        var masker = SecretStreamMasker(matcher: SecretMatcher(secrets: [Self.secret]))
        var written = Data()
        for byte in Array(("ab" + Self.secret + "cd").utf8) {
            written += masker.feed(Data([byte]))
            // THEN no prefix of the secret longer than the mask's own bytes is ever out
            #expect(!String(decoding: written, as: UTF8.self).contains("Hunter"))
        }
        written += masker.finish()
        #expect(String(decoding: written, as: UTF8.self) == "ab\(Redactor.mask)cd")
    }

    @Test func whatCannotBeginASecretIsWrittenAtOnce() {
        // GIVEN a long piece WHEN it is fed THEN all but the last (longest form - 1) bytes are out already
        var masker = SecretStreamMasker(matcher: SecretMatcher(secrets: [Self.secret]))
        let piece = Data(repeating: UInt8(ascii: "a"), count: 1_000)
        let out = masker.feed(piece)
        #expect(out.count >= 1_000 - SecretMatcher(secrets: [Self.secret]).longestForm)
        #expect(out.count < 1_000)
        #expect(out.count + masker.finish().count == 1_000)
    }

    @Test func noSecretsHoldsNothingBack() {
        var masker = SecretStreamMasker(matcher: SecretMatcher(secrets: []))
        #expect(masker.feed(Data("abc".utf8)) == Data("abc".utf8))
        #expect(masker.finish().isEmpty)
    }
}
