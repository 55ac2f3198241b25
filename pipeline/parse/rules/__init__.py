"""Rules records from a parsed revision: the "rules" parse stage and its parts.

blocks (turn-phase blocks, FAQ, OtherExpansionRule), notes (icon notes), history (dated
entries, ruling dates), sectioned (house-rule sections, scoring summaries, examples),
plaintext (visible text), claims (scoring claims), vocabulary (per-language words in lang/),
stage (putting it together). Register with `RULES_STAGE` from `pipeline.parse.rules.stage`.
"""
