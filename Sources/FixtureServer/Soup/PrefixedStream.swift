internal import CSoup

/// The stream a ``Connection`` hands libsoup for one request: some bytes already read first, then the connection's
/// input; writes go to the connection's output.
///
/// It is how the bytes libsoup read past the previous request (a pipelined request, or one sent the moment the last
/// answer arrived) reach libsoup again. Once the answer is written, ``seal()`` stops it from reading the socket, so
/// reading libsoup's wrapper of it until it would block yields exactly the bytes libsoup read ahead (from its
/// buffer) and those it had not read yet (from here), and nothing still in the socket.
///
/// GIO has no stream that concatenates, so two small GObject types are registered once: `HybridPrefixedInput`, a
/// pollable input stream (libsoup requires `GPollableInputStream`), and `HybridPrefixedIOStream`, pairing it with
/// the connection's output. Closing either closes nothing of the connection's (a `GSimpleIOStream` would close the
/// connection's output stream, which every hand-over shares, when it is disposed). Loop thread only.
final class PrefixedStream {
    /// The stream to hand libsoup (owned by this object; libsoup takes its own reference).
    let stream: UnsafeMutablePointer<GIOStream>
    private let prefix: Prefix

    /// Reads `bytes`, then `connection`'s input; writes to `connection`'s output.
    init(_ bytes: [UInt8], then connection: UnsafeMutablePointer<GIOStream>) {
        prefix = Prefix(bytes, base: g_io_stream_get_input_stream(connection))
        let input = Self.new(Self.inputType, holding: prefix).assumingMemoryBound(to: GInputStream.self)
        defer { g_object_unref(input) }
        let pair = Pair(input: input, output: g_io_stream_get_output_stream(connection))
        stream = Self.new(Self.ioType, holding: pair).assumingMemoryBound(to: GIOStream.self)
    }

    deinit {
        g_object_unref(stream)
    }

    /// From now on, reads yield only what is left of the bytes, then would block: never the socket's.
    func seal() {
        prefix.sealed = true
    }

    /// The bytes still to yield, and the input after them.
    private final class Prefix {
        var bytes: [UInt8]
        var offset = 0
        var sealed = false
        let base: UnsafeMutablePointer<GInputStream>

        init(_ bytes: [UInt8], base: UnsafeMutablePointer<GInputStream>) {
            self.bytes = bytes
            self.base = base
            g_object_ref(base)
        }

        deinit {
            g_object_unref(base)
        }

        var remaining: Int { bytes.count - offset }

        var pollableBase: OpaquePointer { OpaquePointer(base) }

        /// A read of up to `count` bytes into `buffer`: the bytes left, else the base's (`read`), else, sealed,
        /// `G_IO_ERROR_WOULD_BLOCK`.
        func read(_ buffer: UnsafeMutableRawPointer?, _ count: Int, _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?,
                  base read: () -> Int) -> Int {
            if remaining > 0 {
                let taken = min(count, remaining)
                bytes.withUnsafeBytes { buffer?.copyMemory(from: $0.baseAddress! + offset, byteCount: taken) }
                offset += taken
                return taken
            }
            guard sealed else { return read() }
            g_set_error_literal(error, g_io_error_quark(), gint(G_IO_ERROR_WOULD_BLOCK.rawValue), "sealed")
            return -1
        }
    }

    /// The streams of a `HybridPrefixedIOStream`.
    private final class Pair {
        let input: UnsafeMutablePointer<GInputStream>
        let output: UnsafeMutablePointer<GOutputStream>

        init(input: UnsafeMutablePointer<GInputStream>, output: UnsafeMutablePointer<GOutputStream>) {
            self.input = input
            self.output = output
            g_object_ref(input)
            g_object_ref(output)
        }

        deinit {
            g_object_unref(input)
            g_object_unref(output)
        }
    }

    private static let quark = g_quark_from_static_string("hybrid-prefixed-stream")

    /// A new instance of `type` whose qdata holds `state` until it is finalized.
    private static func new(_ type: GType, holding state: AnyObject) -> UnsafeMutableRawPointer {
        let object = g_object_new_with_properties(type, 0, nil, nil)!
        g_object_set_qdata_full(object, quark, Unmanaged.passRetained(state).toOpaque(), {
            Unmanaged<AnyObject>.fromOpaque($0!).release()
        })
        return UnsafeMutableRawPointer(object)
    }

    private static func state<T: AnyObject>(_ object: UnsafeMutableRawPointer?, as _: T.Type) -> T {
        let data = g_object_get_qdata(object!.assumingMemoryBound(to: GObject.self), quark)!
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! T
    }

    private static func prefix(_ stream: OpaquePointer?) -> Prefix {
        state(stream.map { UnsafeMutableRawPointer($0) }, as: Prefix.self)
    }

    // Registered at first use; Swift runs each initializer once.

    private static let inputType: GType = {
        let type = g_type_register_static_simple(
            g_input_stream_get_type(), "HybridPrefixedInput", guint(MemoryLayout<GInputStreamClass>.size), { klass, _ in
                let input = klass!.assumingMemoryBound(to: GInputStreamClass.self)
                input.pointee.read_fn = { stream, buffer, count, cancellable, error in
                    let prefix = PrefixedStream.state(stream, as: Prefix.self)
                    return prefix.read(buffer, Int(count), error) {
                        g_input_stream_read(prefix.base, buffer, count, cancellable, error)
                    }
                }
            }, guint(MemoryLayout<GInputStream>.size), nil, GTypeFlags(rawValue: 0))
        var pollable = GInterfaceInfo(interface_init: { iface, _ in
            let pollable = iface!.assumingMemoryBound(to: GPollableInputStreamInterface.self)
            pollable.pointee.can_poll = { _ in 1 }
            pollable.pointee.is_readable = { stream in
                let prefix = PrefixedStream.prefix(stream)
                if prefix.remaining > 0 { return 1 }
                return prefix.sealed ? 0 : g_pollable_input_stream_is_readable(prefix.pollableBase)
            }
            pollable.pointee.create_source = { stream, cancellable in
                let prefix = PrefixedStream.prefix(stream)
                // Bytes left: ready at once, as GMemoryInputStream's source is.
                let child = prefix.remaining > 0 || prefix.sealed ? g_timeout_source_new(0)!
                    : g_pollable_input_stream_create_source(prefix.pollableBase, cancellable)!
                let source = g_pollable_source_new_full(UnsafeMutableRawPointer(stream), child, cancellable)
                g_source_unref(child)
                return source
            }
            pollable.pointee.read_nonblocking = { stream, buffer, count, error in
                let prefix = PrefixedStream.prefix(stream)
                return prefix.read(buffer, Int(count), error) {
                    g_pollable_input_stream_read_nonblocking(prefix.pollableBase, buffer, count, nil, error)
                }
            }
        }, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, g_pollable_input_stream_get_type(), &pollable)
        return type
    }()

    private static let ioType: GType = {
        g_type_register_static_simple(
            g_io_stream_get_type(), "HybridPrefixedIOStream", guint(MemoryLayout<GIOStreamClass>.size), { klass, _ in
                let io = klass!.assumingMemoryBound(to: GIOStreamClass.self)
                io.pointee.get_input_stream = { stream in PrefixedStream.state(stream, as: Pair.self).input }
                io.pointee.get_output_stream = { stream in PrefixedStream.state(stream, as: Pair.self).output }
                io.pointee.close_fn = { _, _, _ in 1 }
            }, guint(MemoryLayout<GIOStream>.size), nil, GTypeFlags(rawValue: 0))
    }()
}
