"""The `/proxy` fetcher: public resources fetched through the SSRF-safe outbound client."""
