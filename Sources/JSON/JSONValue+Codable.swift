#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Lets a `JSONValue` sit inside `Codable` models (e.g. `Envelope<JSONValue>`) and be written by
/// `JSONEncoder`.
///
/// `encoded()` is the exact writer; through `Encoder` a number goes out as `Int` when exact, else as
/// `Double` (or `Decimal` when beyond `Double`'s range), because `Encoder` has no way to write raw
/// number text. Decoding probes the container type and so is slow; parse with `JSONValue.parse` when
/// the JSON text is at hand.
extension JSONValue: Codable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let int = number.int {
                try container.encode(int)
            } else if let double = number.double {
                try container.encode(double)
            } else if let decimal = Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX")) {
                try container.encode(decimal)
            } else {
                throw EncodingError.invalidValue(
                    self,
                    .init(codingPath: encoder.codingPath, debugDescription: "number \(number.text) cannot be encoded")
                )
            }
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in object { try container.encode(value, forKey: MemberKey(key)) }
        }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
            var members = JSONObject()
            for key in object.allKeys {
                members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .number(JSONNumber(int))
        } else if let double = try? container.decode(Double.self), let number = JSONNumber(double) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// A coding key for arbitrary object member names.
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(_ string: String) {
            stringValue = string
        }

        init?(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            return nil
        }
    }
}
