#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import DemoServer
@testable import HTTPServer

@Suite("Server lifecycle")
struct LifecycleTests {
    @Test func portAndBaseURLAreKnownAfterStart() throws {
        let server = DemoServer()
        #expect(server.port == 0)
        try server.start()
        defer { server.stop() }
        #expect(server.port != 0)
        #expect(server.baseURL == "http://127.0.0.1:\(server.port)")
    }

    @Test func startingTwiceThrows() throws {
        let server = DemoServer()
        try server.start()
        defer { server.stop() }
        #expect(throws: DemoServerError.alreadyStarted) { try server.start() }
    }

    @Test func stopIsIdempotentAndClosesEverything() throws {
        let server = DemoServer(configuration: DemoServerConfiguration(faults: true))
        try server.start()
        let port = server.port
        let idle = try TestHTTPClient(port: port)
        #expect(try idle.request("GET", "/weather/v1").status == 200)
        // A busy connection: its answer has begun, and its second half comes 10 s after the first.
        let busy = try TestHTTPClient(port: port, timeout: 60)
        try busy.send("GET /faults/trickle?bytes=100&chunk=50&interval=10000 HTTP/1.1\r\n\r\n")
        #expect(busy.hasInput(within: 30), "the answer began")
        let started = Date()
        server.stop()
        server.stop()
        // (a generous bound: stop() waits at most two seconds for the connections' threads)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(idle.serverCloses(within: 30))
        let cut = String(decoding: busy.readUntilClosed().bytes, as: UTF8.self)
        #expect(!cut.hasSuffix("}"), "the answer was cut in its pause, not finished: \(cut)")
        #expect(throws: (any Error).self) { try TestHTTPClient(port: port).request("GET", "/weather/v1") }
    }

    @Test func stopBeforeStartIsHarmless() throws {
        let server = DemoServer()
        server.stop()
        #expect(throws: DemoServerError.alreadyStarted) { try server.start() }
    }

    @Test func busyPortIsReported() throws {
        try withServer { first in
            let second = DemoServer(configuration: DemoServerConfiguration(port: first.port))
            #expect {
                try second.start()
            } throws: { error in
                guard case DemoServerError.cannotListen(_, let port, _) = error else { return false }
                return port == first.port
            }
            second.stop()
        }
    }

    @Test func missingRootFolderIsReported() throws {
        let server = DemoServer(configuration: DemoServerConfiguration(root: "/nonexistent/apish-\(UUID().uuidString)"))
        #expect(throws: DemoServerError.self) { try server.start() }
        #expect(server.port == 0)
    }

    @Test func ipv6LoopbackWorksWhenAvailable() throws {
        let server = DemoServer(configuration: DemoServerConfiguration(host: "::1"))
        do {
            try server.start()
        } catch {
            return // No IPv6 on this machine; nothing to check.
        }
        defer { server.stop() }
        #expect(server.baseURL == "http://[::1]:\(server.port)")
    }

    @Test func terminationSignalIsReceivedByTheWaitingThread() async throws {
        // The signal is sent to one dedicated thread only, so nothing else in the test process sees it.
        let received = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                TerminationSignals.blockInCurrentThread()
                pthread_kill(pthread_self(), SIGTERM)
                continuation.resume(returning: ServeOptions.waitForTerminationSignal())
            }
        }
        #expect(received == SIGTERM)
    }
}
