/// Waits until `condition` holds, for bridge state that has no event to await. It looks again
/// every millisecond: a loop of `Task.yield()` would keep a thread of the small cooperative pool
/// (two on a two-core machine) busy, starving the runtime thread it waits for on one core.
func waitUntil(_ condition: () -> Bool) async {
    while !condition() { try? await Task.sleep(for: .milliseconds(1)) }
}
