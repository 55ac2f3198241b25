"""Rules records from a parsed revision: the "rules" parse stage and its parts.

blocks (turn-phase blocks, FAQ, OtherExpansionRule), notes (icon notes), history (dated
entries, ruling dates), sectioned (house-rule sections, scoring summaries, examples),
plaintext (visible text; tokenplain renders a string from its tokens, visible lists what
shows), tree (the sites rules read, found in one walk), claims (scoring claims), vocabulary
(per-language words in lang/), stage (putting it together). Register with `RULES_STAGE` from
`pipeline.parse.rules.stage`.
"""
