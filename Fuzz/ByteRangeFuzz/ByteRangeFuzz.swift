import FuzzTargets

/// libFuzzer's entry point: one input through the properties of the fixture server's Range header parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzMain.test(ByteRangeTarget.self, data, size)
}

@main
enum ByteRangeFuzz {
    static func main() {
        FuzzMain.run(ByteRangeTarget.self, testOneInput: testOneInput)
    }
}
