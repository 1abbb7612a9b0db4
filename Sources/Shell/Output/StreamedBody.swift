import Secrets
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a body written as it arrives is masked (`RedactingOutput.writeBodyPiece`): as a whole body is
/// (`RedactingOutput.writeBytes`), the secrets the session holds in text, a secret split between two
/// pieces included (`SecretStreamMasker`), and binary not at all. A body is text until a piece is not UTF-8
/// (a character cut between two pieces is not such a piece); from then on its bytes go on as they came.
struct StreamedBody {
    private var masker: SecretStreamMasker?
    /// The start of a character that the next piece ends.
    private var unfinishedCharacter: [UInt8] = []
    /// The last byte written, to know whether the body ended its line.
    private(set) var lastByte: UInt8?
    private(set) var isText = true

    /// A body masked by `matcher`, or kept as it came (nil: a file the user named, no secrets held).
    init(matcher: SecretMatcher?) {
        masker = matcher.flatMap { $0.isEmpty ? nil : SecretStreamMasker(matcher: $0) }
    }

    /// What can be written now that `piece` arrived.
    mutating func take(_ piece: Data) -> Data {
        var out = Data()
        if isText, !continuesText(piece) {
            isText = false
            out = masker?.finish() ?? Data()
            masker = nil
        }
        if var masking = masker {
            out = masking.feed(piece)
            masker = masking
        } else {
            out.append(piece)
        }
        if let last = out.last { lastByte = last }
        return out
    }

    /// What is left to write once the body ended (or Ctrl-C stopped it).
    mutating func finish() -> Data {
        if !unfinishedCharacter.isEmpty { isText = false }
        guard var masking = masker else { return Data() }
        let out = masking.finish()
        masker = nil
        if let last = out.last { lastByte = last }
        return out
    }

    /// Whether the text so far and `piece` are UTF-8, but for a character `piece` leaves unfinished.
    private mutating func continuesText(_ piece: Data) -> Bool {
        let bytes = unfinishedCharacter + piece
        var end = bytes.count
        // The last character's lead byte, within its longest length (four bytes).
        if let lead = bytes.indices.reversed().prefix(4).first(where: { bytes[$0] & 0xC0 != 0x80 }) {
            let length = bytes[lead] < 0x80 ? 1 : bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2
            if bytes.count - lead < length { end = lead }
        }
        unfinishedCharacter = Array(bytes[end...])
        return String(validating: bytes[..<end], as: UTF8.self) != nil
    }
}
