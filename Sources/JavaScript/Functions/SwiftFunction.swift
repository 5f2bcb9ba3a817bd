internal import CJavaScriptCore

/// The body of a Swift function called from JavaScript. Return nil for `undefined`; a Swift
/// `throw` becomes a JavaScript exception (an `Error` with the error's description, or the original
/// value when rethrowing a ``JSException`` from this runtime).
public typealias JSFunctionBody = (JSArguments) throws -> (any JSValueConvertible)?

/// A Swift closure living inside a JavaScript function object.
///
/// The object is an instance of one shared JS class whose call hook reads the closure from the
/// object's private pointer: one pointer load per call, no table lookup, no allocation. The
/// closure is retained by the object and released after the object's finalizer ran.
final class SwiftFunction {
    let body: JSFunctionBody
    let shared: MachineShared

    init(body: @escaping JSFunctionBody, shared: MachineShared) {
        self.body = body
        self.shared = shared
    }

    /// Makes a JavaScript function object calling `body` in `context`.
    static func make(name: String?, in context: JSContext, body: @escaping JSFunctionBody) -> JSObjectRef {
        let box = SwiftFunction(body: body, shared: context.virtualMachine.shared)
        let object = JSObjectMake(context.ref, functionClass, Unmanaged.passRetained(box).toOpaque())!
        if let name {
            JSStringConversion.withJSString("name") { key in
                JSObjectSetProperty(context.ref, object, key, name.makeJSValueRef(in: context.ref),
                                    JSPropertyAttributes(kJSPropertyAttributeDontEnum | kJSPropertyAttributeReadOnly), nil)
            }
        }
        // After `name`: Function.prototype's read-only `name` would block setting our own.
        if let prototype = context.functionPrototype { JSObjectSetPrototype(context.ref, object, prototype) }
        return object
    }

    nonisolated(unsafe) private static let functionClass: JSClassRef = {
        var definition = kJSClassDefinitionEmpty
        definition.className = UnsafeRawPointer(StaticString("Function").utf8Start).assumingMemoryBound(to: CChar.self)
        definition.attributes = JSClassAttributes(kJSClassAttributeNoAutomaticPrototype)
        definition.callAsFunction = callAsFunction
        definition.finalize = finalize
        return JSClassCreate(&definition)
    }()

    private static let callAsFunction: JSObjectCallAsFunctionCallback = { context, function, this, count, arguments, exception in
        guard let context, let function, let pointer = JSObjectGetPrivate(function) else { return nil }
        let box = Unmanaged<SwiftFunction>.fromOpaque(pointer).takeUnretainedValue()
        let args = JSArguments(context: context, this: this, count: count, values: arguments, shared: box.shared)
        do {
            guard let result = try box.body(args) else { return JSValueMakeUndefined(context) }
            return result.makeJSValueRef(in: context)
        } catch {
            exception?.pointee = box.exceptionValue(for: error, in: context)
            return nil
        }
    }

    private static let finalize: JSObjectFinalizeCallback = { object in
        guard let object, let pointer = JSObjectGetPrivate(object) else { return }
        let box = Unmanaged<SwiftFunction>.fromOpaque(pointer)
        // No JSC call may run inside a finalizer, and releasing the closure may unprotect values.
        box.takeUnretainedValue().shared.deferRelease(Unmanaged<AnyObject>.fromOpaque(pointer))
    }

    private func exceptionValue(for error: any Error, in contextRef: JSContextRef) -> JSValueRef {
        if let exception = error as? JSException {
            let context = shared.context(for: contextRef)
            if let value = context.thrownValue(for: exception) { return value.ref }
            return JSValueConversion.makeError(message: exception.message,
                                               name: exception.name.isEmpty ? nil : exception.name, in: contextRef)
        }
        return JSValueConversion.makeError(message: String(describing: error), in: contextRef)
    }
}

extension JSContext {
    /// Defines a global function `name` that runs `body`.
    ///
    /// ```swift
    /// context.setFunction("greet") { args in "hello, \(args.string(at: 0) ?? "world")" }
    /// ```
    public func setFunction(_ name: String, _ body: @escaping JSFunctionBody) {
        let function = SwiftFunction.make(name: name, in: self, body: body)
        JSStringConversion.withJSString(name) { key in
            JSObjectSetProperty(ref, JSContextGetGlobalObject(ref), key, function, 0, nil)
        }
    }
}

extension JSValue {
    /// A JavaScript function that runs a Swift closure. It inherits `call`, `apply` and `bind`.
    public convenience init(function body: @escaping JSFunctionBody, name: String? = nil, in context: JSContext) {
        self.init(ref: SwiftFunction.make(name: name, in: context, body: body), in: context)
    }
}
