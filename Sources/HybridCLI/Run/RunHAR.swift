import HybridTesting
import Hybrid

/// `hybrid run --replay-har FILE`: every document's requests are answered from the HAR (the page's own server passes).
final class RunHARReplay: DocumentObserver {
    let har: HARReplay
    let passThrough: String?

    init(har: HARReplay, passThrough: String?) {
        self.har = har
        self.passThrough = passThrough
    }

    func documentDidCreate(_ document: DocumentHandle) {
        let har = har, passThrough = passThrough
        document.session.interceptor = { request, respond in har.answer(request, passThrough: passThrough, respond) }
    }

    func documentWillClose(_ document: DocumentHandle) {}
}
