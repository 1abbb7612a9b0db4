import APIDescriptions
import JSON
import Foundation
import TestSupport
import Scripts

/// YAML documents through libyaml (`APIDocumentText.parse`): generated from YAML's vocabulary (block and
/// flow collections, every scalar style, anchors and aliases, merge keys, tags, comments, document
/// markers), with alias bombs, deep nesting and invalid UTF-8 among them, a third of them damaged. No
/// crash, no hang, no unbounded memory (the harness watches both). A document that reads must encode as
/// JSON that reads back to the same value. Each is also cut into pieces as a large one would be
/// (`YAMLCut`, with no size threshold), and pieces that read must give what one pass gives.
struct YAMLTarget: FuzzTarget {
    let name = "yaml"
    private let scalars = ["a", "yes", "on", "null", "~", "", "true", "False", "0", "-0", "007", "0o17", "0x1F", "0xFFFFFFFFFFFFFFFFFF",
                           "1.5", ".5", "1.", "1e3", "-.inf", ".nan", "1_000", "\"q\\u00e9\\n\"", "'it''s'", "\"\\x\"", "2001-12-14",
                           "\"\u{1B}[2J\"", "é", "\u{FEFF}", "'", "\"", "*missing", "!!str 1", "!!int x", "! 12", "!custom v"]
    private let keys = ["a", "b", "<<", "200", "0xC8", "true", "null", "\"q\"", "? k", "1.5", "a b", "$ref"]
    private let pieces = ["\n", "  ", "- ", ": ", ", ", "[", "]", "{", "}", "&a ", "*a", "&b ", "*b", "<<: *a\n", "# c\n",
                          "---\n", "...\n", "|\n  x\n", ">-\n  y\n", "|+\n", "? ", "\t", "%YAML 1.2\n", "!!map ", "\r\n"]

