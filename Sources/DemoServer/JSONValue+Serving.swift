#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON

/// Builders for the documents the server writes. Objects are built from ordered pairs and numbers from
/// their text, so what is served is exactly the members in the order written and exactly these digits.
extension JSONValue {
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members))
    }

    static func int(_ value: Int) -> JSONValue {
        .number(JSONNumber(value))
    }

    /// The shortest text that reads back as `value` (`25`, not `25.0`); non-finite values have no JSON
    /// form and become null.
    static func double(_ value: Double) -> JSONValue {
        JSONNumber(value).map(JSONValue.number) ?? .null
    }

    /// A number with exactly two decimals, for prices and percentages (`530.10`); non-finite values
    /// become null.
    static func twoDecimals(_ value: Double) -> JSONValue {
        JSONNumber.twoDecimals(value).map(JSONValue.number) ?? .null
    }

    /// Reads a fixture file or a request body. A UTF-8 byte order mark is skipped, because some editors
    /// add one when they save a file.
    static func parse(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let document = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return try parse(Data(document))
    }

    /// A copy of this object with `key` set to `value`, in place when present, appended otherwise.
    func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var object) = self else { return self }
        object[key] = value
        return .object(object)
    }

    /// The compact encoding, as served on the wire.
    var bytes: [UInt8] {
        [UInt8](encodedData())
    }
}

extension JSONNumber {
    /// `value` rounded half away from zero to cents, always with two decimals: `530.1` → `530.10`,
    /// `-0.004` → `0.00`; nil for NaN and infinities.
    static func twoDecimals(_ value: Double) -> JSONNumber? {
        guard value.isFinite else { return nil }
        // Beyond this the cents no longer fit an Int; such values are not prices anyway.
        guard abs(value) < 1e15 else { return JSONNumber(value) }
        let cents = Int((value * 100).rounded())
        let sign = cents < 0 ? "-" : ""
        let magnitude = abs(cents)
        let fraction = magnitude % 100
        return JSONNumber(validatedText: "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)")
    }
}
