import Foundation
import JavaScript

extension HeadlessWebView {
    /// The device the pages see now.
    public var device: DeviceProfile { get async { await withCore { $0.device } } }

    /// Changes the device under the current page, as a browser's window or device change does: the viewport,
    /// screen, pixel ratio, orientation, safe area and preferences change at once; then the page gets
    /// `orientationchange` (when the orientation changed and the device has orientation events), `resize` (when
    /// the viewport changed), and its media queries are evaluated again (`__hybridDeviceListeners`), the order of
    /// WebKit and Chromium (orientation first, resize at the next rendering update, then media queries).
    /// The user agent, platform, languages and touch support are set when a document starts: they apply from
    /// the next load.
    public func setDevice(_ profile: DeviceProfile) async {
        await changeDevice { _ in profile }
    }

    /// Turns the device a quarter (``DeviceProfile/rotated()``), firing the events of ``setDevice(_:)``.
    public func rotate() async {
        await changeDevice { $0.rotated() }
    }

    private func changeDevice(_ change: @escaping @Sendable (DeviceProfile) -> DeviceProfile) async {
        await withCore { core in
            core.device = change(core.device)
            guard let document = core.document, !document.isClosed, let env = document.env else { return }
            _ = try? env.invokeMethod("setDevice", arguments: [core.deviceJSON])
        }
    }
}
