internal import CJavaScriptCore

extension JSValue {
    /// A property; `undefined` when absent or when the value is not an object.
    public subscript(property: String) -> JSValue {
        get { forProperty(property) }
        set { setValue(newValue, forProperty: property) }
    }

    /// An indexed property; `undefined` when absent or when the value is not an object. A getter that
    /// throws, or that the watchdog stops, reports its exception as ``forProperty(_:)`` does.
    public subscript(index: Int) -> JSValue {
        get { reporting { try property(at: index) } }
        set {
            guard let object = objectRef else { return }
            JSObjectSetPropertyAtIndex(contextRef, object, UInt32(truncatingIfNeeded: index), newValue.ref, nil)
        }
    }

    /// A property; `undefined` when absent or for non-objects. As in Apple's JavaScriptCore, an exception
    /// thrown by a getter (or the watchdog stopping one) goes to the context's `exceptionHandler` and
    /// the result is `undefined`; ``property(_:)`` throws it instead.
    public func forProperty(_ property: String) -> JSValue {
        reporting { try self.property(property) }
    }

    /// A property, reading it as one entry into JavaScript: the watchdog covers a getter, and an
    /// exception it throws (a `TimeoutError` when the watchdog stopped it) is thrown as a ``JSException``.
    /// `undefined` when absent or for non-objects.
    public func property(_ property: String) throws -> JSValue {
        guard let object = objectRef else { return JSValue(undefinedIn: context) }
        let result = JSStringConversion.withJSString(property) { name in
            context.virtualMachine.enter(contextRef) { exception in JSObjectGetProperty(contextRef, object, name, &exception) }
        }
        return try context.value(of: result)
    }

    /// The property at `index`, like ``property(_:)``.
    public func property(at index: Int) throws -> JSValue {
        guard let object = objectRef else { return JSValue(undefinedIn: context) }
        let result = context.virtualMachine.enter(contextRef) { exception in
            JSObjectGetPropertyAtIndex(contextRef, object, UInt32(truncatingIfNeeded: index), &exception)
        }
        return try context.value(of: result)
    }

    /// Sets a property to any convertible value (ignored for non-objects).
    public func setValue(_ value: some JSValueConvertible, forProperty property: String) {
        guard let object = objectRef else { return }
        let converted = value.makeJSValueRef(in: contextRef)
        JSStringConversion.withJSString(property) { JSObjectSetProperty(contextRef, object, $0, converted, 0, nil) }
    }

    /// Deletes a property; false when it could not be deleted.
    @discardableResult
    public func deleteProperty(_ property: String) -> Bool {
        guard let object = objectRef else { return false }
        return JSStringConversion.withJSString(property) { JSObjectDeleteProperty(contextRef, object, $0, nil) }
    }

    /// True when the object has the property (own or inherited).
    public func hasProperty(_ property: String) -> Bool {
        guard let object = objectRef else { return false }
        return JSStringConversion.withJSString(property) { JSObjectHasProperty(contextRef, object, $0) }
    }

    /// The own enumerable property names.
    public var propertyNames: [String] {
        guard let object = objectRef else { return [] }
        let names = JSObjectCopyPropertyNames(contextRef, object)!
        defer { JSPropertyNameArrayRelease(names) }
        return (0..<JSPropertyNameArrayGetCount(names)).map {
            JSStringConversion.string(from: JSPropertyNameArrayGetNameAtIndex(names, $0))
        }
    }
}
