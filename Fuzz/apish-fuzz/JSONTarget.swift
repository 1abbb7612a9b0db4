import Facade
import Foundation
import JSON
import TestSupport

/// apish's JSON parser. The first byte of an input says what it is:
/// - 0: a valid document written by the generator. Both our parser and Foundation's `JSONSerialization`
///   must accept it and agree on every value (the differential), and our encoding must parse back equal.
/// - 1: damaged or hostile bytes (depth bombs, long numbers, cut documents). No crash, no hang; whatever
///   our parser accepts must encode and parse back equal.
struct JSONTarget: FuzzTarget {
    let name = "json"
    private let dictionary = [
        "[", "]", "{", "}", ",", ":", "\"", "\\", "\\u", "\\ud83d", "\\ude00", "\\u0000", "true", "false", "null",
        "-", "0", "1e", "E+", ".5", "1e999", "-0", "\u{FEFF}", "\u{0}", " ", "\n", String(repeating: "[", count: 600),
        String(repeating: "9", count: 400),
    ].map { Array($0.utf8) }

    mutating func generate(using random: inout SeededRandom) -> [UInt8] {
        var text: [UInt8] = []
        writeValue(&text, depth: 0, using: &random)
        if random.chance(60) { return [0] + text }
        text.mutate(using: &random, dictionary: dictionary)
        return [1] + text
    }

    mutating func run(_ input: [UInt8]) throws(FuzzFailure) {
        guard let mode = input.first else { return }
        let data = Data(input.dropFirst())
        let ours: JSONValue
        do {
            ours = try JSONValue.parse(data)
        } catch {
            if mode == 0 { throw FuzzFailure("our parser rejected a valid document: \(error)") }
            return
        }
        let encoded = ours.encoded()
        guard (try? JSONValue.parse(encoded)) == ours else { throw FuzzFailure("our encoding does not parse back equal: \(encoded)") }
        // The document (what a body becomes) writes what the tree encodes, and reads what it holds.
        guard let document = try? JSONDocument.parse(data) else { throw FuzzFailure("the document rejected what the tree accepted") }
        var written = ""
        document.writeIndented { written += $0 }
        guard written == ours.encoded(pretty: true) else { throw FuzzFailure("the document writes other text than the tree encodes") }
        if case .object(let object) = ours, let key = object.keys.last,
           document.value(at: JSONPath([.key(key)])) != object[key] {
            throw FuzzFailure("the document reads another value than the tree at \(key)")
        }
        guard mode == 0 else { return }
        let theirs: Any
        do {
            theirs = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw FuzzFailure("JSONSerialization rejected a valid document that ours accepted: \(error)")
        }
        if let path = Self.disagreement(ours, theirs, path: "$") {
            throw FuzzFailure("the parsers disagree at \(path)")
        }
    }

    /// Where our value and Foundation's differ, or nil when they agree.
    static func disagreement(_ ours: JSONValue, _ theirs: Any, path: String) -> String? {
        switch ours {
        case .null:
            return theirs is NSNull ? nil : path
        case .bool(let bool):
            return (theirs as? Bool) == bool ? nil : path
        case .number(let number):
            guard let value = number.double, let other = foundationDouble(theirs) else { return path }
            return abs(value - other) <= 1e-9 * max(1, abs(value)) ? nil : "\(path) (\(number.text) vs \(other))"
        case .string(let string):
            return (theirs as? String) == string ? nil : path
        case .array(let elements):
            guard let other = theirs as? [Any], other.count == elements.count else { return path }
            for (index, element) in elements.enumerated() {
                if let inner = disagreement(element, other[index], path: "\(path)[\(index)]") { return inner }
            }
            return nil
        case .object(let object):
            guard let other = theirs as? [String: Any], other.count == object.count else { return path }
            for (key, member) in object {
                guard let theirMember = other[key] else { return "\(path).\(key)" }
                if let inner = disagreement(member, theirMember, path: "\(path).\(key)") { return inner }
            }
            return nil
        }
    }

