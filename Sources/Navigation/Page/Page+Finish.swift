extension Page {
    /// Finishes the page: delivers `result` to whoever opened it (see ``PageHandle``), then closes the page: pops
    /// it from its stack, dismisses it when it is presented (or the root of a presented stack), or removes it from
    /// its parent page. Tabs and the window's root are not closed. Later closing delivers nothing more.
    public func finish(_ result: (any Sendable)? = nil, animated: Bool = true) {
        resultSink?.deliver(result)
        close(animated: animated)
    }

    /// Closes the page the way ``finish(_:animated:)`` does, without a result (the opener gets nil).
    public func close(animated: Bool = true) {
        if let stack = parent as? NavigationStack, let running = stack.running, running.state == .running {
            // Closing while the stack is still showing this page (in viewDidLoad, say): after that ends.
            running.onFinish { [weak self] _ in self?.close(animated: animated) }
            return
        }
        if let stack = parent as? NavigationStack {
            if stack.pages.count > 1 {
                if stack.topPage === self {
                    stack.pop(animated: animated)
                } else if let index = stack.pages.firstIndex(where: { $0 === self }) {
                    stack.setPages(Array(stack.pages[..<index]) + stack.pages[(index + 1)...], animated: animated)
                }
            } else if stack.presentingStorage != nil {
                stack.dismiss(animated: animated)
            }
        } else if presentingStorage != nil {
            dismiss(animated: animated)
        } else if parent != nil, !(parent is TabContainer) {
            removeFromParent()
        }
    }
}
