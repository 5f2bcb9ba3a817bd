import Foundation
import JavaScript

/// The page's natives behind `Worker` (`platform/workers.js`): installed only in a page's document, so a bare
/// platform (a worker's own scope) has no nested workers.
enum WorkerNatives {
    static func install(on native: JSValue, host: any WebPlatformHost, in context: JSContext) {
        guard let document = host as? DocumentHandle else { return }
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            native.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        // startWorker(url, name, callback, isModule, source): the new worker's id; 0 when the script's origin is not the
        // page's. `source`: the script's text when the page has it (a blob: URL of its own store).
        define("startWorker") { [weak document] args in
            guard let document, !document.isClosed, let core = document.core,
                  let url = args.string(at: 0).flatMap(URL.init(string:)) else { return 0 }
            // A blob: URL's origin is its inner URL's.
            let inner = url.scheme?.lowercased() == "blob" ? URL(string: String(url.absoluteString.dropFirst(5))) : url
            guard let inner, WebOrigin.of(inner) == document.origin else { return 0 }
            let id = document.nextWorkerID
            document.nextWorkerID += 1
            document.workers[id] = DedicatedWorker(id: id, url: url, name: args.string(at: 1) ?? "", isModule: args.bool(at: 3),
                                                   source: args[4].isString ? args.string(at: 4) : nil,
                                                   callback: args[2], document: document, core: core)
            return id
        }
        define("postToWorker") { [weak document] args in
            guard let id = args.int(at: 0), let worker = document?.workers[id] else { return nil }
            worker.post(try WorkerMessage(args, from: 1))
            return nil
        }
        define("terminateWorker") { [weak document] args in
            if let id = args.int(at: 0) { document?.workers[id]?.terminate() }
            return nil
        }
        // An uncaught worker error that no `error` listener on the Worker prevented: the page's error log.
        define("reportWorkerError") { [weak document] args in
            let text = args.string(at: 0) ?? ""
            let parts = text.split(separator: ":", maxSplits: 1)
            let (name, message) = parts.count == 2 && !parts[0].contains(" ")
                ? (String(parts[0]), String(parts[1].drop { $0 == " " })) : ("", text)
            document?.report(JSException(name: name, message: message, sourceURL: args.string(at: 1),
                                         line: args.int(at: 2), column: args.int(at: 3)))
            return nil
        }
        define("loadSerializer") { args in
            try args.context.evaluate(WebViewScripts.workerSerialize.script.get()).call(arguments: [args[0], args[1]])
        }
    }
}