    mutating func generate(using random: inout SeededRandom) -> [UInt8] {
        var text: String
        switch random.below(10) {
        case 0:
            // Bombs far past the budget (refused at once) or small enough to read
            let (levels, width) = random.pick([(10, 10), (40, 2), (12, 5), (4, 5), (3, 3), (8, 2)])
            text = aliasBomb(levels: levels, width: width)
        case 1: text = String(repeating: random.pick(["[", "{a: ", "- ", "  - "]), count: random.length(upTo: 2_000))
        case 2: text = aliasChain(random.length(upTo: 600))
        case 3, 4:
            var counter = 0
            var anchors: [String] = []
            text = cuttable(depth: 0, counter: &counter, anchors: &anchors, using: &random)
        default: text = block(depth: 0, using: &random)
        }
        var bytes = Array(text.utf8)
        if random.chance(10) {
            // invalid UTF-8: lone continuation bytes, overlongs, surrogates, truncated sequences
            let bad: [[UInt8]] = [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0x00]]
            bytes.insert(contentsOf: random.pick(bad), at: random.below(bytes.count + 1))
        }
        if random.chance(33) { bytes.mutate(using: &random, dictionary: (pieces + scalars + keys).map { Array($0.utf8) }) }
        return bytes
    }

    private func block(depth: Int, using random: inout SeededRandom) -> String {
        let indent = String(repeating: "  ", count: depth)
        var text = ""
        for _ in 0..<(1 + random.below(5)) {
            let anchor = random.chance(10) ? random.pick(["&a ", "&b "]) : ""
            switch random.below(depth > 6 ? 2 : 5) {
            case 0:
                text += indent + random.pick(keys) + ": " + anchor + random.pick(scalars) + "\n"
            case 1:
                text += indent + "- " + anchor + random.pick(scalars + ["*a", "*b"]) + "\n"
            case 2:
                text += indent + random.pick(keys) + ": " + anchor + "\n" + block(depth: depth + 1, using: &random)
            case 3:
                text += indent + random.pick(keys) + ": " + anchor + "{" + random.pick(keys) + ": [" + random.pick(scalars) + ", " + random.pick(scalars) + "]}\n"
            default:
                text += indent + random.pick(pieces)
            }
        }
        return text
    }

    /// A block mapping of distinct keys, nested, that cuts can be found in, with what can trip a cut: an
    /// alias to an anchor far above, quoted scalars and flow collections over several lines (whose inner
    /// lines look like keys), block scalars holding key-like lines, merge keys, comments.
    private func cuttable(depth: Int, counter: inout Int, anchors: inout [String], using random: inout SeededRandom) -> String {
        let indent = String(repeating: "  ", count: depth)
        let inner = indent + "  "
        var text = ""
        for _ in 0..<(2 + random.below(6)) {
            counter += 1
            let key = random.pick(["k", "/p", "x-", "200"]) + String(counter)
            let lookalike = random.pick(["k\(counter): v", "/p\(counter): x"])
            switch random.below(depth > 4 ? 4 : 10) {
            case 0: text += indent + key + ": " + random.pick(["a", "yes", "1.5", "~", "'it''s'", "\"q\\u00e9\\n\"", "0x1F"]) + "\n"
            case 1: text += indent + key + ": \"opens\n" + random.pick(["", indent, inner]) + lookalike + " closes\"\n"
            case 2: text += indent + key + ": [a,\n" + random.pick(["", indent, inner]) + lookalike + "]\n"
            case 3: text += indent + key + ": |\n" + inner + "line\n" + inner + lookalike + "\n"
            case 4:
                counter += 1
                let anchor = "a\(counter)"
                anchors.append(anchor)
                text += indent + key + ": &" + anchor + " {v: \(counter)}\n"
            case 5 where !anchors.isEmpty:
                let anchor = random.pick(anchors)
                text += indent + key + random.pick([": *\(anchor)\n", ": {<<: *\(anchor), w: 1}\n"])
            case 6: text += indent + "# " + lookalike + "\n"
            default: text += indent + key + ":\n" + cuttable(depth: depth + 1, counter: &counter, anchors: &anchors, using: &random)
            }
        }
        return text
    }

    /// Nine levels of ten aliases each is a billion nodes: refused by the budget, at once.
    private func aliasBomb(levels: Int, width: Int) -> String {
        var text = "l0: &l0 [lol]\n"
        for level in 1..<levels {
            text += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: width).joined(separator: ", ") + "]\n"
        }
        return text
    }

    /// Each level an alias of the last, one deeper: depth through aliases.
    private func aliasChain(_ count: Int) -> String {
        var text = "c0: &c0 x\n"
        for level in 1..<max(count, 2) { text += "c\(level): &c\(level) [*c\(level - 1)]\n" }
        return text
    }

    mutating func run(_ input: [UInt8]) throws(FuzzFailure) {
        try readInPieces(input)
        let value: JSONValue
        do {
            value = try APIDocumentText.parse(Data(input))
        } catch {
            if !error.description.hasPrefix("line ") { throw FuzzFailure("an error without its line: \(error.description)") }
            return
        }
        let encoded = value.encoded()
        guard let again = try? JSONValue.parse(encoded) else { throw FuzzFailure("read YAML does not encode as JSON: \(encoded.prefix(200))") }
        if again != value { throw FuzzFailure("read YAML does not round-trip through JSON") }
    }

    /// The pieces on this thread only: the threads are the unit tests' concern, the cuts are this one's.
    private func readInPieces(_ input: [UInt8]) throws(FuzzFailure) {
        let outcome = input.withUnsafeBufferPointer { bytes -> (pieces: Result<JSONValue, YAMLError>?, whole: Result<JSONValue, YAMLError>)? in
            let cuts = YAMLCut.cuts(in: bytes, pieces: 4, minimumBytes: 0)
            guard !cuts.isEmpty else { return nil }
            let limit = YAMLReader.nodeLimit(bytes: bytes.count)
            return (YAMLReader.readPieces(bytes, at: cuts, threads: 1, nodeLimit: limit, cancellation: nil),
                    YAMLReader.readPart(bytes, nodeLimit: limit, cancellation: nil).map(\.value))
        }
        guard let outcome, let pieces = outcome.pieces else { return }
        guard case .success(let value) = pieces else { throw FuzzFailure("pieces failed without falling back") }
        guard case .success(let whole) = outcome.whole else { throw FuzzFailure("pieces read a document one pass refuses") }
        if value != whole { throw FuzzFailure("pieces read differently from one pass") }
    }
}
