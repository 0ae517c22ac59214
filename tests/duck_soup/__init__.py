"""Duck Soup's own tests: its specification, engine, bots, bridges, records and traces."""
