// The ceiling of the fixture server's design: a libsoup 3 server whose only handler answers one file's bytes,
// read once into memory, with a fixed Content-Type. No path resolution, no validators, no log.
//
// Usage: MinimalSoupServer FILE PORT   (prints the base URL, then serves on 127.0.0.1 until killed)
import CSoupMinimal
import Glibc

func say(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let port = UInt16(arguments[2]) else {
    say(2, "usage: MinimalSoupServer FILE PORT\n")
    exit(2)
}
var contents: UnsafeMutablePointer<CChar>?
var length: gsize = 0
guard g_file_get_contents(arguments[1], &contents, &length, nil) != 0 else {
    say(2, "MinimalSoupServer: cannot read \(arguments[1])\n")
    exit(2)
}
let body = g_bytes_new_take(contents, length)!
let server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 0, nil, nil)!)
    .assumingMemoryBound(to: SoupServer.self)
soup_server_add_handler(server, nil, { _, msg, _, _, data in
    guard let msg, let data else { return }
    soup_message_headers_replace(soup_server_message_get_response_headers(msg), "Content-Type",
                                 "text/html; charset=utf-8")
    soup_message_body_append_bytes(soup_server_message_get_response_body(msg), OpaquePointer(data))
    soup_server_message_set_status(msg, 200, nil)
}, UnsafeMutableRawPointer(body), nil)
let address = g_inet_socket_address_new_from_string("127.0.0.1", guint(port))
var error: UnsafeMutablePointer<GError>?
guard soup_server_listen(server, address, SoupServerListenOptions(rawValue: 0), &error) != 0 else {
    say(2, "MinimalSoupServer: \(String(cString: error!.pointee.message))\n")
    exit(2)
}
// Same backlog as the fixture server, so both see the same connection behaviour.
if let listeners = soup_server_get_listeners(server), let socket = listeners.pointee.data {
    listen(g_socket_get_fd(socket.assumingMemoryBound(to: GSocket.self)), 4096)
}
say(1, "http://127.0.0.1:\(port)/\n")
g_main_loop_run(g_main_loop_new(nil, 0))
