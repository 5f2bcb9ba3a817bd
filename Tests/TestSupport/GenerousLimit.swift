extension Duration {
    /// The limit for a wait whose length is not what a test checks (a load, a call, a runtime going idle): only a
    /// hang reaches it, however loaded or slow the machine. Swift Testing starts every test of the suite at once, so
    /// on two cores beside another build a small page took 70 to 140 s to load in full runs (all its neighbours
    /// took as long): 120 s, the limit before, failed `PageRunnerTests` there. 15 minutes then failed the coverage
    /// tests' page loads twice (stops 42 and 43), in full runs beside a fresh clone's CI (load average 50-140): a
    /// test that starts with the run and waits on pages all the way lasts as long as the whole run, about 1,000 s
    /// there. 30 minutes keeps a real hang a failure well inside CI's 90 minutes. A test about a limit sets that one
    /// limit itself.
    public static let generous = Duration.seconds(1800)
}
