import JavaScript
import WebKitEngine

/// `page.open(url)` and the page verbs of the test API on the WebKit engine (`hybrid test --engine webkit`): the
/// `__hybridPageNative(command, page, args, resolve, reject)` that ``PageHost`` is on the headless engine, as a script
/// in the test's document. Each page opens in a frame of the test page that covers its viewport (the last opened on
/// top), loaded from the test's folder server (same origin, so `page.window` and `page.document` are the page's live
/// objects, as on the headless engine); the verbs run `WebKitDOMActions` (the steps of `hybrid run --engine webkit`)
/// in the frame's realm, and fail with the headless engine's words.
///
/// Where WebKit differs: a page opens from the test's own server only (another origin cannot be driven from the
/// test page); `page.waitForIdle()` and the wait after a verb cover the page's load and the timers due now, not
/// requests still in flight (WebKit's network is its own), and a navigation a verb starts only when it follows a link
/// or submits a form (not a `location` set by the page's script); and the bridge's iframe protocol does not reach a frame, so
/// `native.call` to an opened page fails by name (`native.*` reaches the test's own page).
enum WebKitPages {
    /// The script, for the test document's user script (before the test API).
    static let script = """
        (function (global, actions) {
          var frames = {}, next = 1, setT = global.setTimeout;
          // The headless engine's words for a verb's selector that matches nothing (focus for press/type keeps the
          // shorter one, as there).
          function worded(reason) {
            return reason ? String(reason).replace(/^no element matches '/, "no element matches the selector '") : null;
          }
          function focus(lib, selector) {
            var el = lib.find(selector);
            if (typeof el === "string") return el;
            if (el.focus) el.focus();
            return null;
          }
          // null: done; a string: why the verb failed; undefined: not a verb.
          // The actions, made once per document in its own realm (a navigation makes a new window).
          var libraries = new WeakMap();
          function perform(win, verb, args) {
            var lib = libraries.get(win), reason, i, keys;
            if (!lib || lib.document !== win.document) {
              lib = { document: win.document, actions: win.eval("(" + actions + ")") };
              libraries.set(win, lib);
            }
            lib = lib.actions;
            switch (verb) {
              case "click": return worded(lib.click(args[0]));
              case "fill": return worded(lib.fill(args[0], args[1]));
              case "select": return worded(lib.select(args[0], args[1]));
              case "check": return worded(lib.check(args[0], true));
              case "uncheck": return worded(lib.check(args[0], false));
              case "press":
                if (args.length > 1 && (reason = focus(lib, args[0]))) return reason;
                return lib.press(args[args.length - 1]);
              case "type":
                if ((reason = focus(lib, args[0]))) return reason;
                keys = Array.from(String(args[1]));
                for (i = 0; i < keys.length; i++) if ((reason = lib.press(keys[i]))) return reason;
                return null;
            }
            return undefined;
          }
          // Once the frame's document has loaded, after the timers its page has due now.
          function idle(frame, done) {
            function settled() {
              var win = frame.contentWindow;
              if (win && typeof win.setTimeout === "function") win.setTimeout(done, 0); else setT(done, 0);
            }
            var doc = frame.contentDocument;
            if (!doc || doc.readyState === "complete") settled();
            else frame.addEventListener("load", settled, { once: true });
          }
          // Whether the verb started a navigation of the frame: a link followed or a form submitted (their events not
          // cancelled, read last, on the window). WebKit tells a frame's page of a navigation only once it is under
          // way (beforeunload comes after the verb), so a verb that navigates waits for the frame's next load.
          function watchNavigation(win) {
            var started = false;
            function click(event) {
              var link = event.defaultPrevented || !event.target || !event.target.closest ? null : event.target.closest("a[href], area[href]");
              if (!link || event.button || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
              var url = new win.URL(link.href), here = new win.URL(win.location.href);
              if (url.protocol === "javascript:") return;
              if (url.hash && url.href.split("#")[0] === here.href.split("#")[0]) return;
              started = true;
            }
            function submit(event) {
              var form = event.target;
              if (event.defaultPrevented || !form || String(form.method).toLowerCase() === "dialog") return;
              if (!form.target || form.target === "_self") started = true;
            }
            win.addEventListener("click", click);
            win.addEventListener("submit", submit);
            return function () {
              win.removeEventListener("click", click);
              win.removeEventListener("submit", submit);
              return started;
            };
          }
          function remove(id) {
            var frame = frames[id];
            delete frames[id];
            if (frame && frame.parentNode) frame.parentNode.removeChild(frame);
          }
          function open(url, resolve, reject) {
            var target;
            try { target = new URL(url, global.location.href); } catch (e) { reject("not a URL"); return; }
            if (target.origin !== global.location.origin) {
              reject("on --engine webkit a test opens the pages of its own folder (" + global.location.origin + "), not " + target.origin);
              return;
            }
            global.fetch(target.href, { cache: "no-store" }).then(function (response) {
              if (response.status === 404) {
                var name = decodeURIComponent(target.pathname.split("/").pop() || target.pathname);
                throw "no such page in the test's folder (" + name + ")";
              }
            }).then(function () {
              var frame = global.document.createElement("iframe"), id = next++;
              frame.setAttribute("data-hybrid-page", String(id));
              frame.style.cssText = "position: fixed; left: 0; top: 0; width: 100vw; height: 100vh; margin: 0; padding: 0; "
                + "border: 0; background: white; z-index: 2147483647";
              function loaded() {
                var win = frame.contentWindow;
                if (!win || win.location.href === "about:blank") return;
                frame.removeEventListener("load", loaded);
                idle(frame, function () { resolve(id); });
              }
              frame.addEventListener("load", loaded);
              frame.src = target.href;
              frames[id] = frame;
              (global.document.body || global.document.documentElement).appendChild(frame);
            }).catch(function (error) { reject(typeof error === "string" ? error : String(error && error.message || error)); });
          }
          Object.defineProperty(global, "__hybridPageNative", { value: function (command, id, args, resolve, reject) {
            if (command === "window") return frames[id] ? frames[id].contentWindow : undefined;
            if (command === "closeAll") { Object.keys(frames).forEach(remove); return undefined; }
            if (command === "open") { open(args[0], resolve, reject); return undefined; }
            var frame = frames[id];
            if (!frame || !frame.contentWindow) { reject("the page is closed"); return undefined; }
            if (command === "close") { remove(id); resolve(null); return undefined; }
            if (command === "idle") { idle(frame, function () { resolve(null); }); return undefined; }
            var reason, navigated, done = function () { resolve(null); }, stop = watchNavigation(frame.contentWindow);
            try { reason = perform(frame.contentWindow, command, args); } catch (e) { reason = String(e && e.message || e); }
            navigated = stop();
            if (reason === undefined) reject("no such page command");
            else if (reason) reject(reason);
            else if (navigated) frame.addEventListener("load", function () { idle(frame, done); }, { once: true });
            else idle(frame, done);
            return undefined;
          } });
        })(globalThis, \(JSONValue.string(WebKitDOMActions.library).jsonString));

        """
}
