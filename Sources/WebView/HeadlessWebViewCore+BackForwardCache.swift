import Foundation
import JavaScript

/// The back-forward cache, as WebKit's: a main-frame document left by a navigation that keeps its history entry
/// (not a reload, not `location.replace`, not closing the web view), once it finished loading, is not closed but
/// kept on that entry, frozen; a traversal back (or forward) to that entry makes it the current document again
/// without loading it, as WebKit restores a page from its cache (observed on WebKitGTK 2.50):
///
/// - Leaving it, the page gets `beforeunload`, `pagehide` with `persisted` true and `visibilitychange` (hidden), but
///   no `unload` (even with an `unload` listener). Then it is frozen: its timers and animation frames do not fire,
///   its queued tasks wait, until it comes back.
/// - Coming back, its JS state, DOM, URL, `history` entries and state and `document.referrer` are as they were: it
///   gets `visibilitychange` (visible, unless the web view is hidden) and `pageshow` with `persisted` true; its
///   timers run again (each overdue one fires once), its waiting tasks run. Its navigation type
///   (`performance.getEntriesByType('navigation')[0].type`) stays what it was. The traversal still asks the
///   navigation delegate (a ``NavigationType/backForward`` action); the web view reports the start and end of a load
///   (``LoadMilestone/start``, ``LoadMilestone/load``, `didStartLoad`, `didFinish`) with the document's own page id.
/// - At most ``WebViewConfiguration/backForwardCacheCapacity`` documents are kept (WebKit's default is 2 pages,
///   `calculateMemoryCacheSizes` for a browser on a device with 512 MB or more), the oldest evicted first. A
///   document evicted, or whose entry is gone (a new navigation after going back drops the entries ahead, a
///   `pushState` as well), or left while the web view closes, is closed without further events. With capacity 0,
///   nothing is kept: a page left gets `pagehide` not `persisted` and `unload`, and a traversal loads it again.
/// - A document still loading when left is not kept (`persisted` false, then `unload`), nor one left by a reload or
///   a `location.replace`, as WebKit's `BackForwardCache::canCache` refuses them.
extension WebViewCore {
    /// Most documents kept, from the configuration (negative is 0).
    var backForwardCacheCapacity: Int { max(0, configuration.backForwardCacheCapacity) }

    /// Keeps `document`, just left with `pagehide` `persisted`, in the cache: hidden (its frames too), timers paused,
    /// tasks held. It is no longer the current document.
    func keepInBackForwardCache(_ document: DocumentHandle) {
        document.heldTasks = []
        setVisible(false, on: document)
        cachedDocuments.append(document)
        if self.document === document { self.document = nil }
    }

    /// Closes the cached documents that no entry refers to any more, then the oldest beyond the capacity, and drops
    /// the entries' references to documents no longer cached (so their traversal loads again).
    func pruneBackForwardCache() {
        let referenced = Set((historyBefore + historyAfter).compactMap { $0.cached.map { ObjectIdentifier($0.document) } })
        for document in cachedDocuments where !referenced.contains(ObjectIdentifier(document)) {
            evictFromBackForwardCache(document)
        }
        while cachedDocuments.count > backForwardCacheCapacity { evictFromBackForwardCache(cachedDocuments[0]) }
        func keep(_ entries: inout [SessionEntry]) {
            for index in entries.indices {
                if let cached = entries[index].cached, !cachedDocuments.contains(where: { $0 === cached.document }) {
                    entries[index].cached = nil
                }
            }
        }
        keep(&historyBefore)
        keep(&historyAfter)
    }

    /// Closes every cached document (the web view closes).
    func emptyBackForwardCache() {
        while let document = cachedDocuments.first { evictFromBackForwardCache(document) }
    }

    private func evictFromBackForwardCache(_ document: DocumentHandle) {
        cachedDocuments.removeAll { $0 === document }
        for observer in observers { observer.documentWillClose(document) }
        document.close()
    }

    /// Makes `cached`, kept for entry `target` of the session history `all`, the current document again, in place of
    /// the current one (left as a navigation leaves it). False, doing nothing, when it is no longer in the cache or
    /// its own entries are no longer those around `target`: the entry's document is then loaded again.
    func restore(_ cached: CachedPage, at target: Int, of all: [SessionEntry], target loadTarget: LoadTarget) -> Bool {
        let page = cached.document
        let start = target - cached.index, end = start + cached.count
        guard !isClosed, !page.isClosed, cachedDocuments.contains(where: { $0 === page }), start >= 0, end <= all.count,
              let listed = page.env.flatMap({ try? $0.invokeMethod("historyEntries", arguments: []) }),
              (listed["urls"].toArray() ?? []).compactMap({ $0.toString() }) == all[start..<end].map(\.url.absoluteString)
        else { return false }
        let kept = leaveDocument(replacing: false, type: .backForward)
        (historyBefore, historyAfter) = (Array(all[..<start]), Array(all[end...]))
        cancelPendingLoad()
        if kept, let document { keepInBackForwardCache(document) } else { closeDocument() }
        cachedDocuments.removeAll { $0 === page }
        pruneBackForwardCache()
        document = page
        lastTarget = loadTarget
        navigationType = .backForward
        page.isLeaving = false
        emit(page.id, .load(milestone: .start, url: page.url.absoluteString))
        navigationDelegate?.didStartLoad(url: page.url)
        let held = page.heldTasks ?? []
        page.heldTasks = nil
        if isVisible { setVisible(true, on: page) }
        _ = try? page.env?.invokeMethod("restore", arguments: [])
        for task in held { queueTask(for: page, task) }
        emit(page.id, .load(milestone: .load, url: page.url.absoluteString))
        navigationDelegate?.didFinish(url: page.url)
        return true
    }
}

extension DocumentHandle {
    /// The document kept in the back-forward cache that holds this one's tasks: itself, or the page of the frame it
    /// is in; nil when it runs.
    var frozenPage: DocumentHandle? { heldTasks != nil ? self : parentFrame?.frozenPage }
}
