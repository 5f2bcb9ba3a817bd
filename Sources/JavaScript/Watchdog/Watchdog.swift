internal import CJavaScriptCore
import Foundation
import Synchronization

/// The per-machine script execution limit.
///
/// JavaScriptCore measures the limit from each entry into the VM and calls `shouldTerminate` when it
/// runs out; we answer yes and remember it, so the caller can tell a stopped script from a thrown
/// exception. We set the limit again before every outermost entry so it is armed from that moment
/// whatever JSC's own bookkeeping does.
final class Watchdog {
    /// The property that marks the `Error` we substitute for JSC's termination value.
    static let markerProperty = "__hybridExecutionTimeLimitExceeded"

    private let group: JSContextGroupRef
    private let flag = Flag()

    init(group: JSContextGroupRef) {
        self.group = group
    }

    /// Turns the limit off; the machine calls this before it releases the group.
    func invalidate() {
        if limit != nil { JSContextGroupClearExecutionTimeLimit(group) }
    }

    /// Seconds per entry, nil when off.
    var limit: Double? {
        didSet {
            if limit == nil, oldValue != nil { JSContextGroupClearExecutionTimeLimit(group) }
        }
    }

    func willEnter() {
        guard let limit else { return }
        flag.fired.store(false, ordering: .relaxed)
        JSContextGroupSetExecutionTimeLimit(group, limit, Watchdog.shouldTerminate,
                                            Unmanaged.passUnretained(flag).toOpaque())
    }

    /// Returns whether the limit stopped the script since ``willEnter()``.
    func didExit() -> Bool {
        flag.fired.exchange(false, ordering: .relaxed)
    }

    func makeTimeoutError(in context: JSContextRef) -> JSValueRef {
        let seconds = limit.map { String(format: "%g", $0) } ?? "?"
        let error = JSValueConversion.makeError(
            message: "execution time limit exceeded (\(seconds) s)", name: "TimeoutError", in: context)
        let object = JSValueToObject(context, error, nil)!
        JSStringConversion.withJSString(Watchdog.markerProperty) { key in
            JSObjectSetProperty(context, object, key, JSValueMakeBoolean(context, true),
                                JSPropertyAttributes(kJSPropertyAttributeDontEnum), nil)
        }
        return error
    }

    private static let shouldTerminate: @convention(c) (JSContextRef?, UnsafeMutableRawPointer?) -> Bool = { _, info in
        guard let info else { return true }
        Unmanaged<Flag>.fromOpaque(info).takeUnretainedValue().fired.store(true, ordering: .relaxed)
        return true
    }

    /// Written on the thread where JSC asks, read on the runtime thread.
    private final class Flag: Sendable {
        let fired = Atomic(false)
    }
}
