/// The URLs a page uses to signal the bridge, as v6.0.3 recognises them: scheme `https` or
/// `wvjbscheme`, host `__bridge_loaded__` or `__wvjb_queue_message__`, both compared
/// case-insensitively. Any other URL, including ordinary `https://` pages, is not the bridge's.
enum BridgeURL: Equatable {
    /// `wvjbscheme://__BRIDGE_LOADED__` or `https://__bridge_loaded__`: inject the bridge.
    case bridgeLoaded
    /// `https://__wvjb_queue_message__`: the page queued messages.
    case queueHasMessage

    init?(_ raw: String) {
        let lowered = raw.lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            rest = lowered.dropFirst(8)
        } else if lowered.hasPrefix("wvjbscheme://") {
            rest = lowered.dropFirst(13)
        } else {
            return nil
        }
        let host = rest.prefix { !"/?#:".contains($0) }
        switch host {
        case "__bridge_loaded__": self = .bridgeLoaded
        case "__wvjb_queue_message__": self = .queueHasMessage
        default: return nil
        }
    }
}
