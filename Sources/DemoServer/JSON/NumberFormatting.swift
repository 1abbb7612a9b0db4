/// Number text for JSON and URLs, without Foundation's locale-dependent formatters.
enum NumberFormatting {
    /// `25` rather than `25.0`, `51.50998` as given; Swift's shortest round-tripping form otherwise.
    static func shortest(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }

    /// Rounds half away from zero to cents and always prints two decimals: `530.1` → `530.10`.
    static func twoDecimals(_ value: Double) -> String {
        // Beyond this the cents no longer fit an Int; such values are not prices anyway.
        guard abs(value) < 1e15 else { return value.isFinite ? String(value) : "0.00" }
        let cents = Int((value * 100).rounded())
        let sign = cents < 0 ? "-" : ""
        let magnitude = abs(cents)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
