@testable import Shell
import Testing
@testable import Profiles

@Suite struct DotEnvTests {
    @Test func linesAsDotenvWritesThem() throws {
        let text = """
        # comment
        A=1
        export B = two words  # comment
        C='single # kept $NOT'
        D="line\\nbreak \\"quoted\\""
        E=
        F=x#y

        """
        let pairs = try DotEnv.parse(text)
        #expect(pairs.map(\.name) == ["A", "B", "C", "D", "E", "F"])
        #expect(pairs.map(\.value) == ["1", "two words", "single # kept $NOT", "line\nbreak \"quoted\"", "", "x#y"])
    }

    @Test func mistakesNameTheirLine() {
        #expect(throws: DotEnv.Failure(line: 2, message: "expected NAME=value")) { try DotEnv.parse("A=1\nnonsense") }
        #expect(throws: DotEnv.Failure(line: 1, message: "no closing \"")) { try DotEnv.parse("A=\"open") }
        #expect(throws: DotEnv.Failure(line: 1, message: "'1A' is not a variable name (ASCII letters, digits, _)")) { try DotEnv.parse("1A=x") }
    }
}
