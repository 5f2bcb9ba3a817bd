// The Router module: see Router.swift once implemented.
