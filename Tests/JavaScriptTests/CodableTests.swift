import Foundation
import Testing
@testable import JavaScript

@Suite struct CodableTests {
    struct User: Codable, Equatable {
        var name: String
        var age: Int
        var tags: [String]
        var address: Address?
        struct Address: Codable, Equatable { var city: String }
    }

    @Test func encodesIntoJavaScriptAndDecodesBack() async throws {
        let user = User(name: "Ada 😀", age: 36, tags: ["a", "b"], address: .init(city: "London"))
        let runtime = JavaScriptRuntime()
        let (seen, back) = try await runtime.perform { runtime in
            let c = runtime.context
            c["user"] = try JSValue(encoding: user, in: c)
            let seen = c.evaluateScript("user.name + '/' + user.address.city + '/' + user.tags.length").toString()
            let back = try c.evaluateScript("({...user, age: user.age + 1})").decode(User.self)
            return (seen, back)
        }
        #expect(seen == "Ada 😀/London/2")
        #expect(back == User(name: "Ada 😀", age: 37, tags: ["a", "b"], address: .init(city: "London")))
    }

    @Test func decodingAMismatchThrowsAndUndefinedHasNoJSON() async throws {
        let runtime = JavaScriptRuntime()
        await #expect(throws: DecodingError.self) {
            try await runtime.perform { runtime in _ = try runtime.context.evaluateScript("({name: 1})").decode(User.self) }
        }
        await #expect(throws: DecodingError.self) {
            try await runtime.perform { runtime in _ = try runtime.context.evaluateScript("undefined").decode(Int.self) }
        }
    }

    @Test func jsonValueIsCodable() throws {
        // Foundation's JSONEncoder orders keys its own way; JSONValue's own writer keeps them.
        let value: JSONValue = ["b": [1, "x", nil, true], "a": ["deep": 2.5]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        #expect(value.jsonString == #"{"b":[1,"x",null,true],"a":{"deep":2.5}}"#)
    }

    @Test func jsonValueEncodesAndDecodesCodableTypes() throws {
        let user = User(name: "Ann", age: 7, tags: ["a"], address: .init(city: "Oslo"))
        let json = try JSONValue(encoding: user)
        #expect(json["name"] == "Ann")
        #expect(json["address"]?["city"] == "Oslo")
        #expect(try json.decode(User.self) == user)
        #expect(try JSONValue(encoding: JSONValue.array([1, "x"])) == [1, "x"])
        #expect(try JSONValue.null.decode(JSONValue?.self) == nil)
        #expect(throws: DecodingError.self) { try JSONValue.string("not a user").decode(User.self) }
    }
}
