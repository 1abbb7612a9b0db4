import FoundationFree
import JSON
import Schemas

/// What a schema accepts, whichever keyword says it: an `enum` of short strings bounds their length as a
/// `maxLength` does, `format: int64` bounds an integer as `minimum: -2^63, maximum: 2^63-1` do. The diff
/// compares these, so a respelling of one set of values is no change.
extension SchemaComparison {
    /// The longest string an `enum` of strings allows (in code points, as `maxLength` counts); nil when the
    /// schema has no enum or one with other values.
    static func enumMaxLength(_ schema: JSONSchema) -> Int? {
        guard let values = schema.enumValues, !values.isEmpty else { return nil }
        var longest = 0
        for value in values {
            guard let text = value.stringValue else { return nil }
            longest = max(longest, text.unicodeScalars.count)
        }
        return longest
    }

    /// The bounds an integer `format` implies: `int32` and `int64` hold exactly the integers of their range.
    static func formatBounds(_ format: String?) -> (minimum: JSONNumber, maximum: JSONNumber)? {
        switch format {
        case "int32": (JSONNumber(Int(Int32.min)), JSONNumber(Int(Int32.max)))
        case "int64": (JSONNumber(Int.min), JSONNumber(Int.max))
        default: nil
        }
    }

    /// The format an integer schema keeps to, written or implied by its bounds: `minimum: -2^63, maximum:
    /// 2^63-1` hold what `format: int64` does. `other` is the format the compared schema writes.
    static func effectiveFormat(_ schema: JSONSchema, comparedWith other: String) -> String {
        let written = schema.format ?? ""
        guard written.isEmpty, schema.types.filter({ $0 != "null" }) == ["integer"],
              let implied = formatBounds(other),
              let minimum = schema.facet(\.minimum), let maximum = schema.facet(\.maximum),
              !minimum.exclusive, !maximum.exclusive,
              minimum.number == implied.minimum || (other == "int64" && isInt64Limit(minimum.number, upper: false)),
              maximum.number == implied.maximum || (other == "int64" && isInt64Limit(maximum.number, upper: true))
        else { return written }
        return other
    }

    /// Whether `bound` is the one `schema`'s integer format implies (`maximum: 2^63-1` for `int64`): the
    /// same set of values whichever of the two spells it.
    static func formatImplies(_ schema: JSONSchema, _ bound: SchemaNode.Bound, upper: Bool) -> Bool {
        guard let implied = formatBounds(schema.format), !bound.exclusive else { return false }
        return bound.number == (upper ? implied.maximum : implied.minimum)
            || (schema.format == "int64" && isInt64Limit(bound.number, upper: upper))
    }

    /// Whether `number` is the int64 limit as a writer that holds numbers as doubles spells it: 2^63-1,
    /// 2^63 and 9223372036854776000 are one double (OpenAI's `seed` went from the first to the last), and
    /// a server that reads an int64 takes the same integers under any of them.
    static func isInt64Limit(_ number: JSONNumber, upper: Bool) -> Bool {
        number.double == (upper ? 9_223_372_036_854_775_808.0 : -9_223_372_036_854_775_808.0)
    }
}
