import Foundation
import Testing
@testable import FixtureServer

/// The parts of a `multipart/byteranges` body: each part's `Content-Range` and bytes.
private func byteRangeParts(_ response: RawResponse) -> [(range: String, body: [UInt8])] {
    guard let type = response.header("Content-Type"), type.hasPrefix("multipart/byteranges; boundary="),
          let boundary = type.split(separator: "=", maxSplits: 1).last else { return [] }
    let delimiter = Array("\r\n--\(boundary)".utf8)
    let body = [UInt8]("\r\n".utf8) + response.body
    var starts: [Int] = []
    var index = 0
    while index + delimiter.count <= body.count {
        if body[index..<(index + delimiter.count)].elementsEqual(delimiter) {
            starts.append(index)
            index += delimiter.count
        } else {
            index += 1
        }
    }
    var parts: [(String, [UInt8])] = []
    for (start, end) in zip(starts, starts.dropFirst()) {
        let part = Array(body[(start + delimiter.count)..<end])
        guard let headEnd = part.indices.first(where: { part[$0...].starts(with: Array("\r\n\r\n".utf8)) }) else {
            continue
        }
        let head = String(decoding: part[..<headEnd], as: UTF8.self)
        let range = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-range:") }
            .map { String($0.dropFirst("content-range:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
        parts.append((range, Array(part[(headEnd + 4)...])))
    }
    return parts
}

@Suite("Ranges: merged, capped, never amplified")
struct RangeTests {
    @Test("the parsed policy: merged, sorted, unsatisfiable ones dropped, too many ignored")
    func policy() {
        #expect(ByteRange(header: nil, size: 10) == .whole)
        #expect(ByteRange(header: "bytes=2-5", size: 10) == .ranges([2..<6]))
        #expect(ByteRange(header: "bytes=-3", size: 10) == .ranges([7..<10]))
        #expect(ByteRange(header: "bytes=0-99,50-149", size: 1000) == .ranges([0..<150]))
        #expect(ByteRange(header: "bytes=0-1, 2-3", size: 10) == .ranges([0..<4]))  // adjacent
        #expect(ByteRange(header: "bytes=5-6,0-1", size: 10) == .ranges([0..<2, 5..<7]))
        #expect(ByteRange(header: "bytes=2-3,100-200", size: 10) == .ranges([2..<4]))
        #expect(ByteRange(header: "bytes=100-200,300-", size: 10) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-,0-,0-", size: 10) == .ranges([0..<10]))
        let many = "bytes=" + Array(repeating: "0-0", count: ByteRange.maximumCount + 1).joined(separator: ",")
        #expect(ByteRange(header: many, size: 10) == .whole)
        #expect(ByteRange(header: "bytes=0-1,x", size: 10) == .whole)
        #expect(ByteRange(header: "bytes=,", size: 10) == .whole)
        #expect(ByteRange(header: "items=0-1", size: 10) == .whole)
        #expect(ByteRange(header: "bytes=-0", size: 10) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-1", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=99999999999999999999-", size: 10) == .whole)
    }

    @Test("1,000 ranges are ignored: the whole file once, with 200")
    func manyRanges() async throws {
        let folder = try FixtureFolder()
        let bytes = [UInt8]((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try folder.write("f.bin", Data(bytes))
        try await withServer(folder) { _, port in
            let header = "Range: bytes=" + Array(repeating: "0-", count: 1000).joined(separator: ",")
            let response = try await RawHTTP.get("/f.bin", port: port, headers: [header])
            #expect(response.status == 200)
            #expect(response.body == bytes)
        }
    }

    @Test("overlapping ranges are merged into one 206 part")
    func overlapping() async throws {
        let folder = try FixtureFolder()
        try folder.write("d.txt", "0123456789")
        try await withServer(folder) { _, port in
            let response = try await RawHTTP.get("/d.txt", port: port, headers: ["Range: bytes=1-4,3-6"])
            #expect(response.status == 206)
            #expect(response.header("Content-Range") == "bytes 1-6/10")
            #expect(response.text == "123456")
        }
    }

    @Test("disjoint ranges are one multipart/byteranges answer, in file order")
    func multipart() async throws {
        let folder = try FixtureFolder()
        try folder.write("d.txt", "0123456789")
        try await withServer(folder) { _, port in
            let response = try await RawHTTP.get("/d.txt", port: port, headers: ["Range: bytes=7-8,0-1,100-"])
            #expect(response.status == 206)
            #expect(response.header("Content-Length") == "\(response.body.count)")
            let parts = byteRangeParts(response)
            #expect(parts.map(\.range) == ["bytes 0-1/10", "bytes 7-8/10"])
            #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == ["01", "78"])
            // Range is defined for GET only.
            let head = try await RawHTTP.get("/d.txt", port: port, method: "HEAD",
                                             headers: ["Range: bytes=7-8,0-1"])
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "10")
        }
    }

    @Test("a mock route's answer is never cut to ranges by libsoup")
    func routesIgnoreRanges() async throws {
        let folder = try FixtureFolder()
        let json = "[" + Array(repeating: "1", count: 500).joined(separator: ",") + "]"
        try await withServer(folder, configure: { server in
            try server.route("GET", "/api/list") { _ in .raw(Array(json.utf8), contentType: "application/json") }
        }) { _, port in
            let header = "Range: bytes=" + Array(repeating: "0-", count: 100).joined(separator: ",")
            let response = try await RawHTTP.get("/api/list", port: port, headers: [header])
            #expect(response.status == 200)
            #expect(response.text == json)
        }
    }

    @Test("range attacks on a 3 MB file stay within the file's size while normal requests are served")
    func attackWhileServing() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        let size = 3 << 20
        try folder.write("big.bin", Data(repeating: 0x5a, count: size))
        try await withServer(folder) { _, port in
            let finished = Flag()
            let headers = [
                "Range: bytes=" + Array(repeating: "0-", count: 2000).joined(separator: ","),
                "Range: bytes=" + (0..<16).map { "\($0)-" }.joined(separator: ","),
                "Range: bytes=" + (0..<16).map { "\($0 * 1000)-\($0 * 1000 + 10)" }.joined(separator: ","),
            ]
            let largest = Task { () async throws -> Int in
                defer { finished.set() }
                var largest = 0
                for round in 0..<12 {
                    let response = try await RawHTTP.get("/big.bin", port: port, headers: [headers[round % 3]])
                    largest = max(largest, response.body.count)
                }
                return largest
            }
            let normal = await serveDuring(port: port) { finished.isSet }
            let largestBody = try await largest.value
            #expect(largestBody <= size + 16 * 100)
            #expect(normal.answered == normal.made)
        }
    }
}
