"""duckcheck: the Duck Soup conformance suite's trace model, generator, linter and runner.

The suite is data (JSON traces under a versioned JSON Schema, shipped inside this package); the
runner checks any implementation that speaks the adapter protocol, in any language. See
``conformance/README.md`` for the trace format, the protocol and the versioning policy.
"""

FORMAT_VERSION = "1.0"
"""Version of the trace format (``conformance/schema/trace.schema.json``)."""

PROTOCOL_VERSION = 1
"""Version of the adapter protocol (``conformance/schema/protocol.schema.json``)."""

SUITE_VERSION = "1.0.0"
"""Version of the suite's contents (``conformance/traces/manifest.json``)."""
