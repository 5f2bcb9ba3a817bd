extension Duration {
    /// The limit for a wait whose length is not what a test checks (a load, a call, a runtime going
    /// idle): only a hang reaches 120 s, however loaded or slow the machine, and CI stops
    /// everything at 90 minutes anyway. A test about a limit sets that one limit itself.
    public static let generous = Duration.seconds(120)
}
