@testable import FoundationFree
import Foundation
import Testing

/// The environment read from `environ`: each name's value as it was set, byte for byte.
@Suite struct PlatformEnvironmentTests {
    @Test func aValueIsItsBytesAfterTheFirstEqualsSign() throws {
        let name = "APISH_TEST_ENVIRONMENT_\(getpid())"
        // A value that begins with a combining mark (one character with the `=` before it) and holds an `=`.
        let value = "\u{301}x=y"
        #expect(setenv(name, value, 1) == 0)
        defer { unsetenv(name) }
        let variables = Platform.environmentVariables()
        #expect(variables[name].map { Array($0.unicodeScalars) } == Array(value.unicodeScalars))
        #expect(variables["PATH"] == getenv("PATH").map { String(cString: $0) })
        #expect(variables[name + "_MISSING"] == nil)
    }
}
