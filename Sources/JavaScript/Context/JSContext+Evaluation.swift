internal import CJavaScriptCore

extension JSContext {
    /// Evaluates `script` and returns its completion value, Apple style: an exception goes to
    /// ``exceptionHandler`` and the result is `undefined`.
    @discardableResult
    public func evaluateScript(_ script: String, sourceURL: String? = nil, startingLineNumber: Int = 1) -> JSValue {
        reporting { try evaluate(script, sourceURL: sourceURL, startingLineNumber: startingLineNumber) }
    }

    /// Runs `body`; a thrown exception goes to the ``exceptionHandler``, Apple style, and the result is
    /// `undefined`. The one place the non-throwing, Apple-style calls report from.
    func reporting(_ body: () throws -> JSValue) -> JSValue {
        do {
            return try body()
        } catch {
            if let thrown = lastThrownValue { reportException(thrown) }
            return JSValue(undefinedIn: self)
        }
    }

    /// Evaluates `script` and returns its completion value, throwing a ``JSException`` instead of
    /// calling the handler (the thrown value itself is ``lastThrownValue``).
    ///
    /// `sourceURL` names the script in stacks and errors; its first line is `startingLineNumber`
    /// (1 by default; an inline script of an HTML page passes the line it starts on in the document).
    @discardableResult
    public func evaluate(_ script: String, sourceURL: String? = nil, startingLineNumber: Int = 1) throws -> JSValue {
        let result = JSStringConversion.withJSString(script) { source in
            withOptionalJSString(sourceURL) { url in
                virtualMachine.enter(ref) { exception in
                    JSEvaluateScript(ref, source, nil, url, Int32(clamping: max(startingLineNumber, 1)), &exception)
                }
            }
        }
        return try value(of: result)
    }

    /// Checks `script`'s syntax without running it; throws the `SyntaxError`.
    public func checkSyntax(_ script: String, sourceURL: String? = nil) throws {
        var exception: JSValueRef?
        let ok = JSStringConversion.withJSString(script) { source in
            withOptionalJSString(sourceURL) { JSCheckScriptSyntax(ref, source, $0, 1, &exception) }
        }
        if !ok, let exception { throw thrownException(exception) }
    }

    /// Checks `module`'s syntax as an ES module, with the engine's own parser in module mode, without running it;
    /// throws the engine's `SyntaxError` (its name, message, `sourceURL` and line; the engine gives no column).
    ///
    /// The classic C API parses classic scripts only, so this makes a context of JavaScriptCore's GLib API on the
    /// calling thread for the check and releases it after: about a millisecond, more on a process's first call. Meant
    /// for a failure path, such as naming the error of a module that a translator could not parse in the engine's words.
    public func checkModuleSyntax(_ module: String, sourceURL: String? = nil, startingLineNumber: Int = 1) throws {
        guard let checker = jsc_context_new() else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(checker)) }
        var exception: OpaquePointer?
        var text = module
        let result = text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                jsc_context_check_syntax(checker, chars.baseAddress, chars.count, 1, sourceURL,
                                         UInt32(clamping: max(startingLineNumber, 1)), &exception)
            }
        }
        guard let exception else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(exception)) }
        guard result != 0 else { return }
        throw JSException(name: jsc_exception_get_name(exception).map { String(cString: $0) } ?? "SyntaxError",
                          message: jsc_exception_get_message(exception).map { String(cString: $0) } ?? "",
                          sourceURL: sourceURL, line: Int(jsc_exception_get_line_number(exception)))
    }

    /// Hands an uncaught exception to ``exceptionHandler``, or stores and logs it.
    public func reportException(_ exception: JSValue) {
        if let exceptionHandler {
            exceptionHandler(self, exception)
        } else {
            self.exception = exception
            let error = JSException(exception)
            emitConsole(ConsoleMessage(level: .error, text: "Uncaught \(error.name.isEmpty ? error.message : "\(error.name): \(error.message)")",
                                       sourceURL: error.sourceURL, line: error.line, column: error.column))
        }
    }

    func reportException(ref exception: JSValueRef) {
        reportException(JSValue(ref: exception, in: self))
    }

    func value(of result: Result<JSValueRef, JSThrown>) throws -> JSValue {
        switch result {
        case .success(let ref): return JSValue(ref: ref, in: self)
        case .failure(let thrown): throw thrownException(thrown.ref)
        }
    }

    /// Remembers a thrown value as ``lastThrownValue`` and describes it as a Swift error.
    func thrownException(_ ref: JSValueRef) -> JSException {
        let value = JSValue(ref: ref, in: self)
        var exception = JSException(value)
        thrownCounter &+= 1
        exception.thrownID = thrownCounter
        lastThrownValue = value
        return exception
    }

    /// The value behind `exception` if it is still the last one thrown here.
    func thrownValue(for exception: JSException) -> JSValue? {
        guard exception.thrownID != 0, exception.thrownID == thrownCounter else { return nil }
        return lastThrownValue
    }
}

@inline(__always)
func withOptionalJSString<T>(_ string: String?, _ body: (JSStringRef?) -> T) -> T {
    guard let string else { return body(nil) }
    return JSStringConversion.withJSString(string) { body($0) }
}
