internal import CJavaScriptCore

/// A script the process evaluates in many contexts (the web view's own scripts, the CommonJS modules every page
/// loads): its text is held once per process and parsed once per ``JSVirtualMachine``.
///
/// ``JSContext/evaluate(_:)`` gives every context of a machine the same engine-side source, so the machine's
/// compiled code is found without comparing the text again and no context keeps a copy of its own. Evaluating a
/// string instead converts it to UTF-16 and copies it into the engine on each call, and each context keeps that
/// copy for as long as it has functions from the script (about 2 MB per page for the web view's scripts and domino).
///
/// Make each one once (a `static let`, or a per-process cache): a machine keeps every script it has evaluated, by
/// identity, until it is released.
package final class SharedScript: Sendable {
    /// The script's text.
    package let source: String
    /// The name of the script in stacks and errors.
    package let sourceURL: String
    /// The number of the script's first line in `sourceURL` (1 or more).
    package let startingLineNumber: Int

    package init(source: String, sourceURL: String, startingLineNumber: Int = 1) {
        self.source = source
        self.sourceURL = sourceURL
        self.startingLineNumber = max(startingLineNumber, 1)
    }
}

extension JSContext {
    /// Evaluates a ``SharedScript`` and returns its completion value, throwing a ``JSException`` as
    /// ``evaluate(_:sourceURL:startingLineNumber:)`` does. A script that does not parse throws the engine's
    /// `SyntaxError`, the same as evaluating its text.
    @discardableResult
    package func evaluate(_ script: SharedScript) throws -> JSValue {
        guard let compiled = virtualMachine.compiled(script) else {
            return try evaluate(script.source, sourceURL: script.sourceURL, startingLineNumber: script.startingLineNumber)
        }
        let result = virtualMachine.enter(ref) { exception in
            JSScriptEvaluate(ref, compiled, nil, &exception)
        }
        return try value(of: result)
    }
}

/// A machine's ``SharedScript``s, parsed on first use. Confined to the machine's thread, like the machine.
final class SharedScriptCache {
    private var scripts: [ObjectIdentifier: (script: SharedScript, compiled: JSScriptRef?)] = [:]

    /// `script` parsed for `group`; nil when it does not parse (the caller evaluates the text to get the error).
    func compiled(_ script: SharedScript, group: JSContextGroupRef) -> JSScriptRef? {
        let key = ObjectIdentifier(script)
        if let entry = scripts[key] { return entry.compiled }
        let compiled = JSStringConversion.withJSString(script.source) { source in
            JSStringConversion.withJSString(script.sourceURL) { url in
                JSScriptCreateFromString(group, url, Int32(clamping: script.startingLineNumber), source, nil, nil)
            }
        }
        // The entry keeps the script alive, so its identity cannot be reused by another one.
        scripts[key] = (script, compiled)
        return compiled
    }

    /// Releases every parsed script; before the machine's group is released.
    func removeAll() {
        for entry in scripts.values { if let compiled = entry.compiled { JSScriptRelease(compiled) } }
        scripts = [:]
    }
}
