import Foundation
import JavaScript
import Testing
@testable import WebView

/// `DataTransfer`, as pages and testing libraries make one to put files into an `<input type=file>`
/// (`input.files = transfer.files`) or to fill a drag or clipboard event.
@Suite struct DataTransferTests {
    /// Items, types, `getData`/`setData`/`clearData`, the live `files` list shared with an input, the input's value,
    /// validity and form data, and the errors: every value observed on WebKitGTK 2.50 (the same script, run by
    /// scripts/frameworks --webkit). Before, `new DataTransfer()` was a ReferenceError headless, so a jQuery Form page
    /// could not upload a file (web/frameworks/jquery-form.test.html).
    @Test func itemsFilesAndAnInputSharingThem() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("<!doctype html><body></body>", baseURL: URL(string: "http://example.test/")!)
        let value = try await webView.callAsyncJavaScript("""
            (async function () {
            var out = {};
            var dt = new DataTransfer();
            out.initial = [dt.dropEffect, dt.effectAllowed, dt.items.length, dt.files.length, dt.types.length, String(dt), String(dt.items), String(dt.files)];
            var file = new File(['abc'], 'a.txt', { type: 'text/plain' });
            var item = dt.items.add(file);
            out.item = [String(item), item.kind, item.type, item.getAsFile() === file, dt.items[0] === item];
            out.afterFile = [dt.items.length, dt.files.length, dt.types.slice(), dt.files[0] === file, dt.files === dt.files, dt.getData('text/plain')];
            var s = dt.items.add('hello', 'Text/Plain');
            out.string = [s.kind, s.type, s.getAsFile(), dt.items.length, dt.types.slice(), dt.getData('text'), dt.files.length];
            out.text = await new Promise(function (resolve) { s.getAsString(resolve); });
            try { dt.items.add('again', 'text/plain'); out.duplicate = 'added'; } catch (e) { out.duplicate = e.name + ': ' + e.message; }
            dt.setData('text/html', '<b>x</b>');
            dt.setData('Text', 'T');
            out.setData = [dt.types.slice(), dt.getData('text/plain'), dt.items.length, dt.getData('TEXT/HTML')];
            dt.clearData('text/html');
            out.clearOne = [dt.types.slice(), dt.items.length];
            dt.clearData();
            out.clearAll = [dt.types.slice(), dt.items.length, dt.files.length];
            dt.dropEffect = 'copy'; dt.effectAllowed = 'all';
            out.effects = [dt.dropEffect, dt.effectAllowed];
            var two = new DataTransfer();
            two.items.add(file); two.items.add(new File(['x'], 'b.png', { type: 'image/png' }));
            var form = document.createElement('form'), input = document.createElement('input');
            input.type = 'file'; input.name = 'pic'; input.multiple = true; input.required = true;
            form.appendChild(input); document.body.appendChild(form);
            var events = [];
            input.addEventListener('change', function () { events.push('change'); });
            input.addEventListener('input', function () { events.push('input'); });
            out.missing = input.validity.valueMissing;
            input.files = two.files;
            out.input = [input.files.length, input.files[1].name, input.files === two.files, input.value, events.length, input.validity.valueMissing,
              new FormData(form).getAll('pic').map(function (f) { return f.name; })];
            two.items.remove(0);
            out.live = [two.files.length, input.files.length, input.files[0].name, new FormData(form).getAll('pic').length];
            two.items.clear();
            out.cleared = [two.files.length, input.files.length, input.value];
            var text = document.createElement('input');
            text.files = new DataTransfer().files;
            out.textInput = text.files;
            out.errors = [function () { two.items.add(42); }, function () { two.items.add('x'); }, function () { DataTransfer(); },
              function () { new DataTransferItemList(); }].map(function (f) { try { f(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } });
            out.outOfRange = [two.items[5] === undefined, two.items.length];
            return JSON.stringify(out);
            })()
            """)
        await webView.close()
        let expected = "{" + [
            #""initial":["none","none",0,0,0,"[object DataTransfer]","[object DataTransferItemList]","[object FileList]"]"#,
            #""item":["[object DataTransferItem]","file","text/plain",true,true]"#,
            #""afterFile":[1,1,["Files"],true,true,""]"#,
            #""string":["string","text/plain",null,2,["Files","text/plain"],"hello",1]"#,
            #""text":"hello""#,
            #""duplicate":"NotSupportedError: The operation is not supported.""#,
            #""setData":[["Files","text/html","text/plain"],"T",3,"<b>x</b>"]"#,
            #""clearOne":[["Files","text/plain"],2]"#,
            #""clearAll":[["Files"],1,1]"#,
            #""effects":["none","none"]"#,
            #""missing":true"#,
            #""input":[2,"b.png",true,"C:\\fakepath\\a.txt",0,false,["a.txt","b.png"]]"#,
            #""live":[1,1,"b.png",1]"#,
            #""cleared":[0,0,""]"#,
            #""textInput":null"#,
            #""errors":["TypeError: Argument 1 ('file') to DataTransferItemList.add must be an instance of File","TypeError: Argument 1 ('file') to DataTransferItemList.add must be an instance of File","TypeError: Constructor requires 'new' operator","TypeError: Illegal constructor"]"#,
            #""outOfRange":[true,0]"#
        ].joined(separator: ",") + "}"
        #expect(value == .string(expected))
        #expect(log.exceptions.isEmpty)
    }
}
