import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

@Suite struct PlatformXMLHttpRequestTests {
    private func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            switch request.path {
            case "/hello": return .text("héllo", headers: [("X-One", "1"), ("X-Multi", "a"), ("X-Multi", "b")])
            case "/json": return .json(#"{"n":42}"#)
            case "/bytes": return TestResponse(contentType: "application/octet-stream", body: [0, 1, 254, 255])
            case "/slow": return .hanging
            default: return .text("\(request.method) \(request.headers["x-a"] ?? "-") \(request.text)", status: 201)
            }
        }
    }

    @Test func eventsFireInOrderWithStatusAndHeaders() async throws {
        let server = try await makeServer()
        let (out, errors) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = { events: [] }, x = new XMLHttpRequest();
            x.onreadystatechange = function () { out.events.push('rs' + x.readyState); };
            ['loadstart', 'progress', 'load', 'loadend', 'error'].forEach(function (type) {
              x.addEventListener(type, function (e) { out.events.push(type + (e.target === x ? '' : '?')); });
            });
            x.open('GET', 'hello');
            x.send();
            x.onload = function () {
              out.status = x.status; out.statusText = x.statusText; out.text = x.responseText; out.response = x.response;
              out.one = x.getResponseHeader('x-ONE'); out.multi = x.getResponseHeader('x-multi'); out.none = x.getResponseHeader('nope');
              out.all = x.getAllResponseHeaders().indexOf('x-multi: a, b\\r\\n') >= 0;
              out.url = x.responseURL;
            };
            """)
        #expect(errors.isEmpty)
        #expect(out.contains(#""events":["rs1","loadstart","rs2","rs3","progress","rs4","load","loadend"]"#))
        #expect(out.contains(#""status":200,"statusText":"OK","text":"héllo","response":"héllo","one":"1","multi":"a, b","none":null,"all":true"#))
        #expect(out.contains(server.url("/hello").absoluteString))
        await server.stop()
    }

    @Test func responseTypesJSONAndArrayBufferAndPostBody() async throws {
        let server = try await makeServer()
        let (out, _) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = {};
            function get(url, type, key) {
              var x = new XMLHttpRequest();
              x.open('GET', url); x.responseType = type;
              x.onload = function () { out[key] = type === 'arraybuffer' ? Array.from(new Uint8Array(x.response)) : x.response; };
              x.send();
            }
            get('/json', 'json', 'json');
            get('/bytes', 'arraybuffer', 'bytes');
            var p = new XMLHttpRequest();
            p.open('post', '/post'); p.setRequestHeader('X-A', 'one'); p.setRequestHeader('x-a', 'two');
            p.setRequestHeader('Cookie', 'forbidden=1');
            p.onload = function () { out.post = [p.status, p.responseText]; };
            p.send('payload');
            """, result: "[out.json, out.bytes, out.post]")
        #expect(out == #"[{"n":42},[0,1,254,255],[201,"POST one, two payload"]]"#)
        await server.stop()
    }

    @Test func errorTimeoutAndAbortEvents() async throws {
        let server = try await makeServer()
        let gone = try ClosedPort()
        let goneURL = gone.url("/x").absoluteString
        let (out, _) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = { error: [], timeout: [], abort: [] };
            function watch(x, list) {
              ['readystatechange', 'load', 'error', 'timeout', 'abort', 'loadend'].forEach(function (type) {
                x.addEventListener(type, function () { list.push(type + ':' + x.readyState + ':' + x.status); });
              });
            }
            var e = new XMLHttpRequest(); watch(e, out.error); e.open('GET', '\(goneURL)'); e.send();
            var t = new XMLHttpRequest(); watch(t, out.timeout); t.open('GET', '/slow'); t.timeout = 50; t.send();
            var a = new XMLHttpRequest(); watch(a, out.abort); a.open('GET', '/slow'); a.send();
            setTimeout(function () { a.abort(); out.abortState = a.readyState; }, 5);
            out.sync = (function () { try { var s = new XMLHttpRequest(); s.timeout = 5; s.open('GET', '/x', false); return 'no'; } catch (x) { return x.name; } })();
            out.badURL = (function () { try { new XMLHttpRequest().open('GET', 'http://[bad'); return 'no'; } catch (x) { return x.name; } })();
            out.early = (function () { try { new XMLHttpRequest().send(); return 'no'; } catch (x) { return x.name; } })();
            """)
        #expect(out.contains(#""error":["readystatechange:1:0","readystatechange:4:0","error:4:0","loadend:4:0"]"#))
        #expect(out.contains(#""timeout":["readystatechange:1:0","readystatechange:4:0","timeout:4:0","loadend:4:0"]"#))
        #expect(out.contains(#""abort":["readystatechange:1:0","readystatechange:4:0","abort:4:0","loadend:4:0"]"#))
        #expect(out.contains(#""abortState":0"#))
        #expect(out.contains(#""sync":"InvalidAccessError""#))
        #expect(out.contains(#""badURL":"SyntaxError""#))
        #expect(out.contains(#""early":"InvalidStateError""#))
        withExtendedLifetime(gone) {}
        await server.stop()
    }

    @Test func aThrowingListenerIsReportedAndTheOthersStillRun() async throws {
        let server = try await makeServer()
        let (out, errors) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = [], x = new XMLHttpRequest();
            x.open('GET', '/hello');
            x.addEventListener('load', function () { throw new Error('listener broke'); });
            x.addEventListener('load', function () { out.push('second'); });
            x.send();
            """)
        #expect(out == #"["second"]"#)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("listener broke") == true)
        await server.stop()
    }
    /// An `on<type>` handler runs where it was first set among the `addEventListener` listeners (HTML's event
    /// handler processing), keeps that place when replaced and leaves it when set to null: XHR, FileReader and
    /// AbortSignal share the mechanism.
    @Test func eventHandlersRunInRegistrationOrder() async throws {
        let server = try await makeServer()
        let (out, errors) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = { xhr: [], reader: [], signal: [] };
            var x = new XMLHttpRequest();
            x.addEventListener('load', function () { out.xhr.push('first'); });
            x.onload = function () { out.xhr.push('replaced'); };
            x.addEventListener('load', function () { out.xhr.push('third'); });
            x.onload = function () { out.xhr.push('handler'); };
            out.before = [x.onerror, typeof x.onload, x.hasOwnProperty('onload'), 'onload' in x];
            x.open('GET', '/hello');
            x.send();
            var r = new FileReader();
            r.onload = function () { out.reader.push('dropped'); };
            r.addEventListener('load', function () { out.reader.push('listener'); });
            r.onload = null;
            r.onload = function () { out.reader.push('handler'); };
            r.onloadend = 'not a function';
            out.loadend = r.onloadend;
            r.readAsText(new Blob(['x']));
            var c = new AbortController();
            c.signal.onabort = function () { out.signal.push('handler'); };
            c.signal.addEventListener('abort', function () { out.signal.push('listener'); });
            c.abort();
            """)
        #expect(errors.isEmpty)
        #expect(out.contains(#""xhr":["first","handler","third"]"#))
        #expect(out.contains(#""reader":["listener","handler"]"#))
        #expect(out.contains(#""signal":["handler","listener"]"#))
        #expect(out.contains(#""before":[null,"function",false,true]"#))
        #expect(out.contains(#""loadend":null"#))
        await server.stop()
    }
}
