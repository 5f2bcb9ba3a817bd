/// The app delegate (`UIApplicationDelegate`'s lifecycle part). Every method has an empty default.
@MainActor
public protocol HybridApplicationDelegate: AnyObject {
    func applicationWillFinishLaunching(_ application: HybridApplication)
    func applicationDidFinishLaunching(_ application: HybridApplication)
    func applicationDidBecomeActive(_ application: HybridApplication)
    func applicationWillResignActive(_ application: HybridApplication)
    func applicationDidEnterBackground(_ application: HybridApplication)
    func applicationWillEnterForeground(_ application: HybridApplication)
    func applicationWillTerminate(_ application: HybridApplication)
}

extension HybridApplicationDelegate {
    public func applicationWillFinishLaunching(_ application: HybridApplication) {}
    public func applicationDidFinishLaunching(_ application: HybridApplication) {}
    public func applicationDidBecomeActive(_ application: HybridApplication) {}
    public func applicationWillResignActive(_ application: HybridApplication) {}
    public func applicationDidEnterBackground(_ application: HybridApplication) {}
    public func applicationWillEnterForeground(_ application: HybridApplication) {}
    public func applicationWillTerminate(_ application: HybridApplication) {}
}