    private static func foundationDouble(_ value: Any) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let double = value as? Double { return double }
        if let int = value as? Int { return Double(int) }
        if let decimal = value as? Decimal { return NSDecimalNumber(decimal: decimal).doubleValue }
        return nil
    }

    // MARK: Valid documents, written by hand

    private func writeValue(_ out: inout [UInt8], depth: Int, using random: inout SeededRandom) {
        space(&out, using: &random)
        let kind = depth >= 6 ? random.below(4) : random.below(6)
        switch kind {
        case 0: out += Array(random.pick(["null", "true", "false"]).utf8)
        case 1: writeNumber(&out, using: &random)
        case 2, 3: writeString(&out, using: &random)
        case 4:
            out.append(UInt8(ascii: "["))
            let count = random.length(upTo: 12)
            for index in 0..<count {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeValue(&out, depth: depth + 1, using: &random)
            }
            space(&out, using: &random)
            out.append(UInt8(ascii: "]"))
        default:
            out.append(UInt8(ascii: "{"))
            let count = random.length(upTo: 10)
            var used = Set<String>()
            for _ in 0..<count {
                let key = "k\(random.below(1000))"
                guard used.insert(key).inserted else { continue }
                if used.count > 1 { out.append(UInt8(ascii: ",")) }
                space(&out, using: &random)
                out += Array("\"\(key)\"".utf8)
                space(&out, using: &random)
                out.append(UInt8(ascii: ":"))
                writeValue(&out, depth: depth + 1, using: &random)
            }
            space(&out, using: &random)
            out.append(UInt8(ascii: "}"))
        }
        space(&out, using: &random)
    }

    private func space(_ out: inout [UInt8], using random: inout SeededRandom) {
        guard random.chance(20) else { return }
        for _ in 0..<(1 + random.below(3)) { out.append(random.pick([0x20, 0x0A, 0x0D, 0x09])) }
    }

    private func writeNumber(_ out: inout [UInt8], using random: inout SeededRandom) {
        var text = random.chance(30) ? "-" : ""
        if random.chance(20) {
            text += "0"
        } else {
            text += String(1 + random.below(9))
            for _ in 0..<random.below(17) { text += String(random.below(10)) }
        }
        if random.chance(30) {
            text += "."
            for _ in 0..<(1 + random.below(10)) { text += String(random.below(10)) }
        }
        if random.chance(20) {
            // Within what Foundation can represent (its Decimal stops near 1e165).
            text += random.pick(["e", "E"]) + random.pick(["", "+", "-"]) + String(random.below(100))
        }
        out += Array(text.utf8)
    }

    /// `\uXXXX` (String(format:) would cost more than the parse being tested).
    private func writeEscape(_ out: inout [UInt8], _ unit: Int, uppercase: Bool = false) {
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), digits[(unit >> 12) & 0xF], digits[(unit >> 8) & 0xF],
                digits[(unit >> 4) & 0xF], digits[unit & 0xF]]
    }

    private func writeString(_ out: inout [UInt8], using random: inout SeededRandom) {
        out.append(UInt8(ascii: "\""))
        for _ in 0..<random.length(upTo: 40) {
            switch random.below(10) {
            case 0: out += Array(random.pick(["\\n", "\\t", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r"]).utf8)
            case 1: writeEscape(&out, random.below(0xD800))
            case 2:
                // An astral character as a surrogate pair.
                let scalar = 0x10000 + random.below(0x100000)
                let high = 0xD800 + ((scalar - 0x10000) >> 10), low = 0xDC00 + ((scalar - 0x10000) & 0x3FF)
                writeEscape(&out, high, uppercase: true)
                writeEscape(&out, low)
            case 3:
                let value = UInt32(0x80 + random.below(0xD800 - 0x80))
                if let scalar = Unicode.Scalar(value) { out += Array(String(Character(scalar)).utf8) }
            default:
                let byte = UInt8(0x20 + random.below(0x5F))
                out.append(byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") ? UInt8(ascii: "x") : byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
