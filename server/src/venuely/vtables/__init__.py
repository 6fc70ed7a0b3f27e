"""Virtual tables: small JSON tables per event or global (Wall of Fame projects live here)."""
