"""Write the `generated` cardinals (0-99) of pipeline/parse/words/<code>.json with num2words.

A maintainer's tool, run by hand when a language is added (`pip install num2words`, then
`python scripts/gen_number_words.py [code ...]`): the words are data in the repository and
num2words is not a dependency of carcdb. A number written as one word is kept ("zweiundsiebzig",
"settantadue"); spelt with a space or hyphen ("twenty-one", "setenta y dos") it is left out: the
Contents reader reads its tens word and units word as one number. The hand-listed keys of a
file are kept as they are.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from num2words import num2words

WORDS = Path(__file__).resolve().parent.parent / "pipeline" / "parse" / "words"
LARGEST = 99


def generated(language: str) -> dict[str, int]:
    found: dict[str, int] = {}
    for value in range(LARGEST + 1):
        word = str(num2words(value, lang=language)).lower()
        if " " not in word and "-" not in word:
            found.setdefault(word, value)
    return found


def main(languages: list[str]) -> None:
    for language in languages or sorted(p.stem for p in WORDS.glob("*.json")):
        path = WORDS / f"{language}.json"
        data = json.loads(path.read_text("utf-8")) if path.exists() else {"language": language}
        data["generated"] = generated(language)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
