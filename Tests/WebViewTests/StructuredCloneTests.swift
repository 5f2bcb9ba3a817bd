import Foundation
import JavaScript
import Testing
@testable import WebView

/// `structuredClone` and the structured clone behind `postMessage`, in real pages.
@Suite struct StructuredCloneTests {
    /// Runs `body` as an async function's body in a fresh page and returns what it returns.
    private func run(_ body: String) async throws -> JSONValue {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<!doctype html><body><p id=p>x</p></body>", baseURL: URL(string: "http://example.test/")!)
        let value = try await webView.callAsyncJavaScript("(async function () {\n\(body)\n})()")
        await webView.close()
        return value
    }

    @Test func primitivesWrappersDatesAndRegExps() async throws {
        let out = try await run("""
            var values = [1, 'two', true, null, undefined, -0, NaN, 10n];
            var copy = structuredClone(values);
            var out = [copy.length, Object.is(copy[5], -0), Number.isNaN(copy[6]), typeof copy[7], copy[7] === 10n, copy[4] === undefined, 4 in copy];
            var boxed = structuredClone([Object('s'), Object(2), Object(false)]);
            out.push(typeof boxed[0], boxed[0] instanceof String, boxed[0].valueOf(), boxed[1].valueOf(), boxed[2].valueOf());
            var date = new Date(86400000), dateCopy = structuredClone(date);
            out.push(dateCopy !== date, dateCopy instanceof Date, dateCopy.getTime());
            var re = /a+b/gi; re.lastIndex = 3; re.extra = 1;
            var reCopy = structuredClone(re);
            out.push(reCopy !== re, reCopy.source, reCopy.flags, reCopy.lastIndex, reCopy.extra);
            out.push(structuredClone('plain'), structuredClone(5));
            return JSON.stringify(out);
            """)
        #expect(out == .string(#"[8,true,true,"bigint",true,true,true,"object",true,"s",2,false,true,true,86400000,true,"a+b","gi",0,null,"plain",5]"#))
    }

    @Test func objectsKeepCyclesSharedReferencesAndOnlyOwnEnumerableStringKeys() async throws {
        let out = try await run("""
            var shared = { n: 1 };
            var root = { a: shared, b: shared, list: [shared], map: new Map([[shared, 'v'], ['k', shared]]), set: new Set([shared, 2]) };
            root.self = root;
            root.list.push(root.list);
            function Point() { this.x = 1; }
            Point.prototype.y = 2;
            var point = new Point();
            Object.defineProperty(point, 'hidden', { value: 3, enumerable: false });
            point[Symbol('s')] = 4;
            Object.defineProperty(point, 'computed', { get: function () { return 'got'; }, enumerable: true });
            root.point = point;
            var sparse = [1, , 3]; sparse.extra = 'e';
            root.sparse = sparse;
            var c = structuredClone(root);
            var out = [c !== root, c.self === c, c.a === c.b, c.list[0] === c.a, c.list[1] === c.list, c.map.get(c.a), c.map.get('k') === c.a,
                       c.set.has(c.a), c.set.size, c.a !== shared];
            out.push(Object.getPrototypeOf(c.point) === Object.prototype, Object.keys(c.point), c.point.y, Object.getOwnPropertySymbols(c.point).length);
            out.push(c.sparse.length, 1 in c.sparse, c.sparse.extra, Array.isArray(c.sparse));
            return JSON.stringify(out);
            """)
        #expect(out == .string(#"[true,true,true,true,true,"v",true,true,2,true,true,["x","computed"],null,0,3,false,"e",true]"#))
    }

    @Test func buffersAndViewsStayShared() async throws {
        let out = try await run("""
            var buffer = new ArrayBuffer(8);
            var bytes = new Uint8Array(buffer), words = new Uint16Array(buffer, 2, 2), view = new DataView(buffer, 4);
            bytes[2] = 7;
            var c = structuredClone({ bytes: bytes, words: words, view: view, buffer: buffer, floats: new Float64Array([1.5]) });
            var out = [c.buffer !== buffer, c.bytes.buffer === c.buffer, c.words.buffer === c.buffer, c.view.buffer === c.buffer,
                       c.words.byteOffset, c.words.length, c.view.byteOffset, c.view.byteLength, c.words[0], c.floats[0],
                       c.bytes instanceof Uint8Array, c.view instanceof DataView];
            c.bytes[4] = 9;
            out.push(c.view.getUint8(0), view.getUint8(0), buffer.byteLength);
            return JSON.stringify(out);
            """)
        #expect(out == .string(#"[true,true,true,true,2,2,4,4,7,1.5,true,true,9,0,8]"#))
    }

