"""duckcheck: the Duck Soup conformance suite's trace model, generator and runner."""
