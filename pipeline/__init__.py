"""carcdb pipeline: extraction, parsing, checks, the rules engine and the CLI."""
