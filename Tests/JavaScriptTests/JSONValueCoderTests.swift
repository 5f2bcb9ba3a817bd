import Foundation
import JavaScript
import Testing

/// JSONValueEncoder and JSONValueDecoder against Foundation's JSONEncoder and JSONDecoder as the oracle: the same
/// JSON data, the same values back, errors where Foundation throws.
@Suite struct JSONValueCoderTests {
    struct Item: Codable, Equatable {
        var sku: String
        var price: Double
        var quantity: Int
        var tags: [String]?
        var weight: Float = 1.5
        var box: UInt8 = 7
    }
    enum Kind: String, Codable { case a, b }
    struct Everything: Codable, Equatable {
        var items: [Item]
        var coupon: String?
        var kind: Kind
        var meta: [String: Int]
        var nested: [[Int]]
        var data: Data
        var url: URL
        var date: Date
        var count: Int?
        var decimal: Decimal
        var byNumber: [Int: String]
        var any: JSONValue
    }
    class Base: Codable { var x = 1 }
    final class Derived: Base, @unchecked Sendable {
        var y = 2
        enum Keys: CodingKey { case y }
        override init() { super.init() }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            y = try container.decode(Int.self, forKey: .y)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(y, forKey: .y)
            try super.encode(to: container.superEncoder())
        }
    }

    static let everything = Everything(
        items: [Item(sku: "a", price: 1.25, quantity: 2, tags: ["x"]), Item(sku: "b 😀", price: 3, quantity: 1)],
        coupon: nil, kind: .b, meta: ["k": 1], nested: [[1, 2], []], data: Data([1, 2, 3]),
        url: URL(string: "https://example.com/a?q=1")!, date: Date(timeIntervalSinceReferenceDate: 12345.5), count: 5,
        decimal: Decimal(string: "12.5")!, byNumber: [3: "three"], any: ["deep": [1, nil, "s"]])

    static func viaFoundation<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONValue(parsing: String(decoding: try JSONEncoder().encode(value), as: UTF8.self))
    }

    @Test func encodesWhatJSONEncoderWrites() throws {
        #expect(try JSONValueEncoder().encode(Self.everything) == Self.viaFoundation(Self.everything))
        #expect(try JSONValueEncoder().encode(Derived()) == Self.viaFoundation(Derived()))
        #expect(try JSONValueEncoder().encode([1, 2]) == [1, 2])
        #expect(try JSONValueEncoder().encode("s") == "s")
        #expect(try JSONValueEncoder().encode(Int?.none) == nil)
        // Keys keep the order the type encodes them in.
        #expect(try JSONValueEncoder().encode(Item(sku: "a", price: 1, quantity: 1)).objectValue?.keys
                == ["sku", "price", "quantity", "weight", "box"])
    }

    @Test func decodesWhatJSONDecoderReads() throws {
        let value = try Self.viaFoundation(Self.everything)
        #expect(try JSONValueDecoder().decode(Everything.self, from: value) == Self.everything)
        #expect(try JSONValueDecoder().decode(Derived.self, from: ["y": 5, "super": ["x": 4]]).y == 5)
        #expect(try JSONValueDecoder().decode(JSONValue?.self, from: nil) == nil)
        #expect(try JSONValueDecoder().decode([String: JSONValue].self, from: ["a": 1]) == ["a": 1])
        #expect(try JSONValueDecoder().decode(Int.self, from: 3.0) == 3)
    }

    @Test func refusesWhatFoundationRefuses() throws {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Double.nan) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(["x": Float.infinity]) }
        for (bad, type) in [(JSONValue(3.5), "Int"), (300, "UInt8"), ("3", "Int"), (nil, "String")] as [(JSONValue, String)] {
            let text = Data(bad.jsonString.utf8)
            switch type {
            case "Int":
                #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Int.self, from: bad) }
                #expect(throws: DecodingError.self) { try JSONDecoder().decode(Int.self, from: text) }
            case "UInt8":
                #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(UInt8.self, from: bad) }
                #expect(throws: DecodingError.self) { try JSONDecoder().decode(UInt8.self, from: text) }
            default:
                #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(String.self, from: bad) }
                #expect(throws: DecodingError.self) { try JSONDecoder().decode(String.self, from: text) }
            }
        }
    }

    @Test func errorsNameTheCodingPath() throws {
        struct Line: Codable { var sku: String; var quantity: Int }
        do {
            _ = try JSONValueDecoder().decode([Line].self, from: [["sku": "a", "quantity": 1], ["sku": 1]])
            Issue.record("decoded a number as a String")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["1", "sku"])
        }
        do {
            _ = try JSONValueDecoder().decode(Line.self, from: ["sku": "a"])
            Issue.record("decoded without its quantity")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "quantity")
        }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Data.self, from: "not base64!") }
    }

    @Test func javaScriptValuesUseTheDirectPathUnlessGivenAFoundationCoder() async throws {
        let runtime = JavaScriptRuntime()
        let item = Item(sku: "a", price: 2.5, quantity: 4)
        let (direct, viaText, total) = try await runtime.perform { runtime in
            let context = runtime.context
            let direct = try JSValue(encoding: item, in: context).decode(Item.self)
            let viaText = try JSValue(encoding: item, in: context, encoder: JSONEncoder()).decode(Item.self, decoder: JSONDecoder())
            context["item"] = try JSValue(encoding: item, in: context)
            return (direct, viaText, context.evaluateScript("item.price * item.quantity").toDouble())
        }
        #expect(direct == item)
        #expect(viaText == item)
        #expect(total == 10)
    }
}
