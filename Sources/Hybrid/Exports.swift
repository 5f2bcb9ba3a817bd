// `import Hybrid` gives every public HybridRuntime module in one line.
@_exported import JavaScript
