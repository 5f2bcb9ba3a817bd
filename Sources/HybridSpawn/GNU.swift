import Glibc

/// glibc's GNU extensions (glibc 2.34 or later), which Swift's `Glibc` module does not declare (they need
/// `_GNU_SOURCE`).
enum GNU {
    typealias FileActionsInt = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias FileActionsPath = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                                UnsafePointer<CChar>) -> Int32
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    static let closeFrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: FileActionsInt.self)
    static let changeDirectory = symbol("posix_spawn_file_actions_addchdir_np", as: FileActionsPath.self)
    static let pipe2 = symbol("pipe2", as: Pipe2.self)

    private static func symbol<F>(_ name: String, as type: F.Type) -> F {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            fatalError("glibc has no \(name) (glibc 2.34 or later is needed)")
        }
        return unsafeBitCast(address, to: type)
    }
}
