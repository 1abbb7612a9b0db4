import Foundation
import JSON
import TestSupport

/// What `JSONDecoder` makes of a document, via a type-probing `Decodable` enum — the approach apish's
/// parser exists to replace. Containers are probed first (probing scalars first is ~10x slower still).
/// Numbers are `Double`s.
enum AnyJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            var members: [String: AnyJSON] = [:]
            for key in container.allKeys { members[key.stringValue] = try container.decode(AnyJSON.self, forKey: key) }
            self = .object(members)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [AnyJSON] = []
            while !container.isAtEnd { elements.append(try container.decode(AnyJSON.self)) }
            self = .array(elements)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    /// Whether `value` has the same structure, comparing numbers as `Double`s and objects by key.
    func matches(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.null, .null):
            return true
        case let (.bool(mine), .bool(theirs)):
            return mine == theirs
        case let (.number(mine), .number(theirs)):
            return theirs.double == mine
        case let (.string(mine), .string(theirs)):
            return mine == theirs
        case let (.array(mine), .array(theirs)):
            return mine.count == theirs.count && zip(mine, theirs).allSatisfy { $0.matches($1) }
        case let (.object(mine), .object(theirs)):
            return mine.count == theirs.count
                && theirs.allSatisfy { key, member in mine[key]?.matches(member) ?? false }
        default:
            return false
        }
    }
}

/// Random documents for differential tests, in two independent ways: as `JSONValue` trees (to be written
/// by apish's encoder) and as text written character by character with random escapes and whitespace.
enum JSONDocumentFactory {
    /// Scalars chosen to exercise escaping and UTF-8: quotes, backslashes, controls, 2/3/4-byte
    /// sequences, U+2028, U+FFFD, U+10FFFF. No combining marks, so distinct keys stay distinct.
    static let alphabet: [Unicode.Scalar] = Array("abcxyzABC019 _-:,{}[]".unicodeScalars) + [
        "\"", "\\", "/", "\n", "\t", "\r", "\u{08}", "\u{0C}", "\u{00}", "\u{01}", "\u{1F}", "\u{7F}",
        "é", "ß", "ñ", "中", "文", "€", "\u{2028}", "\u{FFFD}", "😀", "𝄞", "\u{10FFFF}",
    ]

    static func randomString(using random: inout SeededRandom, maxLength: Int = 12) -> String {
        var string = ""
        for _ in 0..<Int.random(in: 0...maxLength, using: &random) {
            string.unicodeScalars.append(random.pick(alphabet))
        }
        return string
    }

    static func randomNumberText(using random: inout SeededRandom) -> String {
        let sign = random.chance(30) ? "-" : ""
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        }
        let leading = String(Int.random(in: 1...9, using: &random))
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return sign + "0"
        case 1: return sign + leading + digits(Int.random(in: 0...8, using: &random))
        case 2: return sign + leading + digits(Int.random(in: 18...28, using: &random))
        case 3: return sign + leading + digits(Int.random(in: 0...3, using: &random)) + "." + digits(Int.random(in: 1...9, using: &random))
        case 4:
            let exponent = random.pick(["e", "E"]) + random.pick(["", "+", "-"]) + String(Int.random(in: 0...200, using: &random))
            return sign + leading + (random.chance(50) ? "." + digits(Int.random(in: 1...6, using: &random)) : "") + exponent
        default: return sign + "0." + digits(Int.random(in: 1...12, using: &random))
        }
    }

    static func randomValue(using random: inout SeededRandom, depth: Int = 0) -> JSONValue {
        let containerChance = depth < 4 ? 45 : 0
        if random.chance(containerChance) {
            let count = Int.random(in: 0...5, using: &random)
            if random.chance(50) {
                return .array((0..<count).map { _ in randomValue(using: &random, depth: depth + 1) })
            }
            var object = JSONObject()
            for _ in 0..<count {
                object[randomString(using: &random, maxLength: 6)] = randomValue(using: &random, depth: depth + 1)
            }
            return .object(object)
        }
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return .null
        case 1: return .bool(random.chance(50))
        case 2: return .number(JSONNumber(Int(truncatingIfNeeded: random.next())))
        case 3: return JSONNumber(Double.random(in: -1e6...1e6, using: &random)).map(JSONValue.number) ?? .null
        case 4: return JSONNumber(text: randomNumberText(using: &random)).map(JSONValue.number) ?? .null
        default: return .string(randomString(using: &random))
        }
    }

    /// JSON text written without apish's encoder, plus the value it denotes.
    static func randomDocument(using random: inout SeededRandom, depth: Int = 0) -> (text: String, value: JSONValue) {
        let space = { (random: inout SeededRandom) in random.pick(["", "", " ", "\n", "\t", "\r\n  "]) }
        let containerChance = depth < 4 ? 45 : 0
        if random.chance(containerChance) {
            let count = Int.random(in: 0...5, using: &random)
            if random.chance(50) {
                var parts: [String] = []
                var elements: [JSONValue] = []
                for _ in 0..<count {
                    let (text, value) = randomDocument(using: &random, depth: depth + 1)
                    parts.append(space(&random) + text + space(&random))
                    elements.append(value)
                }
                return ("[" + space(&random) + parts.joined(separator: ",") + "]", .array(elements))
            }
            var parts: [String] = []
            var object = JSONObject()
            var usedKeys = Set<String>()
            for _ in 0..<count {
                let key = randomString(using: &random, maxLength: 6)
                guard usedKeys.insert(key).inserted else { continue }
                let (text, value) = randomDocument(using: &random, depth: depth + 1)
                parts.append(space(&random) + quoted(key, using: &random) + space(&random) + ":" + space(&random) + text + space(&random))
                object[key] = value
            }
            return ("{" + space(&random) + parts.joined(separator: ",") + "}", .object(object))
        }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return ("null", .null)
        case 1: return random.chance(50) ? ("true", .bool(true)) : ("false", .bool(false))
        case 2:
            let text = randomNumberText(using: &random)
            return (text, JSONNumber(text: text).map(JSONValue.number) ?? .null)
        default:
            let string = randomString(using: &random)
            return (quoted(string, using: &random), .string(string))
        }
    }

    /// A JSON string literal for `string`, choosing at random among the valid spellings of each scalar.
    static func quoted(_ string: String, using random: inout SeededRandom) -> String {
        func unicodeEscape(_ unit: UInt32) -> String {
            let hex = String(unit, radix: 16, uppercase: random.chance(50))
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        var text = "\""
        for scalar in string.unicodeScalars {
            let short: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "/": random.chance(50) ? "\\/" : "/"
            case "\n": "\\n"
            case "\t": "\\t"
            case "\r": "\\r"
            case "\u{08}": "\\b"
            case "\u{0C}": "\\f"
            default: nil
            }
            if let short, random.chance(80) {
                text += short
            } else if scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || random.chance(25) {
                if scalar.value > 0xFFFF {
                    let offset = scalar.value - 0x10000
                    text += unicodeEscape(0xD800 + (offset >> 10)) + unicodeEscape(0xDC00 + (offset & 0x3FF))
                } else {
                    text += unicodeEscape(scalar.value)
                }
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
