internal import CGLib
import Foundation

/// Gives WebKit's WTF library the "main thread" and main run loop it expects.
///
/// Inside WebKit apps the UI thread calls `WTF::initializeMainThread()`; a plain C API user never
/// does, and `WTF::RunLoop::main()` stays null. JavaScriptCore still reaches for it: the first
/// full-collection timer that fires on an idle runtime builds `MemoryPressureHandler`, whose
/// timers live on the main run loop, and crashes on the null pointer. So before the first
/// runtime exists we dedicate one small, permanently parked thread to be WTF's main thread.
/// Its run loop sits on a private GLib context that nobody iterates (not the process's default
/// context, which a host application may iterate on its own main thread): the timers WTF puts
/// there (memory-pressure hold-offs) never fire, which only means JSC does not get those hints.
enum WTFMainThread {
    private static let initialized: Void = {
        // Looked up at run time: a private export, absent from other builds of the library.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_ZN3WTF20initializeMainThreadEv") else { return }
        typealias Initialize = @convention(c) () -> Void
        let initialize = unsafeBitCast(symbol, to: Initialize.self)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            // WTF's main run loop takes the thread-default context of the thread that becomes main.
            g_main_context_push_thread_default(g_main_context_new())
            initialize()
            done.signal()
            // Parked for the life of the process: WTF keeps pointing at this thread and its run loop.
            while true { sleep(UInt32.max) }
        }
        thread.name = "hybrid.wtf-main"
        thread.stackSize = 256 << 10
        thread.start()
        done.wait()
    }()

    /// Runs the initialization once per process; later calls return at once.
    static func ensure() {
        _ = initialized
    }
}
