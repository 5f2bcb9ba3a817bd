import Foundation
import JavaScript
import Testing
@testable import WebView

@Suite struct PlatformBasicsTests {
    private let page = URL(string: "http://127.0.0.1:1/app/index.html")!

    @Test func urlAndSearchParamsComeFromCoreJS() async throws {
        let (out, errors) = try await JavaScriptRuntime().runPage(at: page, """
            var u = new URL('../api/items?b=2&a=1#top', 'http://example.test/app/page.html');
            var p = new URLSearchParams('x=1&y=two%20words&x=3');
            p.append('z', 'é&=');
            var out = [u.href, u.pathname, u.searchParams.get('b'), u.hash, p.getAll('x'), p.get('y'), p.toString(),
                       typeof URL.prototype.toJSON, (function () { try { new URL('not a url'); return 'no'; } catch (e) { return e.name; } })()];
            """)
        #expect(errors.isEmpty)
        #expect(out == ##"["http://example.test/api/items?b=2&a=1#top","/api/items","2","#top",["1","3"],"two words","x=1&y=two+words&x=3&z=%C3%A9%26%3D","function","TypeError"]"##)
    }

    /// What WebKit's URL has beyond core-js 3.26's, with the values WebKit gave for the same calls (observed on
    /// WebKitGTK 2.50 with `hybrid conform`): `URL.canParse`, `URL.parse`, `URLSearchParams.prototype.size`, a blob:
    /// URL's origin (core-js said "null" for all) and WebKit's "file://" as a file: URL's origin.
    @Test func urlHasWebKitsStaticsSizeAndOrigins() async throws {
        let (out, errors) = try await JavaScriptRuntime().runPage(at: page, """
            function m(f) { try { return f(); } catch (e) { return e.name + ': ' + e.message; } }
            var params = new URLSearchParams('a=1&b=2&a=3'), searched = new URL('http://a/?x=1');
            searched.searchParams.append('y', 2);
            var out = [URL.canParse('http://a/'), URL.canParse('x'), URL.canParse('x', 'http://a/'), m(function () { return URL.canParse(); }),
                       String(URL.parse('y', 'http://a/b')), URL.parse('y'), params.size, searched.searchParams.size,
                       m(function () { return Object.getOwnPropertyDescriptor(URLSearchParams.prototype, 'size').get.call({}); })]
              .concat(['blob:https://example.com/id', 'blob:http://127.0.0.1:81/id', 'blob:file:///x', 'blob:https://a.com:443/x?y#z',
                       'blob:ws://a/x', 'blob:about:blank', 'blob:foo', 'file:///tmp/x', 'file://host/x', 'http://a.com:80/']
                .map(function (url) { return new URL(url).origin; }));
            """)
        #expect(errors.isEmpty)
        #expect(out == ##"[true,false,true,"TypeError: Not enough arguments","http://a/y",null,3,2,"TypeError: The URLSearchParams.size getter can only be used on instances of URLSearchParams","https://example.com","http://127.0.0.1:81","file://","https://a.com","null","null","null","file://","file://","http://a.com"]"##)
    }

    @Test func atobAndBtoaWithInvalidInput() async throws {
        let (out, _) = try await JavaScriptRuntime().runPage(at: page, """
            function name(f) { try { f(); return 'no error'; } catch (e) { return e.name; } }
            var out = [btoa('hello, world'), atob('aGVsbG8sIHdvcmxk'), atob(' aGk= '),
                       name(function () { atob('a'); }), name(function () { atob('@@@@'); }),
                       name(function () { btoa('😀'); }), 'atob' in globalThis];
            """)
        #expect(out == #"["aGVsbG8sIHdvcmxk","hello, world","hi","InvalidCharacterError","InvalidCharacterError","InvalidCharacterError",true]"#)
    }

    @Test func textEncoderAndDecoderHandleEmojiOffsetsAndInvalidInput() async throws {
        let (out, _) = try await JavaScriptRuntime().runPage(at: page, """
            var bytes = new TextEncoder().encode('a€😀');
            var padded = new Uint8Array([0, 0x68, 0x69, 0]);
            var into = new Uint8Array(5);
            var result = new TextEncoder().encodeInto('é😀x', into);
            var fatal = (function () { try { new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff])); return 'no'; } catch (e) { return e.name; } })();
            var out = [Array.from(bytes), new TextDecoder().decode(bytes), new TextDecoder().decode(padded.subarray(1, 3)),
                       new TextDecoder().decode(new Uint8Array([0xEF, 0xBB, 0xBF, 0x6F, 0x6B]).buffer),
                       new TextDecoder().decode(new Uint8Array([0x61, 0xff])), fatal, [result.read, result.written],
                       (function () { try { new TextDecoder('latin1'); return 'no'; } catch (e) { return e.name; } })(),
                       new TextEncoder().encoding];
            """)
        #expect(out == #"[[97,226,130,172,240,159,152,128],"a€😀","hi","ok","a\#u{FFFD}","TypeError",[1,2],"RangeError","utf-8"]"#)
    }

    @Test func domExceptionAbortControllerAndPerformanceExist() async throws {
        let (out, _) = try await JavaScriptRuntime().runPage(at: page, """
            var c = new AbortController(), heard = [];
            c.signal.addEventListener('abort', function () { heard.push('listener'); });
            c.signal.onabort = function () { heard.push('onabort'); };
            c.abort();
            c.abort();
            var e = new DOMException('m', 'AbortError');
            var out = [c.signal.aborted, c.signal.reason.name, heard, e instanceof Error, e.code, typeof performance.now(),
                       AbortSignal.abort('why').reason, (function () { try { c.signal.throwIfAborted(); } catch (x) { return x.name; } })()];
            """)
        // the handler was set after the listener was added: it runs second (HTML's event handler processing)
        #expect(out == #"[true,"AbortError",["listener","onabort"],true,20,"number","why","AbortError"]"#)
    }
}
