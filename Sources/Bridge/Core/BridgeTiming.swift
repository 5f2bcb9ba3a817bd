/// When the bridge reaches a page and how long native's messages take to arrive: the parts of a bridge's schedule
/// that differ from phone to phone and from run to run.
///
/// On the device the app injects the bridge after its navigation-delegate round trip and evaluates each message with
/// `evaluateJavaScript`, and how long both take beside the page's own timers depends on the phone, its load and the
/// app. The default, ``device``, adds nothing to the bridge's own rule (see <doc:DeviceBehaviourAndDivergences>). A timing
/// with ranges adds a delay, in milliseconds on the runtime's clock, drawn for each injection and for each delivery of
/// native's messages from a generator seeded with ``seed``: the same seed gives the same delays, so a run that failed
/// under one seed fails again under it. Native's messages keep their order, as `evaluateJavaScript` keeps it.
///
/// Use ``explore(seed:)`` for the schedules `hybrid test --timing-seeds N` tries (seeds 1 to N), on a virtual clock so
/// that the delays are exact.
public struct BridgeTiming: Sendable, Hashable, CustomStringConvertible {
    /// The extra delay before the bridge is injected into a page, in milliseconds on the runtime's clock.
    public var injectionDelay: ClosedRange<Double>
    /// The extra delay before each delivery of native's messages (calls and answers) to the page, in milliseconds.
    public var deliveryDelay: ClosedRange<Double>
    /// The seed of the generator that draws each delay from its range.
    public var seed: UInt64

    /// A timing; ranges of one value are fixed delays. Negative bounds count as 0.
    public init(injectionDelay: ClosedRange<Double> = 0...0, deliveryDelay: ClosedRange<Double> = 0...0, seed: UInt64 = 0) {
        self.injectionDelay = max(0, injectionDelay.lowerBound)...max(0, injectionDelay.upperBound)
        self.deliveryDelay = max(0, deliveryDelay.lowerBound)...max(0, deliveryDelay.upperBound)
        self.seed = seed
    }

    /// No delay beyond the device rule (the default).
    public static let device = BridgeTiming()

    /// The schedule of exploration seed `seed`: the injection delayed by 0 to 100 ms and each delivery by 0 to 20 ms
    /// (the spread seen between WKWebView runs is of that order), drawn from `seed`.
    public static func explore(seed: UInt64) -> BridgeTiming {
        BridgeTiming(injectionDelay: 0...100, deliveryDelay: 0...20, seed: seed)
    }

    /// True when neither delay can be above 0.
    public var isImmediate: Bool { injectionDelay.upperBound == 0 && deliveryDelay.upperBound == 0 }

    /// `device`, or `timing seed 3 (injection 0 to 100 ms, delivery 0 to 20 ms)`.
    public var description: String {
        func range(_ range: ClosedRange<Double>) -> String {
            func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
            return range.lowerBound == range.upperBound ? "\(text(range.lowerBound)) ms" : "\(text(range.lowerBound)) to \(text(range.upperBound)) ms"
        }
        return isImmediate ? "device" : "timing seed \(seed) (injection \(range(injectionDelay)), delivery \(range(deliveryDelay)))"
    }
}

/// The delays of one bridge under a ``BridgeTiming``: SplitMix64 seeded with the timing's seed, so the n-th draw is
/// the same in every run with that seed.
struct BridgeTimingDraws: Sendable {
    private(set) var timing: BridgeTiming
    private var state: UInt64

    init(_ timing: BridgeTiming) {
        self.timing = timing
        state = timing.seed
    }

    /// The next delay of the injection.
    mutating func injection() -> Double { draw(timing.injectionDelay) }
    /// The next delay of a delivery.
    mutating func delivery() -> Double { draw(timing.deliveryDelay) }

    private mutating func draw(_ range: ClosedRange<Double>) -> Double {
        guard range.upperBound > range.lowerBound else { return range.lowerBound }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        // Whole milliseconds: a schedule reads the same in every report.
        let unit = Double(z >> 11) / Double(1 << 53)
        return (range.lowerBound + unit * (range.upperBound - range.lowerBound)).rounded()
    }
}
