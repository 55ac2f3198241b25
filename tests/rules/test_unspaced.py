"""Languages written without spaces (pipeline/parse/rules/unspaced.py): every sentence kept is
the text as written, and the reader reads Japanese and Chinese rates in their usual rules
wording (sentences written from rulebook wording, not from the corpus), Korean with its
particles attached."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcdb.pipeline.parse.rules.claim_text import sentences
from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.unspaced import WORD_MARK, Written, spaced
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState
from tests.rules.real_corpus import annotated_keys, read_keys

CJK_TEXT = st.text(
    alphabet=st.sampled_from(
        list("每片道路图板城市修道院得到分完工，、；：（）。「」１２ 0123456789ab,;\n")
    ),
    max_size=80,
)


@given(CJK_TEXT)
def test_the_spaced_text_is_found_again_as_written(text: str) -> None:
    words = vocabulary("zh").unspaced
    assert words is not None
    if text.strip():  # a sentence of spaces alone is no sentence the reader keeps
        assert Written(text).sentence(spaced(text, words)) == text.strip()


@given(CJK_TEXT)
def test_every_claim_s_sentence_is_written_in_the_text(text: str) -> None:
    for claim in extract_claims(text, [], ClaimState.COMPLETED, vocabulary("zh")):
        assert claim.sentence in text


def test_signs_opening_a_sentence_are_kept_as_written() -> None:
    # the reader strips a sentence's edges: the sentence is found again in the text, so its
    # full-width signs and digits stay as written
    for text in (
        "（完成した道路は1タイルにつき1点）",
        "道路は１タイルにつき１点。、都市は1タイルにつき2点。",
    ):
        found = extract_claims(text, [], ClaimState.COMPLETED, vocabulary("ja"))
        assert found and all(c.sentence in text for c in found)
    found = extract_claims("道路は１タイルにつき１点。", [], ClaimState.COMPLETED, vocabulary("ja"))
    assert [(c.feature, c.unit, c.points, c.sentence) for c in found] == [
        ("road", "tile", 1, "道路は１タイルにつき１点。")
    ]


def test_a_mark_already_written_is_kept() -> None:
    words = vocabulary("zh").unspaced
    assert words is not None
    text = f"道路{WORD_MARK}1分"
    assert Written(text).sentence(spaced(text, words)) == text


def test_spaced_text_has_the_lexicon_s_words_apart() -> None:
    words = vocabulary("zh").unspaced
    assert words is not None
    found = spaced("每片道路图板可以让你得到1分，", words).split()
    assert found[:4] == ["每", "片", "道路", "图板"]
    assert "分" in found and "1" in found and found[-1] == ","


def test_a_claim_keeps_its_sentence_as_written() -> None:
    text = "在道路完工后，每片道路图板可以让你得到1分。城市完工后，每片图板得到2分。"
    found = extract_claims(text, [], ClaimState.COMPLETED, vocabulary("zh"))
    assert [c.sentence for c in found] == [
        "在道路完工后，每片道路图板可以让你得到1分。",
        "城市完工后，每片图板得到2分。",
    ]
    assert [(c.feature, c.unit, c.points) for c in found] == [
        ("road", "tile", 1),
        ("city", "tile", 2),
    ]


def test_full_stops_end_sentences_and_a_line_without_one_goes_on() -> None:
    assert sentences("道路完工。城市完工！修道院？", vocabulary("zh")) == [
        "道路完工。",
        "城市完工！",
        "修道院？",
    ]
    # a broken line that ends in a comma goes on (a script without case has no capital to say
    # a new sentence starts); a line ending in none is a heading or a row of its own
    text = "游戏结束时，农田中每有1个完整的城堡，\n即可获得3分。"
    assert read_keys("zh", text) == annotated_keys(["field end_game completed_city 3"])
    text = "完成的城市：每片2分\n未完成的城市：每片1分"
    assert read_keys("zh", text) == annotated_keys(
        ["city completed tile 2", "city incomplete tile 1"]
    )
    assert read_keys("ko", "도로\n완성된 도시는 타일당 2점.") == annotated_keys(
        ["city completed tile 2"]
    )
    # a closing quote after a full stop stays with its sentence
    assert sentences("城市每片得2分。」道路每片得1分。", vocabulary("zh")) == [
        "城市每片得2分。」",
        "道路每片得1分。",
    ]


USUAL_WORDING = [
    ("zh", "在道路完工后，每片道路图板可以让你得到1分。", ["road completed tile 1"]),
    (
        "zh",
        "城市完工后，每片城市图板得到2分，每个盾牌额外获得2分。",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    ("zh", "修道院被八片图板包围时完工，得到9分。", ["monastery completed fixed 9"]),
    ("zh", "游戏结束时，没完工的道路一片得1分。", ["road incomplete tile 1"]),
    ("zh", "遊戲結束時，每座完成的城市讓農夫獲得3分。", ["field end_game completed_city 3"]),
    ("ja", "完成した道は、タイル1枚につき1点になります。", ["road completed tile 1"]),
    (
        "ja",
        "完成した都市は、タイル1枚につき2点、紋章1つにつき2点を得ます。",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "ja",
        "修道院は周りの8枚のタイルに囲まれると完成し、9点を得ます。",
        ["monastery completed fixed 9"],
    ),
    (
        "ja",
        "ゲーム終了時、未完成の道と都市はタイル1枚につき1点になります。",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "ja",
        "農夫は、草原に接する完成した都市1つにつき3点を得ます。",
        ["field end_game completed_city 3"],
    ),
    ("ko", "완성된 길은 타일 하나마다 1점을 얻습니다.", ["road completed tile 1"]),
    (
        "ko",
        "완성된 도시는 타일 한 장마다 2점, 방패 하나마다 2점을 추가로 얻습니다.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "ko",
        "수도원이 주변 8칸의 타일로 둘러싸이면 9점을 얻습니다.",
        ["monastery completed fixed 9"],
    ),
    (
        "ko",
        "농부는 농장에 접한 완성된 도시 하나마다 3점을 얻습니다.",
        ["field end_game completed_city 3"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), USUAL_WORDING)
def test_rates_in_the_usual_rules_wording(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_a_phrase_of_listed_words_keeps_its_feature() -> None:
    # zh 完成的城市 is written "完成 的 城市" in the lexicon: its city is still found
    assert read_keys("zh", "完成的城市每片图板得2分。") == annotated_keys(["city completed tile 2"])
    assert read_keys("zh", "每片道路图板得１分。") == annotated_keys(["road completed tile 1"])


def test_words_holding_a_feature_s_word_are_others() -> None:
    # ja 修道院 holds 道 (road) and 得点 holds 点 (points); zh 分数 holds 分 (points): each is
    # listed whole (`unsplit`, a longer word wins), so no road or points is read in them
    assert read_keys("ja", "修道院の得点は後で計算する。") == annotated_keys([])
    assert read_keys("zh", "分数最高的玩家获胜。") == annotated_keys([])


def test_common_words_holding_a_lexicon_word_stay_whole() -> None:
    # zh 图片 (picture) holds 片 (a tile word), 觉得 (to feel) holds 得 (scores), 不同
    # (different) holds 不 (not); ja として holds と (and): listed whole in `unsplit`, each
    # is one word of the spaced text, and a rate beside them still reads
    for language, text, whole in (
        ("zh", "如图片所示，我觉得不同的城市每片得2分。", ["图片", "觉得", "不同"]),
        ("ja", "修道院タイルとして1点を得る。", ["として"]),
    ):
        words = vocabulary(language).unspaced
        assert words is not None
        found = spaced(text, words).split()
        assert all(w in found for w in whole), found
    assert read_keys("zh", "如图片所示，我觉得不同的城市每片得2分。") == annotated_keys(
        ["city completed tile 2"]
    )
