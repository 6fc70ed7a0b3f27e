"""Virtual files: organizer- and attendee-provided files and links attached to entities."""
