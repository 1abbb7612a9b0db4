extension DecodeFailure {
    /// How a failure shows the value it found: `string "9.50"`, `number 63`, `boolean true`, `null`, and
    /// just `object` or `array` for containers. Scalars longer than 40 characters are cut with `…`.
    package static func found(_ value: JSONValue) -> String {
        switch value {
        case .object, .array, .null:
            return value.typeName
        default:
            let shown = value.encoded()
            let short = shown.count > 40 ? String(shown.prefix(37)) + "…" : shown
            return "\(value.typeName) \(short)"
        }
    }
}
