"""Personal data rights: consent records, export, erasure and chat retention
(docs/subsystems/personal-data.md)."""
