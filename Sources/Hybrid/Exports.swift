// `import Hybrid` gives every public HybridRuntime module in one line.
@_exported import FixtureServer
@_exported import HybridJSON
@_exported import HybridLoop
@_exported import JavaScript
@_exported import HybridRouting
@_exported import WebView
@_exported import Bridge
@_exported import Navigation
