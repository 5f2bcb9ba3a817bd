// helper, not a test
