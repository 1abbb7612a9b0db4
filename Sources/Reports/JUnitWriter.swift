import ScriptLanguage
/// Writes a `TestReport` as JUnit XML, the format CI servers read:
/// `<testsuites><testsuite name=FILE …><testcase name="LINE: command" classname=FILE time=…>` with a
/// `<failure message=…>` for each failed command or expectation.
public enum JUnitWriter {
    public static func render(_ report: TestReport) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"apish\" tests=\"\(report.tests)\" failures=\"\(report.failures)\" time=\"\(TestReport.seconds(report.time))\">\n"
        for suite in report.suites {
            xml += "  <testsuite name=\"\(escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suite.failures)\" errors=\"0\" time=\"\(TestReport.seconds(suite.time))\">\n"
            if suite.schemaViolations > 0 {
                xml += "    <properties><property name=\"schemaViolations\" value=\"\(suite.schemaViolations)\"/></properties>\n"
            }
            for result in suite.cases {
                let name = result.location.map { "\($0.line): " } ?? ""
                let opening = "    <testcase name=\"\(escape(name + result.name))\" classname=\"\(escape(suite.name))\" time=\"\(TestReport.seconds(result.duration))\""
                if let failure = result.failure {
                    xml += opening + ">\n"
                    let location = result.location.map { "\($0): " } ?? ""
                    xml += "      <failure message=\"\(escape(failure))\">\(escape(location + failure))</failure>\n"
                    xml += "    </testcase>\n"
                } else if let violation = result.schemaViolation {
                    xml += opening + ">\n"
                    xml += "      <system-err>\(escape("schema violation: " + violation))</system-err>\n"
                    xml += "    </testcase>\n"
                } else {
                    xml += opening + "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// Escapes text for an attribute or element. Characters XML 1.0 cannot carry at all (most C0 controls)
    /// become U+FFFD; newlines and tabs are kept as character references so attributes keep them.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result.unicodeScalars.append("\u{FFFD}")
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
