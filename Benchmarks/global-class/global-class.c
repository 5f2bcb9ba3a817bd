// Can a page's rarely used globals (WebSocket, EventSource, ...) be made on first use invisibly, through the global
// object's JSClass property callbacks (issue 20)? This measures what such a global object costs every page script,
// and what the page can see. Build and run (Benchmarks/README.md, "Pre-warmed pages"):
//
//   cc -O2 global-class.c -o /tmp/global-class $(pkg-config --cflags --libs javascriptcoregtk-4.1) && /tmp/global-class
//
// Three global objects: JavaScriptCore's own (no class); one made from an empty JSClass; one whose class has a
// `hasProperty` callback that defines `LazyThing` as a data property on its first lookup and a `getPropertyNames`
// callback that lists it until then. The same loop with global lookups runs in each, three rounds alternated.
#include <JavaScriptCore/JavaScript.h>
#include <stdio.h>
#include <time.h>

static int materialised = 0, lookups = 0;

static bool hasProperty(JSContextRef context, JSObjectRef object, JSStringRef name) {
    lookups++;
    if (!materialised && JSStringIsEqualToUTF8CString(name, "LazyThing")) {
        materialised = 1;
        JSStringRef source = JSStringCreateWithUTF8CString(
            "Object.defineProperty(globalThis, 'LazyThing', {value: function LazyThing() {}, writable: true, "
            "configurable: true, enumerable: false})");
        JSEvaluateScript(context, source, NULL, NULL, 0, NULL);
        JSStringRelease(source);
    }
    return false;  // the lookup goes on to the object's own (now defined) property
}

static void propertyNames(JSContextRef context, JSObjectRef object, JSPropertyNameAccumulatorRef names) {
    if (materialised) return;
    JSStringRef name = JSStringCreateWithUTF8CString("LazyThing");
    JSPropertyNameAccumulatorAddName(names, name);
    JSStringRelease(name);
}

static double milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

static void run(JSGlobalContextRef context, const char *label, const char *code) {
    JSStringRef source = JSStringCreateWithUTF8CString(code);
    JSValueRef exception = NULL;
    double start = milliseconds();
    JSValueRef value = JSEvaluateScript(context, source, NULL, NULL, 0, &exception);
    double elapsed = milliseconds() - start;
    JSStringRef text = JSValueToStringCopy(context, exception ? exception : value, NULL);
    char buffer[1024];
    JSStringGetUTF8CString(text, buffer, sizeof buffer);
    printf("%-28s %9.1f ms  %s\n", label, elapsed, buffer);
    JSStringRelease(text);
    JSStringRelease(source);
}

int main(void) {
    JSClassDefinition empty = kJSClassDefinitionEmpty, lazy = kJSClassDefinitionEmpty;
    lazy.hasProperty = hasProperty;
    lazy.getPropertyNames = propertyNames;
    JSGlobalContextRef plain = JSGlobalContextCreate(NULL);
    JSGlobalContextRef emptyClass = JSGlobalContextCreate(JSClassCreate(&empty));
    JSGlobalContextRef lazyClass = JSGlobalContextCreate(JSClassCreate(&lazy));
    // 300,000 iterations, two global lookups each (Math, Object), in a function as page code is.
    const char *loop = "(function () { var x = 0; for (var i = 0; i < 300000; i++) "
                       "x += Math.abs(-i) + (typeof Object === 'function' ? 1 : 0); return x; })()";
    for (int round = 0; round < 3; round++) {
        run(plain, "no class", loop);
        run(emptyClass, "empty JSClass", loop);
        run(lazyClass, "JSClass with hasProperty", loop);
    }
    printf("hasProperty calls during the loops: %d\n", lookups);
    const char *names = "var n = Object.getOwnPropertyNames(globalThis); "
                        "'index ' + n.indexOf('LazyThing') + ' of ' + n.length";
    run(lazyClass, "names before first use", names);
    run(lazyClass, "descriptor, in, typeof",
        "JSON.stringify(Object.getOwnPropertyDescriptor(globalThis, 'LazyThing'), "
        "function (k, x) { return typeof x === 'function' ? 'fn' : x; }) + ' ' + ('LazyThing' in globalThis) + ' ' + "
        "typeof LazyThing + ' ' + (LazyThing === LazyThing)");
    run(lazyClass, "names after first use", names);
    return 0;
}
