import JavaScript

/// The web view's JavaScript, in `Sources/WebView/Resources/` (see `ScriptResource`).
package enum WebViewScripts {
    /// Turns a page's global object into domino's `Window`; a function of `(require, native, config)`.
    ///
    /// JavaScriptCore's global object has an immutable prototype, so domino's `Window.prototype` cannot
    /// be put in its chain. Instead `Window` is called as a function on the global object (which sets
    /// `document`, `location` and `document.defaultView = globalThis`), and the members of
    /// `Window.prototype` and `EventTarget.prototype` are defined on the global object itself. Methods
    /// are wrapped so a bare call (`addEventListener(...)`, with `this` undefined in domino's strict
    /// code) still targets the window. So `window === globalThis`, and `window.foo = 1; foo` works. Also: the
    /// lazy-property helpers the other scripts use (`env.lazyProperties`, `env.lazyInstaller`, `env.lazyMethods`),
    /// `location`, `navigator`, the SVG element interfaces (made on first use) and the window's own interface objects.
    static let window = ScriptResource(module: "WebView", file: "window.js", sourceURL: "hybrid:window")

    /// The JavaScript half of a page, after ``window``: dialogs, `requestAnimationFrame`, visibility,
    /// `webkit.messageHandlers`, error events, navigation hooks (links, forms, iframes) and the incremental
    /// parser that hands scripts to Swift, and WebKit's smaller window members (`origin`, `reportError`, `open`,
    /// `print`, `status`, `BarProp`, the `webkit`-prefixed aliases). A function of `(require, native, env)`.
    static let page = ScriptResource(module: "WebView", file: "page.js", sourceURL: "hybrid:page")

    /// The web view's DOM layer over domino, in installation order, each a function of `(require, native, env)`
    /// run after ``page`` and before the platform scripts (which then dispatch the real event classes):
    ///
    /// - `interfaces`: WebKit's prototype chains for nodes (`Element.prototype`, `Document.prototype`,
    ///   `CharacterData.prototype`, ... inherit `Node.prototype` directly, without domino's ContainerNode and Leaf;
    ///   `<td>`/`<th>` are `HTMLTableCellElement`s); first, before the other scripts add to these prototypes.
    /// - `event-classes`: the event interfaces and their constructors (`Event`, `CustomEvent`, `UIEvent`,
    ///   `MouseEvent`, `PointerEvent`, `KeyboardEvent`, `InputEvent`, `FocusEvent`, `TouchEvent`/`Touch`, ...)
    ///   and `document.createEvent`'s legacy names.
    /// - `event-dispatch`: `addEventListener` options, the DOM standard's dispatch (with activation behaviour
    ///   and shadow-tree retargeting hooks), `composedPath()`, `window.event`, `click()`, the `EventTarget` constructor.
    /// - `event-handlers`: `onX` properties and content attributes on elements, the document and the window.
    /// - `nodes`: `append`, `prepend`, `replaceChildren`, `isConnected`, `getRootNode`, `dataset`, `innerText`,
    ///   `outerText`.
    /// - `parsing`: `DOMParser` (HTML through domino, XML through node-xmldom) and `XMLSerializer`, set up on
    ///   first use.
    /// - `range`: `Range`, `Selection`, `document.createRange()` and `getSelection()`, set up on first use.
    /// - `history`: `History` and the page's session history (`pushState`, fragment navigations, `back()`,
    ///   `forward()`, `go()`, `popstate`, `hashchange`), reported to Swift through `native.urlChanged`.
    /// - `form-controls`: form owners, input value and checkedness with their dirty flags, radio groups,
    ///   `<select>`/`<option>` selectedness, `<textarea>`, the text selection APIs, `form.elements`
    ///   (`HTMLFormControlsCollection`, `RadioNodeList`), `form.reset()`, `label.control`, file inputs' `files` (`FileList`, live),
    ///   `DataTransfer` (items, types, data, its `files` given to an input).
    /// - `form-submission`: checkbox, radio, label, submit and reset activation, implicit submission,
    ///   `submit()`/`requestSubmit()`, `SubmitEvent.submitter`, `FormData`.
    /// - `form-validation`: constraint validation (`validity`, `checkValidity`, `reportValidity`, `invalid`, ...).
    /// - `focus`: `focus()`, `blur()`, `document.activeElement`, `hasFocus()`, focus events, `autofocus`, `:focus`.
    /// - `observers`: `MutationObserver` and `MutationRecord`, fed from domino's insertion, removal,
    ///   attribute and character-data choke points (detached trees included), and the custom element
    ///   reaction queue the `components` script uses. Only the character-data and attribute accessors are
    ///   set up at once: they must exist before the nodes whose changes they report.
    /// - `components`: `customElements` and the `HTMLElement` constructor custom elements extend, upgrades and
    ///   their lifecycle callbacks.
    /// - `shadow`: `attachShadow`, `ShadowRoot`, `<slot>` assignment and `slotchange`, `getRootNode`, and the
    ///   dispatch of events from inside shadow trees (retargeting, `composed`, `composedPath()`).
    /// - `frames`: iframes' browsing contexts (the Swift half is `Frames.swift`): `contentWindow`,
    ///   `contentDocument`, `frames`/`length`/`window[i]`, `parent`, `top`, `frameElement`, `name`, `closed`, the
    ///   frame's `load` event, `postMessage` with a structured clone, and the windows frames see of each other.
    /// - `referrer`: the document's referrer policy from `<meta name="referrer">` (`native.setReferrerPolicy`), the
    ///   policy of a link's or a form's navigation (`referrerpolicy`, `rel=noreferrer`) and
    ///   `HTMLScriptElement.referrerPolicy` (domino reflects the other elements' `referrerpolicy`).
    ///
    /// Most set-up waits for the page's first use of an API (a stub global or method that installs the real one).
    static let dom: [(name: String, script: ScriptResource)] = [
        "interfaces",
        "event-classes",
        "event-dispatch",
        "event-handlers",
        "nodes",
        "parsing",
        "range",
        "history",
        "form-controls",
        "form-submission",
        "form-validation",
        "focus",
        "observers",
        "components",
        "shadow",
        "frames",
        "referrer",
    ].map { name in (name, ScriptResource(module: "WebView", file: "dom/\(name).js")) }

    /// Behind ``HeadlessWebView``'s inspection helpers (`click`, `setValue`, `text`, ...); a function of `(env)`.
    /// Each takes a CSS selector; a selector that matches nothing throws an error naming it.
    static let inspection = ScriptResource(module: "WebView", file: "inspection.js", sourceURL: "hybrid:inspection")

    /// ``CommonJSModules``' loader, a function of `(resolve, compile)`. The module cache lives in JavaScript,
    /// per context: Swift keeps no module values, so nothing there can keep a closed page alive. domino's modules get
    /// an `Object` whose property definitions make their members configurable (and methods writable), as WebIDL's.
    static let commonJS = ScriptResource(module: "WebView", file: "commonjs.js", sourceURL: "hybrid:commonjs")

    /// ES modules (``ESModules``): translation with acorn, the module map, linking and evaluation; a function of
    /// `(require, native, env)` that returns the page's loader, made on the page's first module.
    static let modules = ScriptResource(module: "WebView", file: "modules.js", sourceURL: "hybrid:modules")

    /// The web platform's scripts in installation order (``WebPlatform``), each
    /// `(function (global, native, internals) {...})`, run as `hybrid:platform/<name>.js`:
    ///
    /// - `base`: `DOMException` (when missing or not spec-shaped), the event-target plumbing the other scripts
    ///   share (`internals.dispatch`, `internals.makeEvent`, `internals.eventTargetMethods`) and
    ///   `performance.now()` when missing.
    /// - `encoding`: `TextEncoder` and `TextDecoder` (UTF-8 only, as most engines' core set), on native Swift
    ///   UTF-8 conversion. `decode(…, {stream: true})` is not supported: each call decodes on its own.
    /// - `storage`: `Storage`, `localStorage`, `sessionStorage` (with property access: `localStorage.foo = 'x'`,
    ///   `'foo' in localStorage`, `Object.keys(localStorage)`, through a `Proxy`) and `document.cookie`.
    /// - `xmlhttprequest`: `XMLHttpRequest`, asynchronous and synchronous, on the page's native transport (`native.send`, `native.sendSync`:
    ///   HTTP through the web view's `WebSession` and its cookie jar; `file:` under the page's folder): the
    ///   object, its state and response accessors, `open` and headers.
    /// - `xmlhttprequest-send`: `XMLHttpRequest.prototype.send` and `abort`, and the event sequence of a finished
    ///   request: `readystatechange` 2, 3, `progress`, `readystatechange` 4, `load`, `loadend` (or `error` /
    ///   `timeout` / `abort`, then `loadend`). A request re-opened or aborted by a handler fires no more. A synchronous
    ///   request fires `readystatechange` 4, `load`, `loadend` before `send` returns, or throws `NetworkError`.
    /// - `abort`: `AbortController` and `AbortSignal` (`abort()`, `AbortSignal.abort()`,
    ///   `AbortSignal.timeout()`, `throwIfAborted()`, `onabort` and `abort` listeners).
    /// - `blob`: `Blob`, `File` and `FileReader` (made on first read), the page's blob URL store behind
    ///   `URL.createObjectURL`/`revokeObjectURL` and the blob: URL reads of XHR, `fetch`, `<img>` and `<script src>`.
    /// - `formdata`: `FormData`'s entry list (`append`, `set`, `get`, `getAll`, `has`, `delete`, iteration, Blob
    ///   values as Files) and the multipart/form-data body XMLHttpRequest and `fetch` send; a page's constructor
    ///   (with a form) is `dom/form-submission`'s, a worker's takes no form.
    /// - `clone`: `structuredClone` (HTML's structured clone with a transfer list), also behind the frames' `postMessage` and
    ///   `history.pushState`/`replaceState`.
    /// - `messaging`: `MessageChannel`, `MessagePort` (transferable through every `postMessage` and `structuredClone`)
    ///   and `BroadcastChannel` between the frames of a web view, made on first use; messages are structured clones
    ///   into the receiving realm, delivered as tasks.
    /// - `streams`: the WHATWG Streams standard (`ReadableStream` with its default reader and controller, `tee`, async
    ///   iteration, `pipeTo`/`pipeThrough`, `ReadableStream.from`; `WritableStream`, `TransformStream`, the queuing
    ///   strategies), `TextEncoderStream`/`TextDecoderStream` and `CompressionStream`/`DecompressionStream` (zlib through
    ///   GIO, ``CompressionNatives``), made on first use like `modules`' groups; `internals.streams()` gives them to
    ///   `Blob.prototype.stream()` and `Response.prototype.body`. Readable byte streams (`type: 'bytes'`, BYOB readers)
    ///   are not supported.
    /// - `modules`: the globals that come from Debian's JavaScript packages, loaded on first use so a page that
    ///   never touches them pays nothing: `URL`, `URLSearchParams`, `atob`, `btoa` (node-core-js) and `fetch`,
    ///   `Headers`, `Request`, `Response` (node-whatwg-fetch, over this platform's XMLHttpRequest and `Blob`, its
    ///   body reads settling in microtasks; `body` as a stream and `Response` bodies from streams, over `streams`), with `URL.createObjectURL`/`revokeObjectURL`. Each group
    ///   is an accessor on the global object until first read; the read replaces the group by the library's
    ///   values. A missing package makes every read throw an error naming the apt package.
    /// - `crypto`: `crypto` (`getRandomValues`, `randomUUID`), `Crypto`, `SubtleCrypto` and `CryptoKey`, loaded on first
    ///   use like `modules`' groups: `crypto.subtle`'s SHA digests, HMAC, AES-GCM, AES-CBC, AES-CTR, PBKDF2 and HKDF on libgcrypt
    ///   (`CryptoNatives`). As in WebKit, `subtle`, `randomUUID`, `SubtleCrypto` and `CryptoKey` exist only in a secure
    ///   context (not on an `http:` page of a host other than localhost).
    /// - `performance`: the performance timeline on the runtime's clock: `performance.mark`/`measure`/`getEntries*`/
    ///   `clearMarks`/`clearMeasures`, `PerformanceObserver` (`mark`, `measure`, `navigation`), the document's
    ///   `PerformanceNavigationTiming` entry and the legacy `performance.timing`/`performance.navigation`; only the
    ///   load events' times are taken at set-up, the rest is made on first use.
    /// - `collections`: selector results and collections as browsers give them: `querySelector` returns `null`
    ///   when nothing matches, `querySelectorAll` a static, iterable `NodeList`; element collections and
    ///   `DOMTokenList` are iterable; `HTMLCollection` is a global.
    /// - `workers`: `Worker`, made on first use, in a page's document only (``DedicatedWorker``).
    /// - `interfaces`: `Object.prototype.toString` names DOM objects by their interface (`[object HTMLDivElement]`,
    ///   `[object Window]`), through `Symbol.toStringTag` on the interfaces' prototypes, as Vue 3's `reactive()` needs.
    /// - `websocket`: `WebSocket` and `CloseEvent`, made on first read, over libsoup 3's WebSocket client
    ///   (`WebSocketNatives`, `PageWebSocket`); the page's sockets close with it.
    /// - `eventsource`: `EventSource`, made on first read, over a streaming GET through the page's session
    ///   (`EventSourceNatives`, `EventStreamTransfer`); reconnection on the runtime's timers.
    /// - `beacon`: `navigator.sendBeacon`, a keepalive POST through the page's `fetch` within a 64 KiB quota.
    static let platform: [(name: String, script: ScriptResource)] =
        ["base", "encoding", "storage", "xmlhttprequest", "xmlhttprequest-send", "abort", "blob", "formdata", "clone", "messaging", "streams", "modules",
         "crypto", "performance", "collections", "interfaces", "workers", "websocket", "eventsource", "beacon"].map { name in
            (name, ScriptResource(module: "WebView", file: "platform/\(name).js"))
        }

    /// The 2D canvas (`canvas/canvas.js`), run after the platform scripts with the same `(global, native, internals)`
    /// as `hybrid:platform/canvas.js`: `HTMLCanvasElement.getContext('2d')`, `CanvasRenderingContext2D`,
    /// `CanvasGradient`, `TextMetrics`, `ImageData`, `toDataURL`/`toBlob`, drawing on Cairo through
    /// `CanvasNatives`. Colours are parsed by Debian's node-color-string, loaded on the first colour set.
    static let canvas = ScriptResource(module: "WebView", file: "canvas/canvas.js", sourceURL: "hybrid:platform/canvas.js")

    /// Images and media (`media/*.js`, issue 15), run after ``canvas`` with the same `(global, native, internals)` as
    /// `hybrid:platform/<name>.js`:
    ///
    /// - `images`: `<img>` and `Image` loading through the page's network stack (`native.send`, `data:` URLs by
    ///   libsoup), `load`/`error` as tasks, `naturalWidth`/`naturalHeight` from gdk-pixbuf (`ImageNatives`),
    ///   `complete`, `currentSrc`, `decode()`; the document's `load` waits for images that start loading before it.
    ///   The source comes from `srcset`/`sizes`/`<picture>` (Debian's node-parse-srcset, the page's `matchMedia`,
    ///   WebKit's density rule); `loading="lazy"` images wait for an intersection observer to see them near the viewport.
    /// - `media`: `HTMLMediaElement` (`<audio>`, `<video>`, `Audio`) without decoding: the load algorithm's events,
    ///   `play()`/`pause()` on the runtime's clock with the configured duration, the autoplay policy, `canPlayType`.
    static let media: [(name: String, script: ScriptResource)] = ["images", "media"].map { name in
        (name, ScriptResource(module: "WebView", file: "media/\(name).js"))
    }

    /// What a page asks the device for (``DeviceServices``), run after ``media`` with the platform's
    /// `(global, native, internals)` as `hybrid:platform/services.js`: `navigator.onLine` with `online`/`offline`,
    /// `navigator.clipboard` and `ClipboardItem`, `navigator.geolocation`, `Notification`, `navigator.vibrate`,
    /// `navigator.share`/`canShare` and `isSecureContext`, each where WKWebView has it on the profile's system, made
    /// on first use (`DeviceServiceNatives`).
    static let services = ScriptResource(module: "WebView", file: "device/services.js", sourceURL: "hybrid:platform/services.js")

    /// The last of the platform's scripts (`hybrid:platform/native-code.js`, the same `(global, native, internals)`):
    /// `Function.prototype.toString` prints the platform's functions (DOM methods and accessors, interfaces, web APIs)
    /// as JavaScriptCore prints a native function, `function querySelectorAll() {\n    [native code]\n}`, so that
    /// pages that test for native functions (jQuery's Sizzle, lodash's `_.isNative`, core-js) take the path they take
    /// on WebKit. Set-up keeps the global's names; the first `toString` call marks what they hold, and APIs made
    /// later report themselves (`platformMade`).
    static let nativeCode = ScriptResource(module: "WebView", file: "platform/native-code.js", sourceURL: "hybrid:platform/native-code.js")

    /// The device a page sees (``DeviceProfile``), after ``dom``: `innerWidth`/`innerHeight`, `outerWidth`/`outerHeight`,
    /// `devicePixelRatio`, `screen` (with `orientation`), `visualViewport`, `window.orientation` (iOS and Android),
    /// touch event detection, the internal `__hybridDevice` and `__hybridDeviceListeners` the CSS layer reads, and
    /// `env.setDevice`, which a profile change or rotation from Swift calls. A function of `(require, native, env)`.
    static let device = ScriptResource(module: "WebView", file: "device/device.js")

    /// The CSS object model and the cascade (issue 15), run after ``dom``, each a function of `(require, native, env)`:
    ///
    /// - `cssom`: `document.styleSheets`, `<style>` and `<link rel=stylesheet>` sheets, `CSSStyleSheet` (constructable, `replaceSync`,
    ///   `adoptedStyleSheets`), `CSS.supports`/`CSS.escape`, `getComputedStyle` (the cascade over Debian's
    ///   node-cssom, loaded on first use) and `matchMedia`, evaluated against `window.__hybridDevice`.
    static let css: [(name: String, script: ScriptResource)] = ["cssom"].map { name in
        (name, ScriptResource(module: "WebView", file: "css/\(name).js"))
    }

    /// Geometry (issue 15), run after ``css``, each a function of `(require, native, env)`; the model is described in
    /// the DocC article "Geometry model":
    ///
    /// - `geometry`: `DOMRect`, `DOMRectReadOnly`, `DOMRectList`, `getBoundingClientRect`/`getClientRects`,
    ///   `offset*`, `client*`, `scroll*` on elements, `scrollIntoView` and `document.elementFromPoint`, laid out on
    ///   first read from the computed style and the viewport.
    /// - `observers`: `IntersectionObserver`, `ResizeObserver` and `requestIdleCallback` (Android profiles only),
    ///   evaluated in a task after `observe()`, a DOM or style change, a scroll or a device change (never by polling).
    /// - `matrix`: `DOMMatrix`, `DOMMatrixReadOnly`, `WebKitCSSMatrix`, `DOMPoint`, `DOMPointReadOnly` and `DOMQuad`
    ///   (Geometry Interfaces 1), made on first use.
    static let geometry: [(name: String, script: ScriptResource)] = ["geometry", "observers", "matrix"].map { name in
        (name, ScriptResource(module: "WebView", file: "geometry/\(name).js"))
    }

    /// The Web Animations API (issue 15): `Element.animate`, `Animation`, `getAnimations`, `document.timeline`, run
    /// after ``css``; a function of `(require, native, env)`. Only stubs at page set-up: the first use of any of them
    /// installs the rest. It also sets `env.motion`, the effects whose interpolated values `getComputedStyle` gives
    /// (timing functions, the timing model, interpolation), shared with ``cssAnimations``.
    static let animation = ScriptResource(module: "WebView", file: "animation/animation.js")

    /// CSS transitions and animations (issue 15): `transitionrun`/`transitionstart`/`transitionend`/`transitioncancel`
    /// and `animationstart`/`animationiteration`/`animationend`/`animationcancel` from the computed style, on the
    /// runtime's clock, their effects on `getComputedStyle` and their `CSSTransition`/`CSSAnimation` objects, run after
    /// ``animation``; a function of `(require, native, env)`. Until the sheets mention a transition or an animation it
    /// only watches class, style and id changes with a text test.
    static let cssAnimations = ScriptResource(module: "WebView", file: "animation/css-animations.js")

    /// The platform scripts a dedicated worker's global scope gets (``WorkerScope``), in installation order: no DOM,
    /// storage, canvas or crypto; `XMLHttpRequest` and `fetch` through the page's network (``WorkerNetwork``).
    static let workerPlatform = platform.filter {
        ["base", "encoding", "xmlhttprequest", "xmlhttprequest-send", "abort", "blob", "formdata", "clone", "messaging", "streams", "modules",
         "crypto", "performance", "websocket", "eventsource"]
            .contains($0.name)
    }

    /// HTML's StructuredSerialize/Deserialize for messages between a page and its workers, a function of
    /// `(global, internals)` that sets `internals.serialize` and `internals.deserialize`: run in each worker, and in a
    /// page on its first `Worker`.
    static let workerSerialize = ScriptResource(module: "WebView", file: "workers/serialize.js", sourceURL: "hybrid:workers/serialize.js")

    /// A dedicated worker's global scope (`self`, `postMessage`, `importScripts`, `location`, `navigator`, ...), a
    /// function of `(global, native, internals)` run last in the worker; it returns the function that delivers the
    /// page's messages.
    static let workerScope = ScriptResource(module: "WebView", file: "workers/scope.js", sourceURL: "hybrid:workers/scope.js")

    /// Every script of the module, for a check that they are all installed.
    package static let all = [window, page, inspection, commonJS, modules, device] + dom.map(\.script) + platform.map(\.script)
        + css.map(\.script) + [canvas] + media.map(\.script) + [services, nativeCode] + geometry.map(\.script)
        + [animation, cssAnimations, workerSerialize, workerScope]
}
