/// What a runtime owns on its thread: the machine and the default context.
///
/// `@unchecked Sendable` only so the runtime's `deinit` can hand it back to the runtime thread for
/// tear-down; it is created, used and destroyed on that thread alone.
final class RuntimeState: @unchecked Sendable {
    private(set) var machine: JSVirtualMachine!
    private(set) var context: JSContext!

    init(configuration: JavaScriptRuntime.Configuration, activity: LoopActivity) {
        let machine = JSVirtualMachine(clock: configuration.clock, consoleSink: configuration.consoleSink)
        machine.executionTimeLimit = configuration.executionTimeLimit?.seconds
        machine.scheduler.onActivity = { activity.wake() }
        self.machine = machine
        context = nil
        context = makeContext(name: "default")
    }

    func makeContext(name: String?) -> JSContext {
        let context = JSContext(virtualMachine: machine)
        if let name { context.name = name }
        context.installTimers()
        context.installConsole()
        return context
    }

    /// Cancels every timer without firing, closes every context and releases the machine.
    func tearDown() {
        guard let machine else { return }
        machine.scheduler.shutdown()
        for live in machine.shared.liveContexts { live.close() }
        context = nil
        self.machine = nil
    }
}
