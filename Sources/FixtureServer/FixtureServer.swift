// The FixtureServer module: see FixtureServer.swift once implemented.
