import Foundation
import JavaScript
import Testing
@testable import WebView

/// `FormData` and `ProgressEvent` in dedicated workers, as WebKit's workers have them.
@Suite struct WorkerFormDataTests {
    private static func script(_ text: String) -> TestResponse {
        TestResponse(contentType: "text/javascript", body: Array(text.utf8))
    }

    /// Runs the worker at `path` and returns the first message it posts.
    private func firstMessage(_ webView: HeadlessWebView, _ path: String) async throws -> JSONValue {
        try await runAsync(webView, """
            var worker = new Worker('\(path)');
            return await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            """)
    }

    /// The entry list's methods, Blob values as Files, the constructor without a form and WebKit's errors; the values
    /// are those observed on WebKitGTK 2.50 (a worker from a Blob URL, `hybrid conform`).
    @Test func formDataInAWorkerKeepsItsEntriesAsWebKits() async throws {
        let (webView, log, server) = try await workerPage(scripts: ["/form.js": """
            var out = [typeof FormData, typeof ProgressEvent];
            var fd = new FormData();
            fd.append('a', '1'); fd.append('a', 2); fd.append('b', new Blob(['xyz'], {type: 'text/plain'}));
            fd.append('c', new Blob(['q']), 'c.txt');
            out.push(fd.getAll('a').join(','), fd.get('b') instanceof File, fd.get('b').name, fd.get('b').type, fd.get('c').name,
                     fd.has('c'), fd.get('zz'));
            fd.set('a', 'z'); fd.delete('c');
            out.push(Array.from(fd.keys()).join(','), Array.from(fd.values()).map(String).join(','));
            var each = []; fd.forEach(function (v, k) { each.push(k + '=' + v); }); out.push(each.join('&'));
            out.push(Array.from(fd).length, Object.prototype.toString.call(fd), String(Object.keys(FormData.prototype)));
            try { new FormData({}); } catch (e) { out.push(e.name + ': ' + e.message); }
            try { fd.append('x', 'y', 'z'); } catch (e) { out.push(e.name + ': ' + e.message); }
            try { fd.append('x'); } catch (e) { out.push(e.name + ': ' + e.message); }
            postMessage(out);
            """])
        let out = try await firstMessage(webView, "/form.js")
        #expect(out == ["function", "function", "1,2", true, "blob", "text/plain", "c.txt", true, nil, "a,b", "z,[object File]",
                        "a=z&b=[object File]", 2, "[object FormData]", "append,delete,get,getAll,has,set,entries,keys,values,forEach",
                        "TypeError: Argument 1 ('form') to the FormData constructor must be an instance of HTMLFormElement",
                        "TypeError: Argument 2 ('blobValue') to FormData.append must be an instance of Blob",
                        "TypeError: Not enough arguments"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    /// XMLHttpRequest's events in a worker are ProgressEvents (values observed on WebKitGTK 2.50 for a 12-byte file);
    /// the constructor converts its members as WebKit's (doubles: 7.9 stays 7.9).
    @Test func xmlHttpRequestInAWorkerFiresProgressEvents() async throws {
        let (webView, log, server) = try await workerPage { request in
            if request.path == "/data.txt" { return TestResponse(contentType: "text/plain", body: Array("hello world\n".utf8)) }
            guard request.path == "/progress.js" else { return nil }
            return Self.script("""
                var p = new ProgressEvent('progress', {lengthComputable: 1, loaded: '5', total: 7.9});
                var out = [p.lengthComputable, p.loaded, p.total, p instanceof Event, String(p), new ProgressEvent('x').loaded,
                           new ProgressEvent('x', {loaded: -1}).loaded];
                var xhr = new XMLHttpRequest(), events = [];
                xhr.open('GET', 'data.txt');
                ['loadstart', 'progress', 'load', 'loadend'].forEach(function (t) {
                  xhr.addEventListener(t, function (e) {
                    events.push(t + ':' + (e instanceof ProgressEvent) + ':' + e.lengthComputable + ':' + e.loaded + ':' + e.total);
                  });
                });
                xhr.onloadend = function () { setTimeout(function () { out.push(events.join(' ')); postMessage(out); }, 0); };
                xhr.send();
                """)
        }
        let out = try await firstMessage(webView, "/progress.js")
        #expect(out == [true, 5, 7.9, true, "[object ProgressEvent]", 0, -1,
                        "loadstart:true:false:0:0 progress:true:true:12:12 load:true:true:12:12 loadend:true:true:12:12"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    /// A worker's FormData goes as multipart/form-data through its XMLHttpRequest and its `fetch`, encoded as a page's.
    @Test func aWorkerSendsFormDataAsMultipart() async throws {
        let (webView, log, server) = try await workerPage { request in
            if request.path == "/upload" { return .json("{\"ok\":true}") }
            guard request.path == "/send.js" else { return nil }
            return Self.script("""
                function form() {
                  var fd = new FormData();
                  fd.append('title', 'T\\u00e9');
                  fd.append('doc', new Blob([new Uint8Array([0, 200])]), 'd.bin');
                  return fd;
                }
                var xhr = new XMLHttpRequest();
                xhr.open('POST', '/upload');
                xhr.onload = async function () {
                  var response = await fetch('/upload', { method: 'POST', body: form() });
                  postMessage([xhr.status, (await response.json()).ok]);
                };
                xhr.send(form());
                """)
        }
        let out = try await firstMessage(webView, "/send.js")
        #expect(out == [200, true])
        #expect(log.exceptions.isEmpty)
        let uploads = server.requests.filter { $0.path == "/upload" }
        await webView.close()
        await server.stop()
        #expect(uploads.count == 2)
        for upload in uploads {
            let boundary = try #require(upload.headers["content-type"]?.components(separatedBy: "multipart/form-data; boundary=").last)
            var expected = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nTé\r\n".utf8)
            expected += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"d.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
            expected += [0, 200]
            expected += Array("\r\n--\(boundary)--\r\n".utf8)
            #expect(upload.body == expected)
        }
    }
}
