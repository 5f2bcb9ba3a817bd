import Foundation

/// When a request started and how long its phases took, in milliseconds, as a HAR 1.2 entry's `timings` gives them
/// (`blocked`, `dns`, `connect`, `ssl`: -1 when the phase did not happen or is not known; `send`, `wait`, `receive`
/// are never -1). An HTTP exchange's come from libsoup's message metrics (`SoupMessageMetrics`); a `file:` load's, or
/// an answer a session's interceptor gave, are all `wait`.
package struct NetworkTimings: Sendable, Equatable {
    /// The wall-clock time the request was made.
    package var started: Date
    /// Queued before a connection was looked for (from fetch start to the DNS lookup, the connection or the request).
    package var blocked: Double = -1
    /// The DNS lookup (-1: none, a connection was reused or the host was an address).
    package var dns: Double = -1
    /// Setting up the connection, TLS included (-1: a connection was reused).
    package var connect: Double = -1
    /// The TLS handshake (-1: none).
    package var ssl: Double = -1
    /// Sending the request (libsoup does not time it apart from the wait: 0).
    package var send: Double = 0
    /// From the request's start to the response's first byte.
    package var wait: Double = 0
    /// Reading the response.
    package var receive: Double = 0

    package init(started: Date, wait: Double) {
        self.started = started
        self.wait = wait
    }

    /// The whole exchange: the phases that happened, `ssl` inside `connect` (HAR 1.2's `time`).
    package var total: Double {
        max(blocked, 0) + max(dns, 0) + max(connect, 0) + send + wait + receive
    }

    /// The phases from libsoup's marks (monotonic microseconds, 0 when not reached); `end` stands in for a missing
    /// `response_end` (a body read as a stream).
    init(started: Date, fetchStart: UInt, dnsStart: UInt, dnsEnd: UInt, connectStart: UInt, connectEnd: UInt,
         tlsStart: UInt, requestStart: UInt, responseStart: UInt, responseEnd: UInt, end: UInt) {
        func span(_ from: UInt, _ to: UInt) -> Double { from > 0 && to >= from ? Double(to - from) / 1000 : -1 }
        self.started = started
        let firstStep: UInt = [dnsStart, connectStart, requestStart].first(where: { $0 > 0 }) ?? 0
        blocked = span(fetchStart, firstStep)
        dns = span(dnsStart, dnsEnd)
        connect = span(connectStart, connectEnd)
        ssl = span(tlsStart, connectEnd)
        wait = max(0, span(requestStart, responseStart))
        receive = max(0, span(responseStart, responseEnd > 0 ? responseEnd : end))
    }
}
