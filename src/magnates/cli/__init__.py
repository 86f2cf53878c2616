"""The `magnates` command."""
