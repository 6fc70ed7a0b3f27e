"""Sign-in with OpenID Connect providers and the SSO hand-offs (docs/subsystems/auth.md)."""
