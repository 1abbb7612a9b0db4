import Facade

/// Renders JSON for people: indented, and coloured when colour is on.
public enum JSONRenderer {
    /// Pretty JSON with a 2-space indent, in the same layout as `JSONValue.encoded(pretty: true)`, ending
    /// with `\n`. Coloured: keys cyan, strings green, numbers yellow, `true`/`false`/`null` magenta.
    /// When `cancellation` trips (Ctrl-C), the JSON so far is shown, then `(interrupted)`.
    public static func pretty(_ value: JSONValue, style: TextStyle, cancellation: CancellationToken? = nil) -> String {
        var output = ""
        var interruption = RenderInterruption(cancellation)
        write(value, indent: "", style: style, into: &output, interruption: &interruption)
        return output + "\n" + interruption.markerLine(style)
    }

    private static func write(
        _ value: JSONValue, indent: String, style: TextStyle, into output: inout String,
        interruption: inout RenderInterruption
    ) {
        if interruption.shouldStop() { return }
        switch value {
        case .null:
            output += style.magenta("null")
        case .bool(let bool):
            output += style.magenta(bool ? "true" : "false")
        case .number(let number):
            output += style.yellow(number.text)
        case .string:
            // The encoder escapes quotes and control characters, so data cannot break out of the string.
            output += style.green(value.encoded())
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            let inner = indent + "  "
            output += "[\n"
            for (position, element) in elements.enumerated() {
                output += inner
                write(element, indent: inner, style: style, into: &output, interruption: &interruption)
                if interruption.isInterrupted { return }
                output += position < elements.count - 1 ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let object):
            guard !object.isEmpty else {
                output += "{}"
                return
            }
            let inner = indent + "  "
            output += "{\n"
            for (position, member) in object.enumerated() {
                output += inner + style.cyan(JSONValue.string(member.key).encoded()) + ": "
                write(member.value, indent: inner, style: style, into: &output, interruption: &interruption)
                if interruption.isInterrupted { return }
                output += position < object.count - 1 ? ",\n" : "\n"
            }
            output += indent + "}"
        }
    }
}
