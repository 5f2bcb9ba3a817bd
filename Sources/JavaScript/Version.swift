/// The version of HybridRuntime, as printed by `hybrid --version` and in `navigator.userAgent`.
public enum HybridVersion {
    public static let string = "0.1.0"
}
