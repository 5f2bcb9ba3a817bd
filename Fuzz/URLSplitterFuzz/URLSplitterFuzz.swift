import FuzzTargets

/// libFuzzer's entry point: one input through the properties of the router's URL splitter.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzMain.test(URLSplitterTarget.self, data, size)
}

@main
enum URLSplitterFuzz {
    static func main() {
        FuzzMain.run(URLSplitterTarget.self, testOneInput: testOneInput)
    }
}
