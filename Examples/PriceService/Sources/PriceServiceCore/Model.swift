import Hummingbird

/// One line of a cart.
public struct Item: Codable, Sendable, Equatable {
    public var sku: String
    public var price: Double
    public var quantity: Int

    public init(sku: String, price: Double, quantity: Int) {
        self.sku = sku
        self.price = price
        self.quantity = quantity
    }
}

/// What a client asks to price: `{"items": [{"sku", "price", "quantity"}], "currency", "coupon"}`.
public struct Cart: Codable, Sendable, Equatable {
    public var items: [Item]
    public var currency: String
    public var coupon: String?

    public init(items: [Item], currency: String, coupon: String? = nil) {
        self.items = items
        self.currency = currency
        self.coupon = coupon
    }
}

/// What `calculatePrice` in web/examples/pricing.js answers.
public struct Price: ResponseCodable, Sendable, Equatable {
    public var total: Double
    public var discount: Double
    public var currency: String
    public var lines: Int

    public init(total: Double, discount: Double, currency: String, lines: Int) {
        self.total = total
        self.discount = discount
        self.currency = currency
        self.lines = lines
    }
}

/// What `/health` answers.
public struct Health: ResponseCodable, Sendable, Equatable {
    public var status: String
    /// Pool calls waiting for a runtime, and running now.
    public var queued: Int
    public var running: Int
}
