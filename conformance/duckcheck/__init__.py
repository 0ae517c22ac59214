"""duckcheck: the Duck Soup conformance suite's trace model, generator, linter and runner.

The suite is data (JSON traces under a versioned JSON Schema, shipped inside this package); the
runner checks any implementation that speaks the adapter protocol, in any language. See
``conformance/README.md`` for the trace format, the protocol and the versioning policy.
"""

FORMAT_VERSION = "1.2"
"""Version of the trace format (``conformance/schema/trace.schema.json``) that this package reads and writes.

A trace names the oldest format that holds it: a Duck Soup trace says ``1.0`` unless it needs the rule
option ``calls`` added by format 1.1; the traces of the games added by format 1.2 (Doubleduck, Aw Ducks!)
say ``1.2``."""

PROTOCOL_VERSION = 1
"""Version of the adapter protocol (``conformance/schema/protocol.schema.json``)."""

SUITE_VERSION = "1.3.0"
"""Version of the suite's contents (``conformance/traces/manifest.json``)."""
