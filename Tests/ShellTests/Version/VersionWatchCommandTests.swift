@testable import DemoAPIs
import Facade
import Foundation
import Testing
@testable import Shell
@testable import Commands

@Suite struct VersionWatchCommandTests {
    @Test func aScriptMustSayWhenToStop() throws {
        let shell = try VersionShell()
        let result = shell.run("watch weather every=0.1")
        #expect(!result.ok)
        #expect(result.err.contains("watch runs until Ctrl-C, which a script cannot send; give count=N"))
    }

    @Test func firstRefreshShowsTheModelThenOnlyChanges() throws {
        let shell = try VersionShell()
        let result = shell.run("watch weather every=0.1 count=2 city==Boston")
        #expect(result.ok)
        #expect(result.out.contains("watching weather v2 every 0.1 s, 2 refreshes\n"))
        #expect(result.out.components(separatedBy: "weather v2 · WeatherV2").count == 2)
        #expect(result.out.contains("Boston"))
        #expect(result.out.hasSuffix("done: 2 refreshes of weather v2, 0 with changes\n"))
    }

    @Test func aChangedFixtureIsShownByPath() throws {
        let folder = try VersionFixtureFolder()
        try folder.write("sensor.json", #"{"reading":{"celsius":20,"unit":"C"}}"#)
        try folder.write("sensors.json", #"{"services":[{"name":"sensor","version":1,"url":"sensor.json"}]}"#)
        let shell = try VersionShell(root: folder.path, interactive: true, locator: "sensors.json")
        // WHEN the file changes after the first refresh (from another thread, as an editor would),
        // and Ctrl-C comes once the change is shown
        let output = shell.output, interrupts = shell.interrupts
        let editor = Thread {
            guard output.wait(for: "sensor v1 · JSON") else { return }
            try? folder.write("sensor.json", #"{"reading":{"celsius":"21","unit":"C"},"ok":true}"#)
            _ = output.wait(for: "2 changes")
            interrupts.interrupt()
        }
        editor.start()
        let result = shell.run("watch sensor every=0.1 count=200")
        // THEN exactly that change is printed, once
        #expect(result.ok)
        #expect(result.out.contains(#"  ~ reading.celsius  type number → string  20 → "21""#))
        #expect(result.out.contains("  + ok"))
        #expect(result.out.components(separatedBy: "2 changes").count == 2)
        #expect(result.out.contains("stopped: "))
        #expect(result.out.contains("of sensor v1, 1 with changes"))
    }

    @Test func ctrlCEndsTheWatchAndTheCommandSucceeds() throws {
        let shell = try VersionShell(interactive: true)
        let output = shell.output, interrupts = shell.interrupts
        let interrupter = Thread {
            if output.wait(for: "weather v2 · WeatherV2") { interrupts.interrupt() }
        }
        interrupter.start()
        // count= is only a backstop so a broken interrupt fails instead of hanging.
        let result = shell.run("watch weather every=0.1 count=200")
        #expect(result.ok)
        #expect(result.out.contains("stopped: "))
        #expect(!result.out.contains("done:"))
    }

    @Test func jsonGivesOneObjectWithTheEvents() throws {
        let shell = try VersionShell(json: true)
        let line = try shell.json("watch weather every=0.1 count=2")
        #expect(line.value(atPath: "ok") == .bool(true))
        #expect(line.value(atPath: "data.refreshes") == 2)
        #expect(line.value(atPath: "data.stoppedBy") == "count")
        #expect(line.value(atPath: "data.events[0].model.currentTemperature") == 63)
    }

    @Test func aFailingServiceFailsTheWatch() throws {
        let shell = try VersionShell()
        let result = shell.run("watch weather every=0.1 count=2 city==Atlantis")
        #expect(!result.ok)
        // The same error is printed once, not once per refresh, plus the final error line.
        #expect(result.err.components(separatedBy: "unknown city 'Atlantis'").count == 3)
    }

    @Test func pauseReturnsAtTheDeadlineOrWhenStopped() {
        // Time passing is the subject: the pause lasts at least until its deadline (a lower bound only).
        let start = Date()
        #expect(Watcher.pause(until: start.addingTimeInterval(0.1), stop: { false }) == false)
        #expect(Date().timeIntervalSince(start) >= 0.1)
        #expect(Watcher.pause(until: Date().addingTimeInterval(60), stop: { true }) == true)
    }
}
