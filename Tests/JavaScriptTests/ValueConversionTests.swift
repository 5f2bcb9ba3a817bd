import Foundation
import Testing
@testable import JavaScript

@Suite struct ValueConversionTests {
    @Test func typeChecks() async {
        let runtime = JavaScriptRuntime()
        let checks = await runtime.perform { runtime in
            let c = runtime.context
            func v(_ s: String) -> JSValue { c.evaluateScript(s) }
            return [v("undefined").isUndefined, v("null").isNull, v("true").isBoolean, v("1.5").isNumber,
                    v("'s'").isString, v("Symbol()").isSymbol, v("({})").isObject, v("[]").isArray,
                    v("new Date()").isDate, v("(function(){})").isFunction, v("Promise.resolve()").isPromise,
                    !v("[]").isFunction, !v("({})").isArray, !v("1").isObject]
        }
        #expect(checks.allSatisfy { $0 })
    }

    @Test func numbersBoolsAndExactIntegers() async {
        let runtime = JavaScriptRuntime()
        let results = await runtime.perform { runtime in
            let c = runtime.context
            return (c.evaluateScript("2 ** 53").toInt64(), c.evaluateScript("2 ** 53 + 2").toInt64(),
                    c.evaluateScript("1.5").toInt64(), c.evaluateScript("-7.9").toInt(), c.evaluateScript("'12'").toDouble(),
                    c.evaluateScript("2 ** 31 + 5").toInt32(), c.evaluateScript("''").toBool(), c.evaluateScript("'0'").toBool(),
                    JSValue(int: -42, in: c).toInt64(), JSValue(double: 0.25, in: c).toDouble())
        }
        #expect(results.0 == 9_007_199_254_740_992)
        #expect(results.1 == nil)
        #expect(results.2 == nil)
        #expect(results.3 == -7)
        #expect(results.4 == 12)
        #expect(results.5 == -2_147_483_643)
        #expect(results.6 == false)
        #expect(results.7 == true)
        #expect(results.8 == -42)
        #expect(results.9 == 0.25)
    }

    @Test func arraysDictionariesAndDates() async {
        let runtime = JavaScriptRuntime()
        let (array, dict, date, roundTrip, nsDate) = await runtime.perform { runtime in
            let c = runtime.context
            let array = c.evaluateScript("[1, 'two', true]").toArray()?.map { $0.toString() ?? "" }
            let dict = c.evaluateScript("({a: 1, b: 'x'})").toDictionary()?.mapValues { $0.toString() ?? "" }
            let date = c.evaluateScript("new Date(86400000)").toDate()
            c.setObject([1, 2, 3], forKeyedSubscript: "numbers")
            c.setObject(["k": "v"], forKeyedSubscript: "map")
            c.setObject(Date(timeIntervalSince1970: 1), forKeyedSubscript: "when")
            let roundTrip = c.evaluateScript("numbers.join('-') + map.k + (when instanceof Date) + when.getTime()").toString()
            let nsDate = JSValue(Date(timeIntervalSince1970: 2), in: c).toDate()
            return (array, dict, date, roundTrip, nsDate)
        }
        #expect(array == ["1", "two", "true"])
        #expect(dict == ["a": "1", "b": "x"])
        #expect(date == Date(timeIntervalSince1970: 86400))
        #expect(roundTrip == "1-2-3vtrue1000")
        #expect(nsDate == Date(timeIntervalSince1970: 2))
    }

    @Test func optionalsNullAndUndefined() async {
        let runtime = JavaScriptRuntime()
        let text = await runtime.perform { runtime in
            let c = runtime.context
            c.setObject(String?.none, forKeyedSubscript: "nothing")
            c.setObject(JSUndefined(), forKeyedSubscript: "undef")
            return c.evaluateScript("[nothing === null, undef === undefined, typeof missing].join()").toString()
        }
        #expect(text == "true,true,undefined")
    }

    @Test func propertiesGetSetDeleteAndEquality() async {
        let runtime = JavaScriptRuntime()
        let results = await runtime.perform { runtime in
            let c = runtime.context
            let object = JSValue(newObjectIn: c)
            object.setValue(5, forProperty: "five")
            object["self"] = object
            let hasBefore = object.hasProperty("five")
            let deleted = object.deleteProperty("five")
            let array = JSValue(newArrayIn: c)
            array[2] = JSValue(string: "c", in: c)
            return (hasBefore, deleted, object.hasProperty("five"), object["self"].isEqual(to: object),
                    array["length"].toInt(), JSValue(string: "1", in: c).isEqualWithTypeCoercion(to: JSValue(int: 1, in: c)),
                    JSValue(string: "1", in: c).isEqual(to: JSValue(int: 1, in: c)), object.propertyNames)
        }
        #expect(results.0 && results.1 && !results.2 && results.3)
        #expect(results.4 == 3)
        #expect(results.5 && !results.6)
        #expect(results.7 == ["self"])
    }

    @Test func callsConstructsAndInvokesMethods() async throws {
        let runtime = JavaScriptRuntime()
        let results = try await runtime.perform { runtime in
            let c = runtime.context
            let add = c.evaluateScript("(function (a, b) { return a + b; })")
            let point = try c.evaluateScript("(class Point { constructor(x) { this.x = x; } double() { return this.x * 2; } })")
                .construct(arguments: [21])
            return (try add(1, 2).toInt(), try add.call(arguments: ["a", "b"]).toString(),
                    try point.invokeMethod("double").toInt(), point["x"].toInt())
        }
        #expect(results.0 == 3)
        #expect(results.1 == "ab")
        #expect(results.2 == 42)
        #expect(results.3 == 21)
    }

    @Test func callingANonFunctionThrowsTypeError() async {
        let runtime = JavaScriptRuntime()
        let error = await #expect(throws: JSException.self) {
            try await runtime.perform { runtime in _ = try runtime.context.evaluateScript("42").call() }
        }
        #expect(error?.name == "TypeError")
    }

    @Test func jsonInAndOutThroughJSC() async throws {
        let runtime = JavaScriptRuntime()
        let (text, parsed, invalid, cyclic) = try await runtime.perform { runtime in
            let c = runtime.context
            let text = try c.evaluateScript("({b: 1, a: [true, null, 'x']})").toJSON()
            let parsed = JSValue(jsonString: #"{"n": 1.5}"#, in: c)?["n"].toDouble()
            let invalid = JSValue(jsonString: "{nope", in: c) == nil
            var cyclic: JSException?
            do { _ = try c.evaluateScript("var o = {}; o.o = o; o").toJSONValue() } catch let e as JSException { cyclic = e }
            return (text, parsed, invalid, cyclic)
        }
        #expect(text == #"{"b":1,"a":[true,null,"x"]}"#)
        #expect(parsed == 1.5)
        #expect(invalid)
        #expect(cyclic?.name == "TypeError")
    }
}
