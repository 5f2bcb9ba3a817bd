/// How one test ended.
public enum TestStatus: String, Sendable, Hashable, Codable {
    case passed, failed, skipped
}
