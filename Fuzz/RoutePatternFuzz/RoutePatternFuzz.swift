import FuzzTargets

/// libFuzzer's entry point: one input through the properties of the router's pattern parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzMain.test(RoutePatternTarget.self, data, size)
}

@main
enum RoutePatternFuzz {
    static func main() {
        FuzzMain.run(RoutePatternTarget.self, testOneInput: testOneInput)
    }
}
