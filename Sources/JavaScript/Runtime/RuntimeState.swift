/// What a runtime owns on its thread: the machine and the default context.
///
/// Created, used and destroyed on that thread alone; the runtime holds it in a `LoopBound`, which its
/// `deinit` hands back to the thread for tear-down.
final class RuntimeState {
    private(set) var machine: JSVirtualMachine!
    private(set) var context: JSContext!

    init(configuration: JavaScriptRuntime.Configuration, activity: LoopActivity, interrupt: Watchdog.Interrupt) {
        let machine = JSVirtualMachine(clock: configuration.clock, consoleSink: configuration.consoleSink)
        machine.executionTimeLimit = configuration.executionTimeLimit?.seconds
        machine.watchdog.interrupt = interrupt
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
