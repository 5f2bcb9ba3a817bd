internal import CJavaScriptCore

extension JSVirtualMachine {
    /// The size of a machine's garbage-collected heap, as JavaScriptCore reports it.
    public struct HeapStatistics: Sendable, Hashable {
        /// Bytes of live and not yet collected cells in the heap.
        public var heapSize: Int
        /// Bytes outside the heap that its objects own (array buffers, strings' buffers).
        public var extraMemorySize: Int
        /// Cells in the heap.
        public var objectCount: Int

        /// ``heapSize`` plus ``extraMemorySize``: what the machine's JavaScript holds.
        public var totalBytes: Int { heapSize + extraMemorySize }
    }

    /// The machine's heap figures now (every context of the machine together), read through `context`.
    /// Garbage not yet collected counts: collect first (``collectGarbage(in:)``) for live figures.
    public func heapStatistics(in context: JSContext) -> HeapStatistics {
        guard let object = JSGetMemoryUsageStatistics(context.ref) else {
            return HeapStatistics(heapSize: 0, extraMemorySize: 0, objectCount: 0)
        }
        let statistics = JSValue(ref: object, in: context)
        func bytes(_ name: String) -> Int {
            let value = statistics[name].toDouble()
            return value.isFinite && value >= 0 ? Int(value) : 0
        }
        return HeapStatistics(heapSize: bytes("heapSize"), extraMemorySize: bytes("extraMemorySize"),
                              objectCount: bytes("objectCount"))
    }
}
