internal import CJavaScriptCore

extension JSValue {
    // MARK: Throwing calls (Swift style)

    /// Calls the function with `arguments` and `this` (the global object when nil).
    /// Throws a ``JSException``; a non-function throws a `TypeError`.
    @discardableResult
    public func call(arguments: [any JSValueConvertible] = [], this: JSValue? = nil) throws -> JSValue {
        try context.value(of: callRaw(arguments: arguments, this: this?.objectRef))
    }

    /// `try function(1, "two")`: calls the function with the arguments.
    @discardableResult
    public func callAsFunction(_ arguments: any JSValueConvertible...) throws -> JSValue {
        try call(arguments: arguments)
    }

    /// `new constructor(...arguments)`.
    public func construct(arguments: [any JSValueConvertible] = []) throws -> JSValue {
        guard let object = objectRef, JSObjectIsConstructor(contextRef, object) else {
            throw context.thrownException(JSValueConversion.makeError(message: "value is not a constructor", name: "TypeError", in: contextRef))
        }
        let result = withArgumentRefs(arguments) { count, values in
            context.virtualMachine.enter(contextRef) { exception in
                JSObjectCallAsConstructor(contextRef, object, count, values, &exception)
            }
        }
        return try context.value(of: result)
    }

    /// Calls the method `name` on this object.
    @discardableResult
    public func invokeMethod(_ name: String, arguments: [any JSValueConvertible] = []) throws -> JSValue {
        guard let result = invokeMethodRaw(name, arguments: arguments) else {
            throw context.thrownException(JSValueConversion.makeError(message: "\(name) is not a function", name: "TypeError", in: contextRef))
        }
        return try context.value(of: result)
    }

    // MARK: Reporting calls (Apple style)

    /// Calls the function; an exception goes to the context's `exceptionHandler` and the result is `undefined`.
    @discardableResult
    public func call(withArguments arguments: [any JSValueConvertible]) -> JSValue {
        reporting { try call(arguments: arguments) }
    }

    /// `new` with the arguments; an exception goes to the context's `exceptionHandler`.
    public func construct(withArguments arguments: [any JSValueConvertible]) -> JSValue {
        reporting { try construct(arguments: arguments) }
    }

    /// Calls the method `name`; an exception goes to the context's `exceptionHandler`.
    @discardableResult
    public func invokeMethod(_ name: String, withArguments arguments: [any JSValueConvertible]) -> JSValue {
        reporting { try invokeMethod(name, arguments: arguments) }
    }

    /// Runs `body` as ``JSContext/reporting(_:)`` does, in this value's context.
    func reporting(_ body: () throws -> JSValue) -> JSValue {
        context.reporting(body)
    }

    // MARK: Raw

    func callRaw(arguments: [any JSValueConvertible], this: JSObjectRef?) -> Result<JSValueRef, JSThrown> {
        guard let function = functionRef else {
            return .failure(JSThrown(ref: JSValueConversion.makeError(message: "value is not a function", name: "TypeError", in: contextRef)))
        }
        return withArgumentRefs(arguments) { count, values in
            context.virtualMachine.enter(contextRef) { exception in
                JSObjectCallAsFunction(contextRef, function, this, count, values, &exception)
            }
        }
    }

    func invokeMethodRaw(_ name: String, arguments: [any JSValueConvertible]) -> Result<JSValueRef, JSThrown>? {
        guard let object = objectRef else { return nil }
        let method = JSStringConversion.withJSString(name) { JSObjectGetProperty(contextRef, object, $0, nil) }
        guard let method, JSValueIsObject(contextRef, method), let function = JSValueToObject(contextRef, method, nil),
              JSObjectIsFunction(contextRef, function) else { return nil }
        return withArgumentRefs(arguments) { count, values in
            context.virtualMachine.enter(contextRef) { exception in
                JSObjectCallAsFunction(contextRef, function, object, count, values, &exception)
            }
        }
    }

    /// The function object, if this value is a function (checked once, then cached).
    var functionRef: JSObjectRef? {
        if let cached = cachedFunction { return cached }
        let function = objectRef.flatMap { JSObjectIsFunction(contextRef, $0) ? $0 : nil }
        cachedFunction = .some(function)
        return function
    }

    /// Converts the arguments into a stack buffer, where the conservative GC sees them during the call.
    private func withArgumentRefs<T>(_ arguments: [any JSValueConvertible],
                                     _ body: (Int, UnsafePointer<JSValueRef?>?) -> T) -> T {
        if arguments.isEmpty { return body(0, nil) }
        return withUnsafeTemporaryAllocation(of: JSValueRef?.self, capacity: arguments.count) { buffer in
            for (index, argument) in arguments.enumerated() { buffer[index] = argument.makeJSValueRef(in: contextRef) }
            return body(arguments.count, UnsafePointer(buffer.baseAddress))
        }
    }
}
