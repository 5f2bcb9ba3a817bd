import FuzzTargets

/// libFuzzer's entry point: one input through the properties of the engine's JSON parser and writer.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzMain.test(JSONParserTarget.self, data, size)
}

@main
enum JSONParserFuzz {
    static func main() {
        FuzzMain.run(JSONParserTarget.self, testOneInput: testOneInput)
    }
}
