"""The treasure hunt: items hidden at tour nodes, finds credited once, scores the server
computes, per-hunt boards (docs/subsystems/treasurehunt.md)."""
