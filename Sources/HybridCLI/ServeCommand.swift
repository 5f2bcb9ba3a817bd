import ArgumentParser
import Foundation
import Glibc
import Hybrid

/// `hybrid serve`: serves a folder of fixtures (and mock API routes) over HTTP on loopback until Ctrl-C.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a folder of HTML fixtures and mock API responses over HTTP.",
        discussion: """
            The first line on standard output is the base URL (http://127.0.0.1:PORT/); the access log (method, \
            path, status, bytes, duration) goes to standard error, one request per line. Files get Content-Type \
            by extension, ETag and Last-Modified (304), Range (206, 416) and Cache-Control: no-cache. Paths \
            never leave DIR; dotfiles are not served. A --host other than loopback exposes DIR to other \
            machines, with a warning.

            --api-mocks DIR maps files to routes: DIR/GET/api/user/[id].json answers GET /api/user/42, a sibling \
            [id].status file may hold the status code, and index.json answers its folder. DIR/GET/chat.websocket.json \
            is a WebSocket endpoint at /chat (echo, or scripted steps to send, expect and close) and \
            DIR/GET/feed.sse.json an event stream at /feed (text/event-stream, events with delays, resumed after \
            Last-Event-ID); DIR/POST/upload.echo.json answers POST /upload with the request as JSON (method, \
            path, query, headers, body); see the FixtureServer documentation for their JSON.

            Exit status: 0 after Ctrl-C (SIGINT) or SIGTERM; 129 after SIGHUP (the terminal closed), having \
            stopped cleanly too; 2 when DIR or the mocks folder is missing or the port cannot be bound (the reason \
            goes to standard error).

            Examples:
              hybrid serve                   # ./web on http://127.0.0.1:8080/
              hybrid serve web --port 0      # any free port, on the first line
              hybrid serve web --port 0 --cors --list-dirs
            """
    )

    @Argument(help: ArgumentHelp("The folder to serve.", valueName: "DIR"))
    var directory: String = "web"

    @Option(name: .long, help: ArgumentHelp("The address to listen on; other than loopback only when you mean it.",
                                            valueName: "H"))
    var host: String = "127.0.0.1"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The port (0 picks a free one; default 8080).", valueName: "P"),
            transform: OptionValue.port)
    var port: Int = 8080

    @Option(name: .customLong("api-mocks"), help: ArgumentHelp("A folder of mock API responses.", valueName: "DIR"))
    var apiMocks: String?

    @Flag(name: .long, help: "Add CORS headers and answer preflight requests.")
    var cors = false

    @Flag(name: .customLong("list-dirs"), help: "List folders that have no index.html.")
    var listDirs = false

    func run() async throws {
        let server = FixtureServer(root: directory, host: host, port: port)
        var options = FixtureServer.Options()
        options.cors = cors
        options.listDirectories = listDirs
        options.apiMocks = apiMocks
        let log = AccessLogWriter()
        server.accessLog.observe { event in log.write(event.line) }
        server.options = options
        if !Self.isLoopback(server.host) {
            StandardStreams.err("hybrid serve: warning: listening on \(host) exposes \(directory) to other machines\n")
        }
        let stop = Self.waitForSignal()
        let base: String
        do {
            base = try await server.start()
        } catch {
            StandardStreams.err("hybrid serve: \(error)\n")
            throw ExitStatus.usage.exitCode
        }
        StandardStreams.out(base + "\n")
        let signal = await stop.value
        log.flush()
        StandardStreams.err("hybrid serve: \(Self.reason(signal)), stopping\n")
        await server.stop()
        log.flush()
        // Asked to stop (Ctrl-C, SIGTERM), serving ended as it should; the terminal going away did not ask.
        if signal == SIGHUP { throw ExitCode(128 + SIGHUP) }
    }

    private static func reason(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "interrupted"
        case SIGHUP: "hung up"
        default: "terminated"
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "::1" || host.hasPrefix("127.")
    }

    /// Ignores SIGINT, SIGTERM and SIGHUP and returns a task ending with the first one received.
    static func waitForSignal() -> Task<Int32, Never> {
        // Only the first signal matters: later ones are dropped, never buffered.
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingOldest(1))
        let signals = TerminationSignals { continuation.yield($0) }
        return Task {
            var first: Int32 = SIGTERM
            for await number in stream {
                first = number
                break
            }
            withExtendedLifetime(signals) {}
            return first
        }
    }
}
