import Foundation
import JavaScript
import Testing
@testable import WebView

/// Malformed calls into the platform throw or reject catchable errors; the page keeps working.
@Suite struct PlatformBadInputTests {
    @Test func malformedCallsGiveCatchableErrors() async throws {
        let server = try await LoopbackServer { request in .text("ok \(request.path)") }
        let (out, errors) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            function name(f) { try { f(); return 'ok'; } catch (e) { return e.name; } }
            var x = new XMLHttpRequest();
            x.open('GET', '/a');
            var out = {
              header: name(function () { x.setRequestHeader('X-A', 'a\\nb'); }),
              headerName: name(function () { x.setRequestHeader('bad name', 'v'); }),
              method: name(function () { new XMLHttpRequest().open('GE T', '/'); }),
              trace: name(function () { new XMLHttpRequest().open('TRACE', '/'); }),
              blob: name(function () { x.responseType = 'document'; }),
              decode: name(function () { new TextDecoder().decode('text'); }),
              symbol: name(function () { localStorage.setItem(Symbol('s'), 1); }),
              storageArity: name(function () { localStorage.setItem('only-key'); }),
              storageThis: name(function () { Storage.prototype.getItem.call({}, 'k'); }),
              storageNew: name(function () { new Storage(); }),
              signalNew: name(function () { new AbortSignal(); }),
              cookie: name(function () { document.cookie = new Array(10000).join('x'); document.cookie = '=;;;'; return document.cookie; }),
              atobArity: name(function () { atob(); }),
              urlArity: name(function () { new URL(); })
            };
            var big = new Uint8Array(2 * 1024 * 1024);
            var p = new XMLHttpRequest();
            p.open('POST', '/big');
            p.onload = function () { out.big = p.status + ' ' + p.responseText; };
            p.send(big);
            fetch(undefined).then(function (r) { return r.text(); }).then(function (t) { out.undefinedURL = t; });
            fetch('http://').catch(function (e) { out.emptyHost = e.name; });
            """, result: "[out.header, out.headerName, out.method, out.trace, out.blob, out.decode, out.symbol, out.storageArity, out.storageThis, out.storageNew, out.signalNew, out.cookie, out.atobArity, out.urlArity, out.big, out.undefinedURL, out.emptyHost]")
        #expect(errors.isEmpty)
        #expect(out == #"["SyntaxError","SyntaxError","SyntaxError","SecurityError","NotSupportedError","TypeError","TypeError","TypeError","TypeError","TypeError","TypeError","ok","TypeError","TypeError","200 ok /big","ok /undefined","TypeError"]"#)
        #expect(server.requests.first { $0.path == "/big" }?.body.count == 2 * 1024 * 1024)
        await server.stop()
    }
}
