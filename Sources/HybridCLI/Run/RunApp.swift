import Foundation
import Hybrid

/// The app shell of a `--routes` run and the bridge handlers of its start page: Navigation's
/// ``PageCommands`` (`router.open`, `notification.post`, `store.get`, ...) answer the web page's
/// calls; JS handlers (`notification.received`, `store.changed`) are called through the bridge.
@MainActor
final class RunApp {
    let shell: AppShell
    private let channel: BridgeChannel
    private var commands: PageCommands?

    init(shell: AppShell, bridge: WebViewJavascriptBridge) {
        self.shell = shell
        channel = BridgeChannel(bridge: bridge)
        guard let page = shell.window.rootPage.flatMap({ $0.children.last ?? $0 }) else { return }
        let commands = PageCommands(page: page, shell: shell, channel: channel)
        self.commands = commands
        let runtime = bridge.runtime
        for name in PageCommands.names {
            // Opening a page answers when that page finishes, so it must not keep the run busy.
            let waits = name != "router.open" && name != "navigation.present"
            bridge.handle(name) { request, responder in
                let data = request.data
                let token = waits ? runtime.beginWork() : nil
                Task { @MainActor in
                    defer { token?.end() }
                    do throws(PageCommandError) {
                        responder.respond(try await commands.handle(name, data))
                    } catch {
                        responder.fail(BridgeError(code: error.code, message: error.message))
                    }
                }
            }
        }
    }

    func shutdown() {
        commands?.close()
        shell.shutdown()
    }
}

/// Native → JS deliveries of ``PageCommands`` through the bridge.
@MainActor
private final class BridgeChannel: PageScriptChannel {
    let bridge: WebViewJavascriptBridge
    init(bridge: WebViewJavascriptBridge) { self.bridge = bridge }
    func send(_ name: String, _ data: JSONValue) { bridge.callHandler(name, data: data) }
}
