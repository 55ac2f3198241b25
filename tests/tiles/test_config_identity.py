"""The config grammar, image identities and invalid values, on real and hand-made entries."""

from __future__ import annotations

import pytest

from carcdb.pipeline.parse.tiles.identity import heading_edition, identify_image
from tests.tiles.helpers import FIXTURES, entries_of, lists_of, run_stage


@pytest.mark.parametrize(
    ("image", "product", "token", "code", "is_edition"),
    [
        ("Base_Game_C3_Tile_A.png", "Base Game", "C3", "A", True),
        ("20AE_Base_Game_C2_Tile_A.png", "20th Anniversary", "C2", "A", False),
        ("Winter_Edition_C2.1_Tile_Z01.png", "Winter Edition", "C2.1", "Z01", False),
        ("Abbey_And_Mayor_C2_Tile_B.jpg", "Abbey and the Mayor", "C2", "B", True),
        ("The Courier C1 01.png", "The Courier", "C1", "01", True),
        ("Unknown_Thing_C2_Tile_Q.png", None, "C2", "Q", False),
    ],
)
def test_identify_image(
    image: str, product: str | None, token: str, code: str, is_edition: bool
) -> None:
    identity = identify_image(image)
    assert identity is not None
    assert (identity.product, identity.edition_token, identity.code) == (product, token, code)
    assert identity.image_is_edition is is_edition


def test_unidentifiable_image() -> None:
    assert identify_image("Win scoring farm1.png") is None


@pytest.mark.parametrize(
    ("heading", "edition"),
    [
        ("Ediția C3", "C3"),
        ("Ediția 2022 (WE3)", "WE3"),
        ("Ediția pentru 20-a aniversare", None),
        ("Ansamblul cartonașelor", None),
        ("C2 and C3", None),
    ],
)
def test_heading_edition(heading: str, edition: str | None) -> None:
    assert heading_edition(heading) == edition


def _page(*tiles: str, begin: str = "{{BeginTileList|tiles=9}}") -> str:
    return (
        "== Tiles ==\n=== Ediția C2 ===\n" + begin + "\n" + "\n".join(tiles) + "\n{{EndTileList}}\n"
    )


F = "{{{{Feature|edition=C2|name={name}{extra}}}}}"


def feature(name: str, extra: str = "") -> str:
    return F.format(name=name, extra=extra)


def test_prefix_and_count_are_the_same_thing() -> None:
    head = "{{Tile|image=Base_Game_C2_Tile_%s.jpg|count=3|config="
    a = head % "U" + f"({feature('Garden')};2x{feature('None')})}}}}"
    b = head % "V" + f"({feature('Garden')};{feature('None', '|count=2')})}}}}"
    entries = entries_of(run_stage(_page(a, b)))
    assert entries[0].illustrations == entries[1].illustrations == {"Garden": 1, "None": 2}


def test_joins_markers_and_comments() -> None:
    tile = (
        f"{{{{Tile|image=Base_Game_C2_Tile_D.jpg|count=4|config={feature('Monastery')} - "
        f"({feature('Farmhouse')};{feature('None', '|count=3')}) + ({{{{TextS}}}})"
        f"<sup>'''*'''</sup><!-- {feature('Pigsty')} -->}}}}"
    )
    output = run_stage(_page(tile))
    (entry,) = entries_of(output)
    assert entry.features == {"Monastery": 1}
    assert entry.illustrations == {"Farmhouse": 1, "None": 3}
    assert entry.start_tile and entry.footnote
    assert not output.findings


def test_star_in_parentheses_is_a_footnote() -> None:
    (entry,) = entries_of(
        run_stage(_page("{{Tile|image=Base_Game_C2_Tile_E.jpg|count=5|config=(*)}}"))
    )
    assert entry.footnote and not entry.illustrations


def test_tile_without_count_is_not_an_entry() -> None:
    output = run_stage(_page("{{Tile|image=Base_Game_C2_Tile_E.jpg|text=an example}}"))
    assert entries_of(output) == [] and not output.findings


@pytest.mark.parametrize(
    ("tile", "code"),
    [
        ("{{Tile|image=Base_Game_C2_Tile_E.jpg|count=two}}", "tiles.invalid-count"),
        ("{{Tile|image=Base_Game_C2_Tile_E.jpg|count=-1}}", "tiles.invalid-count"),
        ("{{Tile|image=Base_Game_C2_Tile_E.jpg|count=}}", "tiles.invalid-count"),
        ("{{Tile|count=2}}", "tiles.missing-image"),
        ("{{Tile|image=|count=2}}", "tiles.missing-image"),
        (
            "{{Tile|image=Base_Game_C2_Tile_E.jpg|count=2|config={{Feature|edition=C2}}}}",
            "tiles.feature-without-name",
        ),
        (
            "{{Tile|image=Base_Game_C2_Tile_E.jpg|count=2|config={{Feature|name=Dragon}}}}",
            "tiles.unknown-feature",
        ),
        (
            "{{Tile|image=Base_Game_C2_Tile_E.jpg|count=2|config=({{Feature|name=None|count=x}})}}",
            "tiles.invalid-count",
        ),
        (
            "{{Tile|image=Base_Game_C2_Tile_E.jpg|count=2|config=(({{Feature|name=None}})}}",
            "tiles.config-nested-group",
        ),
    ],
)
def test_invalid_values_are_findings_and_the_page_goes_on(tile: str, code: str) -> None:
    good = "{{Tile|image=Base_Game_C2_Tile_A.jpg|count=2}}"
    output = run_stage(_page(good, tile, good.replace("_A.", "_B.")))
    found = [f for f in output.findings if f.code == code]
    assert found, [f.code for f in output.findings]
    assert found[0].line == 5 and found[0].col == 1
    assert found[0].snippet and found[0].snippet in tile
    codes = [e.code for e in entries_of(output)]
    assert codes[0] == "A" and codes[-1] == "B"


