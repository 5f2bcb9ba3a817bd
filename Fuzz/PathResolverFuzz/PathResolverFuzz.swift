import FuzzTargets

/// libFuzzer's entry point: one input through the properties of the fixture server's path resolver.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzMain.test(PathResolverTarget.self, data, size)
}

@main
enum PathResolverFuzz {
    static func main() {
        FuzzMain.run(PathResolverTarget.self, testOneInput: testOneInput)
    }
}
