import DemoAPIs
import Facade
import Shell
import Foundation
import JSON
import Secrets
import HTTPClient
import HTTPTypes
import FoundationFree
import TestSupport
import Commands

/// The redactor: text holding a known secret (raw, percent-encoded or JSON-escaped, among URL, header
/// and parameter shapes) must come out of `redact` and the shell's masking of a typed line without it; the secret's
/// parameter- and header-shaped neighbours must not trap the scanners. An input is the secret and the
/// text separated by NUL.
struct RedactorTarget: FuzzTarget {
    let name = "redactor"
    /// A shell whose only credential is the input's secret, for the masking of typed lines.
    private let session = Session(
        facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)
    private let alphabet = Array("abcXYZ019/+=%\"\\ :@'&?#;é😀-_.".unicodeScalars)
    private let shapes = [
        "Authorization: Bearer ", "authorization:", "\"x-api-key\": \"", "?key=", "&token=", "http://u:", "@h/x ",
        "auth bearer ", "header X-Token ", "set token ", "Cookie: a=", "'", "\"", "\\ ", "; ", "\n", "=", "==", ":=",
        "https://", "Basic ", "•••",
    ]

    mutating func generate(using random: inout SeededRandom) -> [UInt8] {
        var secret = ""
        for _ in 0..<(3 + random.below(20)) { secret.unicodeScalars.append(random.pick(alphabet)) }
        let escaped = JSONValue.string(secret).encoded()
        let forms = [secret, PercentEncoding.encode(secret), String(escaped.dropFirst().dropLast())]
        var text = ""
        for _ in 0..<random.length(upTo: 30) {
            switch random.below(3) {
            case 0: text += random.pick(shapes)
            case 1: text += random.pick(forms)
            default: text.unicodeScalars.append(random.pick(alphabet))
            }
        }
        return Array(secret.utf8) + [0] + Array(text.utf8)
    }

    mutating func run(_ input: [UInt8]) throws(FuzzFailure) {
        let halves = input.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { return }
        let secret = String(decoding: halves[0], as: UTF8.self)
        let text = String(decoding: halves[1], as: UTF8.self)
        let redactor = Redactor(secrets: [secret])
        session.facade.credentials.clearCredentials(nil)
        session.facade.credentials.setCredential(AuthSchemes.bearer(secret), for: .allServices)
        let outputs = [redactor.redact(text), session.redactLine(text), Redactor.redactURLsAndHeaders(text)]
        // Secrets too short to mask, or holding the mask itself, prove nothing.
        guard secret.count >= 3, !secret.contains("•"), !secret.contains("\u{FFFD}") else { return }
        for (index, output) in outputs.prefix(2).enumerated() {
            for form in [secret, PercentEncoding.encode(secret)] where Array(output.utf8).containsSequence(Array(form.utf8)) {
                throw FuzzFailure("\(index == 0 ? "redact" : "redactLine") left '\(form)' in: \(output)")
            }
        }
    }
}

extension Array where Element == UInt8 {
    func containsSequence(_ part: [UInt8]) -> Bool {
        guard let first = part.first, part.count <= count else { return part.isEmpty }
        var index = 0
        while index <= count - part.count {
            if self[index] == first, self[index..<(index + part.count)].elementsEqual(part) { return true }
            index += 1
        }
        return false
    }
}
