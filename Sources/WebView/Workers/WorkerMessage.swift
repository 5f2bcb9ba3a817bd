import JavaScript

/// A message between a page and one of its workers, serialized to cross threads: the record of HTML's
/// StructuredSerialize as `workers/serialize.js` writes it (JSON data) and the bytes of the ArrayBuffers it names.
struct WorkerMessage: Sendable {
    let record: JSONValue
    let buffers: [[UInt8]]
    /// 0 for a message to the worker or its page itself; else the id of the transferred `MessagePort` it is for.
    let port: Int

    /// Reads `(record, buffers, port)` from the arguments `index` to `index + 2` of a native call.
    init(_ args: JSArguments, from index: Int) throws {
        record = try args.json(at: index) ?? .null
        buffers = (args[index + 1].toArray() ?? []).map { TypedArrayBytes.bytes(of: $0.ref, in: args.contextRef) ?? [] }
        port = args.int(at: index + 2) ?? 0
    }

    /// The record, new ArrayBuffers of `context` with the bytes, and the port's id.
    func arguments(in context: JSContext) -> [any JSValueConvertible] {
        [JSValue(record, in: context), buffers.map { RawJSValue(ref: TypedArrayBytes.makeArrayBuffer($0, in: context.ref)) }, port]
    }
}