def test_empty_list_declares_the_section_total() -> None:
    text = (
        "Flattened page. === Ediția 2022 (WE3) === {{BeginTileList|tiles=3}}{{EndTileList}} "
        "{{BeginTileList}} {{Tile|image=Winter_Edition_C3_Tile_A.png|count=2}} {{EndTileList}} "
        "{{BeginTileList}} {{Tile|image=Winter_Edition_C3_Tile_Z01.png|count=1}} {{EndTileList}} "
        "=== Other === {{BeginTileList}} {{Tile|image=Winter_Edition_C3_Tile_B.png|count=4}} "
        "{{EndTileList}}"
    )
    lists = lists_of(run_stage(text))
    assert [(row.declares_section_total, row.section_total_list) for row in lists] == [
        (True, None),
        (False, 0),
        (False, 0),
        (False, None),
    ]
    assert lists[0].product == "Winter Edition" and lists[0].edition == "WE3"
    assert lists[3].section == "Other"


def test_unclosed_and_unmatched_lists_are_reported() -> None:
    text = "{{EndTileList}} {{BeginTileList}} {{Tile|image=Base_Game_C2_Tile_A.jpg|count=2}}"
    output = run_stage(text)
    assert [f.code for f in output.findings][:2] == [
        "tiles.unmatched-end-list",
        "tiles.unclosed-list",
    ]
    assert [e.code for e in entries_of(output)] == ["A"]


def test_last_entry_missing_a_brace_is_recovered_in_flattened_text() -> None:
    text = (
        "Intro {{BeginTileList|tiles=3}} {{Tile|image=Base_Game_C2_Tile_A.jpg|count=2}} "
        "{{Tile|image=Base_Game_C2_Tile_B.jpg|count=1|config={{Feature|name=Monastery}}} "
        "{{EndTileList}} Outro"
    )
    output = run_stage(text)
    assert [(e.code, e.count, e.recovered) for e in entries_of(output)] == [
        ("A", 2, False),
        ("B", 1, True),
    ]
    (finding,) = output.findings
    assert finding.code == "tiles.unbalanced-braces"
    assert (finding.line, finding.col) == (1, text.index("{{Tile|image=Base_Game_C2_Tile_B") + 1)
    assert lists_of(output)[0].tile_count == 3


def test_a_list_whose_counts_are_all_invalid_declares_no_section_total() -> None:
    broken = (
        "{{BeginTileList|tiles=2}}\n"
        "{{Tile|image=Base_Game_C3_Tile_A.png|count=two}}\n"
        "{{Tile|image=Base_Game_C3_Tile_B.png|count=two}}\n"
        "{{EndTileList}}\n"
    )
    page = (FIXTURES / "base_game_ro.wiki").read_text("utf-8")
    tile = page.index("Base_Game_C3_Tile_A.png")
    begin = page.rindex("{{BeginTileList", 0, tile)
    output = run_stage(page[:begin] + broken + page[begin:], "Base game/ro")
    lists = lists_of(output)
    bad = next(row for row in lists if row.declared_total == 2)
    covered = lists[lists.index(bad) + 1]
    assert (bad.declares_section_total, bad.tile_count) == (False, 0)
    assert covered.tile_count == 72 and covered.section_total_list is None
    assert [f.code for f in output.findings].count("tiles.invalid-count") == 2


TILE_B_C3 = (
    "{{Tile|image=Base_Game_C3_Tile_B.png|count=4|config={{Feature|edition=C3|name=Monastery}}"
    " + ({{Feature|edition=C3|name=Farmhouse|variant=abbr}};"
    "{{Feature|edition=C3|name=DonkeyStable|variant=abbr}};"
    "{{Feature|edition=C3|name=None|variant=abbr|count=2}})%s}}"
)


@pytest.mark.parametrize(
    "commented",
    [
        " <!-- + {{Feature|edition=C3|name=Well}}",  # never closed: a comment to the end
        ' <span title="<!-- {{Feature|edition=C3|name=Well}} -->">.</span>',
        " <!-- + {{Feature|edition=C3|name=Well}} -->",
    ],
)
def test_a_commented_out_feature_in_config_is_never_counted(commented: str) -> None:
    """Real tile B (Base Game C3) with a Feature commented out inside its config."""
    assert (TILE_B_C3 % "") in (FIXTURES / "base_game_ro.wiki").read_text("utf-8")
    output = run_stage("{{BeginTileList}}\n" + TILE_B_C3 % commented + "\n{{EndTileList}}")
    (entry,) = entries_of(output)
    assert entry.features == {"Monastery": 1}
    assert entry.illustrations == {"Farmhouse": 1, "DonkeyStable": 1, "None": 2}
