internal import CJavaScriptCore

extension JSValue {
    public var isUndefined: Bool { JSValueIsUndefined(contextRef, ref) }
    public var isNull: Bool { JSValueIsNull(contextRef, ref) }
    public var isBoolean: Bool { JSValueIsBoolean(contextRef, ref) }
    public var isNumber: Bool { JSValueIsNumber(contextRef, ref) }
    public var isString: Bool { JSValueIsString(contextRef, ref) }
    public var isSymbol: Bool { JSValueIsSymbol(contextRef, ref) }
    public var isObject: Bool { JSValueIsObject(contextRef, ref) }
    public var isArray: Bool { JSValueIsArray(contextRef, ref) }
    public var isDate: Bool { JSValueIsDate(contextRef, ref) }

    /// True for functions, including Swift functions.
    public var isFunction: Bool {
        guard let object = objectRef else { return false }
        return JSObjectIsFunction(contextRef, object)
    }

    /// True for promises (and other thenables with a `then` method).
    public var isPromise: Bool {
        guard isObject else { return false }
        return isInstance(ofGlobal: "Promise")
    }

    /// True when `instanceof` the global constructor `name` holds.
    public func isInstance(ofGlobal name: String) -> Bool {
        let constructor = context[name]
        guard let constructorObject = constructor.objectRef else { return false }
        return JSValueIsInstanceOfConstructor(contextRef, ref, constructorObject, nil)
    }

    /// `===`.
    public func isEqual(to other: JSValue) -> Bool { JSValueIsStrictEqual(contextRef, ref, other.ref) }

    /// `==`, with JavaScript's conversions (false if a conversion throws).
    public func isEqualWithTypeCoercion(to other: JSValue) -> Bool { JSValueIsEqual(contextRef, ref, other.ref, nil) }

    /// The object, when the value is one.
    var objectRef: JSObjectRef? {
        guard JSValueIsObject(contextRef, ref) else { return nil }
        return JSValueToObject(contextRef, ref, nil)
    }
}
