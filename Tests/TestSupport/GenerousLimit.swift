extension Duration {
    /// The limit for a wait whose length is not what a test checks (a load, a call, a runtime going idle): only a
    /// hang reaches it, however loaded or slow the machine. Swift Testing starts every test of the suite at once, so
    /// on two cores beside another build a small page took 70 to 140 s to load in full runs (all its neighbours
    /// took as long): 120 s, the limit before, failed `PageRunnerTests` there. 15 minutes keeps a real hang a
    /// failure well inside CI's 90 minutes. A test about a limit sets that one limit itself.
    public static let generous = Duration.seconds(900)
}
