import Foundation
import JavaScript
import Testing
@testable import WebView

/// `Blob`, `File`, `FileReader`, blob: URLs and Blob bodies on the page's network, in real pages.
@Suite struct BlobFileTests {
    /// Loads `html` at `baseURL` in a fresh web view, runs `body` as an async function's body and returns what it
    /// returns, with the page's uncaught exceptions.
    private func run(_ body: String, html: String = "<!doctype html><body></body>",
                     baseURL: URL = URL(string: "http://example.test/app/")!) async throws -> (JSONValue, [String]) {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString(html, baseURL: baseURL)
        let value = try await webView.callAsyncJavaScript("(async function () {\n\(body)\n})()")
        let errors = log.exceptions.map(\.message)
        await webView.close()
        return (value, errors)
    }

    /// A server that echoes a request's method, content type and body (as hex), and serves a page at `/`.
    private func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            switch request.path {
            case "/echo":
                let hex = request.body.map { String(format: "%02x", $0) }.joined()
                return .json(#"{"method":"\#(request.method)","type":"\#(request.headers["content-type"] ?? "")","hex":"\#(hex)"}"#)
            case "/upload":
                return .text((request.headers["content-type"] ?? "") + "\n" + request.text)
            case "/raw": return TestResponse(contentType: "image/x-test", body: [0, 1, 254, 255])
            default: return TestResponse(contentType: "text/html", body: Array("<!doctype html><body></body>".utf8))
            }
        }
    }

    @Test func blobsAreMadeOnFirstUse() async throws {
        let (out, _) = try await run("""
            var lazy = typeof Object.getOwnPropertyDescriptor(window, 'Blob').get === 'function';
            var made = typeof Blob === 'function' && Object.getOwnPropertyDescriptor(window, 'Blob').value === Blob;
            return [lazy, made, typeof File, typeof FileReader];
            """)
        #expect(out == .array([.bool(true), .bool(true), .string("function"), .string("function")]))
    }

    @Test func constructorPartsTypeAndEndings() async throws {
        let (out, errors) = try await run("""
            var inner = new Blob(['-in-']);
            var buffer = new Uint8Array([65, 66]).buffer;
            var view = new Uint8Array([0, 67, 68, 0]).subarray(1, 3);
            var b = new Blob(['h\\u00e9', buffer, view, inner, 7], { type: 'Text/Plain;Charset=UTF-8' });
            var out = [b.size, b.type, await b.text()];
            out.push(new Blob(['x'], { type: 'text/\\u00e9' }).type, new Blob([]).size, new Blob().type);
            out.push(await new Blob(['a\\r\\nb\\rc\\n'], { endings: 'native' }).text() === 'a\\nb\\nc\\n');
            out.push(await new Blob(['a\\r\\nb']).text() === 'a\\r\\nb');
            out.push(Array.from(await b.slice(2, 6).bytes()));
            var copy = await b.arrayBuffer();
            new Uint8Array(copy)[0] = 0;
            out.push(copy instanceof ArrayBuffer, (await b.text()).charAt(0));
            [function () { return new Blob('abc'); }, function () { return new Blob([], { endings: 'crlf' }); },
             function () { return Blob([]); }, function () { return new Blob([], 5); }].forEach(function (f) {
              try { f(); out.push('no error'); } catch (e) { out.push(e.name); }
            });
            out.push(Object.prototype.toString.call(b), b instanceof Blob);
            return JSON.stringify(out);
            """)
        #expect(errors.isEmpty)
        #expect(out == .string(#"[12,"text/plain;charset=utf-8","héABCD-in-7","",0,"",true,true,[169,65,66,67],true,"h","TypeError","TypeError","TypeError","TypeError","[object Blob]",true]"#))
    }

    @Test func sliceClampsNegativeAndOutOfRangeIndexes() async throws {
        let (out, _) = try await run("""
            var b = new Blob(['0123456789'], { type: 'text/plain' });
            var cases = [[2], [-3], [-3, -1], [4, 2], [-100, 3], [8, 100], [undefined, 4], [NaN, 2], [3, 3]];
            var out = [];
            for (var i = 0; i < cases.length; i++) {
              var s = b.slice.apply(b, cases[i]);
              out.push(await s.text() + '/' + s.size + '/' + s.type);
            }
            var typed = b.slice(0, 2, 'Image/PNG');
            var f = new File(['abc'], 'a.txt', { type: 'text/plain' });
            out.push(typed.type, f.slice(1) instanceof File, f.slice(1) instanceof Blob, await f.slice(1).text());
            out.push(await b.slice(-2).slice(-1).text());
            return JSON.stringify(out);
            """)
        #expect(out == .string(#"["23456789/8/","789/3/","78/2/","/0/","012/3/","89/2/","0123/4/","01/2/","/0/","image/png",false,true,"bc","9"]"#))
    }

    @Test func filesCarryNameAndLastModified() async throws {
        let (out, _) = try await run("""
            var before = Date.now();
            var f = new File(['data'], 'report.csv', { type: 'text/csv' });
            var g = new File([f], 'copy.csv', { lastModified: 1234 });
            var out = [f.name, f.type, f.size, f.lastModified >= before && f.lastModified <= Date.now(), g.name, g.lastModified,
                       g.type, await g.text(), f instanceof Blob, Object.prototype.toString.call(f)];
            try { new File(['x']); out.push('no error'); } catch (e) { out.push(e.name); }
            return JSON.stringify(out);
            """)
        #expect(out == .string(#"["report.csv","text/csv",4,true,"copy.csv",1234,"","data",true,"[object File]","TypeError"]"#))
    }

    @Test func fileReaderFiresTheEventSequenceAsTasks() async throws {
        let (out, errors) = try await run("""
            var r = new FileReader(), log = [];
            r.onload = function () { log.push('onload:' + r.result); };
            ['loadstart', 'progress', 'load', 'loadend'].forEach(function (type) {
              r.addEventListener(type, function (e) { log.push(type + ':' + r.readyState + ':' + e.loaded + '/' + e.total); });
            });
            var done = new Promise(function (resolve) { r.onloadend = resolve; });
            r.readAsText(new Blob(['h\\u00e9llo']));
            log.push('sync:' + r.readyState + ':' + r.result);
            try { r.readAsText(new Blob(['again'])); } catch (e) { log.push(e.name + ':' + (e instanceof DOMException)); }
            await done;
            log.push(r.readyState === FileReader.DONE, r.error);
            return JSON.stringify(log);
            """)
        #expect(errors.isEmpty)
        #expect(out == .string(#"["sync:1:null","InvalidStateError:true","loadstart:1:0/6","progress:1:6/6","onload:héllo","load:2:6/6","loadend:2:6/6",true,null]"#))
    }

    /// An empty blob's data URL keeps its type, as WebKit's (observed on WebKitGTK 2.50).
    @Test func fileReaderReadMethodsAndEncodings() async throws {
        let (out, _) = try await run("""
            function read(method, blob, encoding) {
              return new Promise(function (resolve) {
                var r = new FileReader();
                r.onload = function () { resolve(r.result); };
                r[method](blob, encoding);
              });
            }
            var bytes = new Blob([new Uint8Array([0x68, 0x00, 0xe9, 0x00])]);
            var out = [];
            out.push(await read('readAsText', bytes, 'UTF-16LE'));
            out.push(await read('readAsText', new Blob([new Uint8Array([0xfe, 0xff, 0x00, 0x41])]), 'utf-8'));   // the BOM wins
            out.push(await read('readAsText', new Blob([new Uint8Array([0x80, 0x41])]), 'windows-1252'));
            out.push(await read('readAsText', new Blob([new Uint8Array([0xe9])], { type: 'text/plain; charset=latin1' })));
            out.push(await read('readAsText', new Blob([new Uint8Array([0xff, 0x41])]), 'no-such-encoding'));
            out.push(await read('readAsDataURL', new Blob(['hi!'], { type: 'text/plain' })));
            out.push(await read('readAsDataURL', new Blob([new Uint8Array([1, 2])])));
            out.push(await read('readAsDataURL', new Blob([])));
            out.push(await read('readAsBinaryString', new Blob([new Uint8Array([0, 65, 255])])) === '\\u0000A\\u00ff');
            var buffer = await read('readAsArrayBuffer', new Blob(['ab']));
            out.push(buffer instanceof ArrayBuffer, Array.from(new Uint8Array(buffer)));
            try { new FileReader().readAsText('not a blob'); } catch (e) { out.push(e.name); }
            return JSON.stringify(out);
            """)
        #expect(out == .string(#"["hé","A","€A","é","\#u{FFFD}A","data:text/plain;base64,aGkh","data:application/octet-stream;base64,AQI=","data:application/octet-stream;base64,",true,true,[97,98],"TypeError"]"#))
    }

    /// The constructors' and readers' errors in WebKit's words (observed on WebKitGTK 2.50 with `hybrid conform`).
    @Test func badArgumentsThrowWebKitsErrors() async throws {
        let (out, _) = try await run("""
            function t(f) { try { f(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } }
            var busy = new FileReader();
            busy.readAsText(new Blob(['a']));
            return JSON.stringify([
              t(function () { new Blob('abc'); }), t(function () { new Blob(['x'], 5); }), t(function () { new Blob(['x'], { endings: 'bogus' }); }),
              t(function () { new File(['x']); }), t(function () { new FileReader().readAsDataURL(5); }),
              t(function () { new FileReader().readAsArrayBuffer(); }), t(function () { busy.readAsText(new Blob(['b'])); }),
            ]);
            """)
        #expect(out == .string(#"["TypeError: Value is not a sequence","TypeError: Type error","TypeError: Type error","TypeError: Not enough arguments","TypeError: Argument 1 ('blob') to FileReader.readAsDataURL must be an instance of Blob","TypeError: Not enough arguments","InvalidStateError: The object is in an invalid state."]"#))
    }

    @Test func abortStopsAReadAndALoadHandlerMayStartAnother() async throws {
        let (out, _) = try await run("""
            var r = new FileReader(), log = [];
            ['loadstart', 'progress', 'load', 'abort', 'loadend'].forEach(function (type) {
              r.addEventListener(type, function () { log.push(type); });
            });
            r.readAsText(new Blob(['abc']));
            r.abort();
            log.push('aborted:' + r.readyState + ':' + r.result);
            r.abort();   // not loading: nothing fires
            var second = new FileReader(), seen = [];
            var done = new Promise(function (resolve) {
              second.onload = function () {
                seen.push('load:' + second.result);
                if (seen.length === 1) second.readAsText(new Blob(['two']));   // loading again: no loadend for the first
              };
              second.onloadend = function () { seen.push('loadend:' + second.result); if (seen.length > 2) resolve(); };
            });
            second.readAsText(new Blob(['one']));
            await done;
            await new Promise(function (resolve) { setTimeout(resolve, 0); });
            return JSON.stringify([log, seen]);
            """)
        #expect(out == .string(#"[["abort","loadend","aborted:2:null"],["load:one","load:two","loadend:two"]]"#))
    }

    @Test func objectURLsServeFetchAndEveryXHRResponseType() async throws {
        let (out, errors) = try await run("""
            var blob = new Blob(['{"a":[1,2]}'], { type: 'application/json' });
            var url = URL.createObjectURL(blob);
            var out = [/^blob:http:\\/\\/example\\.test\\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(url),
                       URL.createObjectURL(blob) !== url];
            var response = await fetch(url);
            out.push(response.status, response.headers.get('content-type'), response.headers.get('content-length'), await response.text());
            var fromFetch = await (await fetch(url + '#fragment')).blob();
            out.push(fromFetch.type, fromFetch.size);
            function xhr(type) {
              return new Promise(function (resolve) {
                var x = new XMLHttpRequest();
                x.open('GET', url);
                x.responseType = type;
                x.onload = function () { resolve([x.status, x.response]); };
                x.onerror = function () { resolve('error'); };
                x.send();
              });
            }
            out.push((await xhr(''))[1], (await xhr('json'))[1].a, (await xhr('arraybuffer'))[1].byteLength);
            var asBlob = (await xhr('blob'))[1];
            out.push(asBlob instanceof Blob, asBlob.type, await asBlob.text());
            return JSON.stringify(out);
            """)
        #expect(errors.isEmpty)
        #expect(out == .string(#"[true,true,200,"application/json","11","{\"a\":[1,2]}","application/json",11,"{\"a\":[1,2]}",[1,2],11,true,"application/json","{\"a\":[1,2]}"]"#))
    }

    @Test func revokedAndForeignObjectURLsFailAsInBrowsers() async throws {
        let (out, _) = try await run("""
            var url = URL.createObjectURL(new Blob(['x']));
            URL.revokeObjectURL(url);
            var out = [];
            try { await fetch(url); out.push('fetched'); } catch (e) { out.push(e.name); }
            try { await fetch('blob:http://example.test/00000000-0000-0000-0000-000000000000'); out.push('fetched'); } catch (e) { out.push(e.name); }
            var live = URL.createObjectURL(new Blob(['y']));
            try { await fetch(live, { method: 'POST', body: 'z' }); out.push('posted'); } catch (e) { out.push(e.name); }
            out.push(await new Promise(function (resolve) {
              var x = new XMLHttpRequest(), events = [];
              x.open('GET', url);
              x.onerror = function () { events.push('error:' + x.status); };
              x.onloadend = function () { events.push('loadend'); resolve(events.join(',')); };
              x.send();
            }));
            [function () { URL.createObjectURL('text'); }, function () { URL.createObjectURL(); }, function () { URL.revokeObjectURL(); }]
              .forEach(function (f) { try { f(); out.push('no error'); } catch (e) { out.push(e.name); } });
            URL.revokeObjectURL('not a url');
            return JSON.stringify(out);
            """)
        #expect(out == .string(#"["TypeError","TypeError","TypeError","error:0,loadend","TypeError","TypeError","TypeError"]"#))
    }

    @Test func imagesAndScriptsLoadFromObjectURLs() async throws {
        let (out, _) = try await run("""
            var canvas = document.createElement('canvas');
            canvas.width = 12; canvas.height = 7;
            var png = await new Promise(function (resolve) { canvas.toBlob(resolve); });
            function image(src) {
              return new Promise(function (resolve) {
                var img = new Image();
                img.onload = function () { resolve('load ' + img.naturalWidth + 'x' + img.naturalHeight); };
                img.onerror = function () { resolve('error'); };
                img.src = src;
              });
            }
            var url = URL.createObjectURL(png);
            var out = [png.type, await image(url)];
            URL.revokeObjectURL(url);
            out.push(await image(url), await image(URL.createObjectURL(new Blob(['not an image']))));
            function script(src) {
              return new Promise(function (resolve) {
                var s = document.createElement('script');
                s.onload = function () { resolve('load ' + window.fromBlob); };
                s.onerror = function () { resolve('error'); };
                s.src = src;
                document.body.appendChild(s);
              });
            }
            var code = URL.createObjectURL(new Blob(['window.fromBlob = (window.fromBlob || 0) + 41 + 1;'], { type: 'text/javascript' }));
            out.push(await script(code));
            URL.revokeObjectURL(code);
            out.push(await script(code), window.fromBlob);
            return JSON.stringify(out);
            """)
        #expect(out == .string(#"["image/png","load 12x7","error","error","load 42","error",42]"#))
    }

    @Test func blobBodiesGoThroughFetchXHRAndFormData() async throws {
        let server = try await makeServer()
        let (webView, log) = makeWebView()
        try await webView.load(server.url("/"))
        let out = try await webView.callAsyncJavaScript("""
            (async function () {
              var out = [];
              var blob = new Blob([new Uint8Array([1, 2, 255])], { type: 'application/x-thing' });
              out.push(await (await fetch('/echo', { method: 'POST', body: blob })).json());
              out.push(await (await fetch(new Request('/echo', { method: 'PUT', body: new Blob(['hi']) }))).json());
              out.push(await new Promise(function (resolve) {
                var x = new XMLHttpRequest();
                x.open('POST', '/echo');
                x.responseType = 'json';
                x.onload = function () { resolve(x.response); };
                x.send(new File(['ok'], 'f.txt', { type: 'text/plain' }));
              }));
              var raw = await (await fetch('/raw')).blob();
              out.push(raw.type, Array.from(await raw.bytes()));
              var made = await new Response(new Blob(['abc'], { type: 'text/x-a' })).blob();
              out.push(made.type, await made.text());
              var form = new FormData();
              form.append('title', 'T\\u00e9');
              form.append('doc', new Blob([new Uint8Array([0, 200])], { type: 'application/octet-stream' }), 'd\"1.bin');
              form.append('plain', new Blob(['p']));
              form.set('note', new File(['n'], 'n.txt', { type: 'text/plain' }));
              out.push(form.get('doc') instanceof File, form.get('doc').name, form.get('plain').name, form.get('note').name);
              try { form.append('x', 'y', 'z'); out.push('no error'); } catch (e) { out.push(e.name); }
              out.push(await (await fetch('/upload', { method: 'POST', body: form })).text());
              return JSON.stringify(out);
            })()
            """)
        let requests = server.requests.filter { $0.path == "/upload" }
        await webView.close()
        await server.stop()
        #expect(log.exceptions.isEmpty)
        let text = try #require(out.stringValue)
        #expect(text.hasPrefix(#"[{"method":"POST","type":"application/x-thing","hex":"0102ff"},{"method":"PUT","type":"","hex":"6869"},{"method":"POST","type":"text/plain","hex":"6f6b"},"image/x-test",[0,1,254,255],"text/x-a","abc",true,"d\"1.bin","blob","n.txt","TypeError","multipart/form-data; boundary="#), "\(text)")
        let upload = try #require(requests.first)
        let boundary = try #require(upload.headers["content-type"]?.components(separatedBy: "boundary=").last)
        var expected = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nTé\r\n".utf8)
        expected += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"d%221.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        expected += [0, 200]
        expected += Array("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"plain\"; filename=\"blob\"\r\nContent-Type: application/octet-stream\r\n\r\np".utf8)
        expected += Array("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"; filename=\"n.txt\"\r\nContent-Type: text/plain\r\n\r\nn\r\n--\(boundary)--\r\n".utf8)
        #expect(upload.body == expected)
    }

    @Test func fileInputsAreFedFromSwift() async throws {
        let folder = try PageFixture(["notes.txt": "from disk"])
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <form id=form><input type=file name=doc id=many multiple required><input type=file id=one><input type=text id=t></form>
            <script>
            var seen = [];
            document.getElementById('many').addEventListener('input', function (e) { seen.push('input:' + e.target.files.length); });
            document.getElementById('many').addEventListener('change', function (e) { seen.push('change:' + e.target.value); });
            var before = [document.getElementById('many').files.length, document.getElementById('many').validity.valueMissing,
                          document.getElementById('t').files, new FormData(document.getElementById('form')).get('doc').name];
            </script>
            """, baseURL: URL(string: "http://example.test/")!)
        let disk = try WebFile(contentsOf: folder.url("notes.txt"))
        #expect(disk.name == "notes.txt" && disk.type == "text/plain" && disk.data == Data("from disk".utf8))
        try await webView.setFiles([disk, WebFile(name: "raw.bin", data: Data([0, 255]), lastModified: Date(timeIntervalSince1970: 2))],
                                   for: "#many")
        let out = try await webView.callAsyncJavaScript("""
            (async function () {
              var input = document.getElementById('many'), files = input.files;
              var out = [before, seen, files.length, files instanceof FileList, files.item(0).name, files[1].name, files[1].type,
                         files[1].lastModified, files.item(5), input.value, await files[0].text(), Array.from(await files[1].bytes()),
                         input.validity.valueMissing, Array.from(files).length, input.files === files];
              var data = new FormData(document.getElementById('form'));
              out.push(data.getAll('doc').map(function (f) { return f.name; }));
              try { input.value = 'x'; } catch (e) { out.push(e.name); }
              input.value = '';
              out.push(input.files.length, input.value);
              return JSON.stringify(out);
            })()
            """)
        #expect(out == .string(#"[[0,true,null,""],["input:2","change:C:\\fakepath\\notes.txt"],2,true,"notes.txt","raw.bin","",2000,null,"C:\\fakepath\\notes.txt","from disk",[0,255],false,2,true,["notes.txt","raw.bin"],"InvalidStateError",0,""]"#))
        await #expect(throws: JSException.self) { try await webView.setFiles([disk, disk], for: "#one") }
        await #expect(throws: JSException.self) { try await webView.setFiles([disk], for: "#t") }
        await #expect(throws: JSException.self) { try await webView.setFiles([disk], for: "#missing") }
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}

