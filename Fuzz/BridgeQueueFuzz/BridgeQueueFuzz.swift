import FuzzTargets

/// libFuzzer's entry point: one input through the properties of the bridge's queue scanner.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzMain.test(BridgeQueueTarget.self, data, size)
}

@main
enum BridgeQueueFuzz {
    static func main() {
        FuzzMain.run(BridgeQueueTarget.self, testOneInput: testOneInput)
    }
}