    @Test func transferDetachesAndBadTransferListsThrowWebKitsErrors() async throws {
        let out = try await run("""
            var buffer = new Uint8Array([1, 2, 3]).buffer;
            var c = structuredClone({ b: buffer, v: new Uint8Array(buffer, 1) }, { transfer: [buffer] });
            var out = [buffer.byteLength, c.b.byteLength, Array.from(new Uint8Array(c.b)), c.v.buffer === c.b, Array.from(c.v)];
            function code(f) { try { f(); return 'no error'; } catch (e) { return e.name + ':' + (e instanceof DOMException) + ':' + e.code; } }
            var other = new ArrayBuffer(2);
            out.push(code(function () { structuredClone(other, { transfer: [other, other] }); }), other.byteLength);
            out.push(code(function () { structuredClone(1, { transfer: [buffer] }); }));   // detached above
            out.push(code(function () { structuredClone(1, { transfer: [{}] }); }));
            out.push(code(function () { structuredClone(1, { transfer: 5 }); }));
            out.push(code(function () { structuredClone(buffer); }));
            var kept = new ArrayBuffer(4);
            out.push(code(function () { structuredClone({ k: kept, f: function () {} }, { transfer: [kept] }); }), kept.byteLength);
            out.push(code(function () { structuredClone(); }));
            return JSON.stringify(out);
            """)
        // Cloning a detached buffer is a TypeError, transferring one a DataCloneError (observed on WebKitGTK 2.50).
        #expect(out == .string(#"[0,3,[1,2,3],true,[2,3],"DataCloneError:true:25",2,"DataCloneError:true:25","DataCloneError:true:25","TypeError:false:undefined","TypeError:false:undefined","DataCloneError:true:25",4,"TypeError:false:undefined"]"#))
    }

    @Test func errorsKeepTypeMessageAndStack() async throws {
        let out = try await run("""
            var type = new TypeError('bad'); type.extra = 1;
            var custom = new Error('odd'); custom.name = 'MyError';
            var range = structuredClone(new RangeError('r')), t = structuredClone(type), c = structuredClone(custom);
            var noMessage = structuredClone(new Error());
            var dom = structuredClone(new DOMException('gone', 'NotFoundError'));
            return JSON.stringify([t instanceof TypeError, t.name, t.message, t.extra, typeof t.stack === 'string' && t.stack === type.stack,
                                   range instanceof RangeError, c.name, c.message, c instanceof Error, 'message' in noMessage && noMessage.message,
                                   Object.prototype.hasOwnProperty.call(noMessage, 'message'),
                                   dom instanceof DOMException, dom.name, dom.message, dom.code]);
            """)
        #expect(out == .string(#"[true,"TypeError","bad",null,true,true,"Error","odd",true,"",false,true,"NotFoundError","gone",8]"#))
    }

