// Placeholder until the harness sources land.
