@testable import Shell
import Testing
@testable import Profiles

@Suite struct ProfileLocatorTests {
    @Test func aPathIsKeptAbsoluteAndAURLAsItIs() {
        #expect(Profile.locator("loc.json", from: "/work/x") == "/work/x/loc.json")
        #expect(Profile.locator("./conf/../loc.json", from: "/work/x") == "/work/x/loc.json")
        #expect(Profile.locator("../y/loc.json", from: "/work/x") == "/work/y/loc.json")
        #expect(Profile.locator("/etc/apish/loc.json", from: "/work/x") == "/etc/apish/loc.json")
        #expect(Profile.locator("https://api.example/services.json", from: "/work/x") == "https://api.example/services.json")
        #expect(Profile.locator("file:///srv/loc.json", from: "/work/x") == "file:///srv/loc.json")
    }
}
