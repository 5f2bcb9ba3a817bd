internal import CJavaScriptCore

extension JSValue {
    /// A property; `undefined` when absent or when the value is not an object.
    public subscript(property: String) -> JSValue {
        get { forProperty(property) }
        set { setValue(newValue, forProperty: property) }
    }

    /// An indexed property; `undefined` when absent or when the value is not an object.
    public subscript(index: Int) -> JSValue {
        get {
            guard let object = objectRef, let value = JSObjectGetPropertyAtIndex(contextRef, object, UInt32(truncatingIfNeeded: index), nil) else {
                return JSValue(undefinedIn: context)
            }
            return JSValue(ref: value, in: context)
        }
        set {
            guard let object = objectRef else { return }
            JSObjectSetPropertyAtIndex(contextRef, object, UInt32(truncatingIfNeeded: index), newValue.ref, nil)
        }
    }

    /// A property; `undefined` when absent, when a getter throws, or for non-objects.
    public func forProperty(_ property: String) -> JSValue {
        guard let object = objectRef else { return JSValue(undefinedIn: context) }
        let value = JSStringConversion.withJSString(property) { JSObjectGetProperty(contextRef, object, $0, nil) }
        return JSValue(ref: value ?? JSValueMakeUndefined(contextRef), in: context)
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
