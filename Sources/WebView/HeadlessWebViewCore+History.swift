import Foundation
import JavaScript

/// An entry of the web view's session history that belongs to another document than the current one: what loads it
/// again when a traversal goes there.
struct SessionEntry {
    var target: WebViewCore.LoadTarget
    var url: URL
    var referrer: String
    /// The document this entry was left in, kept in the back-forward cache (HeadlessWebViewCore+BackForwardCache.swift);
    /// nil when a traversal here loads the document again.
    var cached: CachedPage?
}

/// A document kept in the back-forward cache, on the entry it was left at: `index` of its own `count` entries (its
/// `history`'s), which the session history holds around that entry while it is cached.
struct CachedPage {
    let document: DocumentHandle
    let index: Int
    let count: Int
}

/// The session history across documents, as WebKit's back-forward list: the current document's entries are its
/// `history`'s (dom/history.js); the entries of the documents before and after it are `historyBefore` and
/// `historyAfter`. A traversal past the current document's entries loads the document of the entry it goes to, as a
/// `backForward` navigation: the document kept in the back-forward cache for that entry comes back as it was
/// (`pageshow` `persisted`: HeadlessWebViewCore+BackForwardCache.swift), else that document is loaded again (its
/// `pageshow` is not `persisted`), as WebKit does when the page is not in its cache.
extension WebViewCore {
    /// The current document's entries, and which is current (one entry, its URL, when the page cannot tell).
    private func currentEntries() -> (index: Int, entries: [SessionEntry])? {
        guard let document, !document.isClosed else { return nil }
        let loaded = lastTarget ?? .url(document.url)
        // An entry at the URL the document was loaded from loads the same again (a string keeps its text).
        func target(for url: URL) -> LoadTarget {
            if case .html(_, let base) = loaded, url == base ?? URL(string: "about:blank") { return loaded }
            return .url(url)
        }
        let listed = document.env.flatMap { try? $0.invokeMethod("historyEntries", arguments: []) }
        let urls = (listed?["urls"].toArray() ?? []).compactMap { $0.toString().flatMap { URL(string: $0) } }
        guard !urls.isEmpty, let index = listed?["index"].toInt(), urls.indices.contains(index) else {
            return (0, [SessionEntry(target: target(for: document.url), url: document.url, referrer: document.referrer,
                                     cached: CachedPage(document: document, index: 0, count: 1))])
        }
        var entries = urls.map { SessionEntry(target: target(for: $0), url: $0, referrer: document.referrer) }
        // The document, if it is kept when left, comes back at the entry it was left at.
        entries[index].cached = CachedPage(document: document, index: index, count: urls.count)
        return (index, entries)
    }

    /// The entries around the document a load of `type` makes: a navigation drops the entries ahead of the current
    /// one and adds its own after it; a reload and a `location.replace` take the current entry's place and keep the
    /// entries ahead (observed on WebKitGTK 2.50).
    func enterHistory(type: NavigationType, replacing: Bool) -> (before: [SessionEntry], after: [SessionEntry]) {
        guard let (index, entries) = currentEntries() else { return (historyBefore, historyAfter) }
        let before = historyBefore + entries[..<index]
        if type == .reload || replacing { return (before, Array(entries[(index + 1)...]) + historyAfter) }
        return (before + [entries[index]], [])
    }

    /// `history.length` beyond the current document's entries.
    var historyAround: Int { historyBefore.count + historyAfter.count }

    /// The current document added an entry: those ahead of it are gone.
    func historyPushed(in document: DocumentHandle) {
        guard document === self.document else { return }
        historyAfter.removeAll()
        pruneBackForwardCache()
    }

    /// Whether the entry `delta` steps from the current one exists.
    func canTraverse(by delta: Int) -> Bool {
        guard let (index, entries) = currentEntries() else { return false }
        let target = historyBefore.count + index + delta
        return target >= 0 && target < historyBefore.count + entries.count + historyAfter.count
    }

    /// A traversal `delta` entries from the current one, asked by `document`'s `history` once its own entries do not
    /// reach: decided as a `backForward` navigation request (interceptors, then the navigation delegate), then that
    /// entry's document loads as a task. Nothing happens past either end of the history.
    func traverseHistory(by delta: Int, from document: DocumentHandle) {
        guard document === self.document, document.isMainFrame, let (index, entries) = currentEntries() else { return }
        let all = historyBefore + entries + historyAfter
        let target = historyBefore.count + index + delta
        guard delta != 0, all.indices.contains(target) else { return }
        let entry = all[target]
        let action = NavigationAction(url: entry.url, rawURL: entry.url.absoluteString, type: .backForward,
                                      isMainFrame: true, sourceIsMainFrame: true)
        guard allows(action, from: document) else { return }
        let around = (before: Array(all[..<target]), after: Array(all[(target + 1)...]))
        queueTask(for: document) { [weak self] in
            guard let self else { return }
            if let cached = entry.cached, self.restore(cached, at: target, of: all, target: entry.target) { return }
            self.load(entry.target, type: .backForward, referrer: entry.referrer, around: around, completion: nil)
        }
    }
}