    /// WebKit's words for what cannot be cloned, its clone of an error's `cause`, of a resizable buffer and of
    /// `ImageData` (observed on WebKitGTK 2.50 with `hybrid conform`).
    @Test func errorsAndEdgeTypesAreWebKits() async throws {
        let out = try await run("""
            function t(f) { try { return String(f()); } catch (e) { return e.name + ': ' + e.message; } }
            var channel = new MessageChannel(), detached = new ArrayBuffer(1);
            detached.transfer();
            var resizable = new ArrayBuffer(2, { maxByteLength: 8 });
            new Uint8Array(resizable)[1] = 7;
            return [
              t(function () { structuredClone(function () {}); }), t(function () { structuredClone(Symbol()); }),
              t(function () { var b = new ArrayBuffer(1); structuredClone(1, { transfer: [b, b] }); }),
              t(function () { structuredClone(1, { transfer: [1] }); }), t(function () { structuredClone(1, { transfer: [{}] }); }),
              t(function () { structuredClone(1, 5); }), t(function () { structuredClone(1, { transfer: 5 }); }),
              t(function () { structuredClone(); }), t(function () { structuredClone(detached); }),
              t(function () { structuredClone(1, { transfer: [detached] }); }), t(function () { structuredClone(channel.port1); }),
              t(function () { channel.port1.postMessage(1, [channel.port1]); }), t(function () { channel.port1.postMessage(1, 5); }),
              t(function () { window.postMessage(1, '*', 5); }),
              t(function () { channel.port1.postMessage(); }), t(function () { window.postMessage(); }),
              t(function () { history.pushState(); }),
              t(function () { var c = structuredClone(new Error('x', { cause: { a: 1 } })); return [c.cause, Object.keys(c).length]; }),
              t(function () { var c = structuredClone(resizable); return [c.resizable, c.maxByteLength, c.byteLength, new Uint8Array(c)[1]]; }),
              t(function () { var c = structuredClone(new ImageData(2, 1)); return [c instanceof ImageData, c.width, c.height, c.data.length]; }),
            ];
            """)
        #expect(out == ["DataCloneError: The object can not be cloned.", "DataCloneError: The object can not be cloned.",
                        "DataCloneError: Duplicate transferable for structured clone", "TypeError: Type error",
                        "DataCloneError: The object can not be cloned.", "TypeError: Type error", "TypeError: Value is not a sequence",
                        "TypeError: Not enough arguments", "TypeError: Type error", "DataCloneError: The object can not be cloned.",
                        "TypeError: Type error", "DataCloneError: The object can not be cloned.", "TypeError: Type error",
                        "TypeError: Value is not a sequence", "TypeError: Not enough arguments", "TypeError: Not enough arguments",
                        "TypeError: Not enough arguments", "[object Object],0", "true,8,2,7", "true,2,1,8"])
    }

    @Test func blobsAndFilesCloneWithTheirBytes() async throws {
        let out = try await run("""
            var blob = new Blob(['abc'], { type: 'text/plain' });
            var file = new File(['xyz'], 'a.txt', { type: 'text/x', lastModified: 99 });
            var c = structuredClone({ blob: blob, file: file, again: blob });
            return JSON.stringify([c.blob !== blob, c.blob instanceof Blob, c.blob instanceof File, c.blob.type, await c.blob.text(),
                                   c.again === c.blob, c.file instanceof File, c.file.name, c.file.lastModified, c.file.type, await c.file.text()]);
            """)
        #expect(out == .string(#"[true,true,false,"text/plain","abc",true,true,"a.txt",99,"text/x","xyz"]"#))
    }

    @Test func uncloneableValuesThrowDataCloneError() async throws {
        let out = try await run("""
            var cases = {
              fn: function () {}, symbol: Symbol('s'), node: document.getElementById('p'), doc: document, win: window,
              weakmap: new WeakMap(), weakset: new WeakSet(), promise: Promise.resolve(), nested: { deep: [1, { f: Math.max }] },
              reader: new FileReader(), xhr: new XMLHttpRequest(), event: new Event('x')
            };
            var out = [];
            Object.keys(cases).forEach(function (k) {
              try { structuredClone(cases[k]); out.push(k + ':cloned'); } catch (e) { out.push(k + ':' + e.name + ':' + (e instanceof DOMException)); }
            });
            var tagged = { a: 1 }; tagged[Symbol.toStringTag] = 'Custom';
            out.push(JSON.stringify(structuredClone(tagged)), JSON.stringify(structuredClone(Math)));
            return out;
            """)
        let expected: [JSONValue] = ["fn", "symbol", "node", "doc", "win", "weakmap", "weakset", "promise", "nested", "reader", "xhr", "event"]
            .map { .string("\($0):DataCloneError:true") } + [.string(#"{"a":1}"#), .string("{}")]
        #expect(out == .array(expected))
    }

    @Test func postMessageClonesAndTransfers() async throws {
        let out = try await run("""
            var buffer = new Uint8Array([5, 6]).buffer;
            var message = { map: new Map([['k', new Set([1])]]), buffer: buffer, when: new Date(5) };
            message.self = message;
            var received = new Promise(function (resolve) { window.addEventListener('message', function (e) { resolve(e.data); }); });
            window.postMessage(message, '*', [buffer]);
            var out = [buffer.byteLength];
            try { window.postMessage(function () {}, '*'); out.push('posted'); } catch (e) { out.push(e.name); }
            try { window.postMessage(1, { targetOrigin: '*', transfer: [buffer] }); out.push('posted'); } catch (e) { out.push(e.name); }
            var data = await received;
            out.push(data !== message, data.self === data, data.map.get('k').has(1), Array.from(new Uint8Array(data.buffer)), data.when.getTime());
            return JSON.stringify(out);
            """)
        #expect(out == .string(#"[0,"DataCloneError","DataCloneError",true,true,true,[5,6],5]"#))
    }
}
