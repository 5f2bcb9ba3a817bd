/// The app delegate (`UIApplicationDelegate`'s lifecycle part). Every method has an empty default.
@MainActor
public protocol ApplicationDelegate: AnyObject {
    func applicationWillFinishLaunching(_ application: Application)
    func applicationDidFinishLaunching(_ application: Application)
    func applicationDidBecomeActive(_ application: Application)
    func applicationWillResignActive(_ application: Application)
    func applicationDidEnterBackground(_ application: Application)
    func applicationWillEnterForeground(_ application: Application)
    func applicationWillTerminate(_ application: Application)
}

extension ApplicationDelegate {
    public func applicationWillFinishLaunching(_ application: Application) {}
    public func applicationDidFinishLaunching(_ application: Application) {}
    public func applicationDidBecomeActive(_ application: Application) {}
    public func applicationWillResignActive(_ application: Application) {}
    public func applicationDidEnterBackground(_ application: Application) {}
    public func applicationWillEnterForeground(_ application: Application) {}
    public func applicationWillTerminate(_ application: Application) {}
}
