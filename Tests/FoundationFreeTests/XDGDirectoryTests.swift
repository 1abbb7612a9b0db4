import FoundationFree
import Testing

/// One rule for apish's config, state and cache directories.
@Suite struct XDGDirectoryTests {
    @Test func anAbsoluteVariableWinsARelativeOneIsIgnored() {
        #expect(XDGDirectory.config.apish(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/h"]) == "/x/conf/apish")
        #expect(XDGDirectory.state.apish(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]) == "/h/.local/state/apish")
        #expect(XDGDirectory.cache.apish(environment: ["HOME": "/h/"]) == "/h/.cache/apish")
    }

    @Test func withoutHomeTheFallbackIsAskedElseThereIsNone() {
        #expect(XDGDirectory.cache.apish(environment: [:]) == nil)
        #expect(XDGDirectory.state.apish(environment: ["HOME": ""], home: { "/etc-home" }) == "/etc-home/.local/state/apish")
    }
}
