"""Write a synthetic corpus: page files, the `manifest.json` a build reads, `expected.json`.

Every page varies one of the bundled sample pages: a new title, its tile lists shuffled and
re-counted, its prose pseudo-translated into each language, saved as plain wikitext, a
"View source" capture or a flattened `Special:ExportTranslations` capture, and about one page
in ten carries one defect real pages have (declared total off, partition off, a count that
is not a number, a tile listed twice, an unclosed template). `expected.json` holds each
revision's tile-list totals as written, defects included, so a build can be checked.
Everything follows from `seed`: the same arguments give the same bytes.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from carcdb.pipeline.extract.corpus import MANIFEST, read_corpus, read_sources, sample_corpus_dir
from carcdb.pipeline.extract.titles import builtin_languages
from carcdb.pipeline.progress import NoProgress, Progress
from carcdb.pipeline.synth.tilelists import (
    DEFECTS,
    Skeleton,
    WrittenList,
    inject_defect,
    skeleton,
    totals,
)
from carcdb.pipeline.synth.tilelists import vary as vary_list
from carcdb.pipeline.synth.translate import PseudoTranslator

EXPECTED = "expected.json"
SAMPLE_LANGUAGE = "ro"  # the bundled sample pages are Romanian translations
LANGUAGES = ("ro", "en", "de", "fr", "es", "it", "nl", "ru", "cs", "sk", "pl", "pt")
PAGE_DEFECTS = (*DEFECTS, "unclosed_template")
_FIRST = ("River", "Hills", "Castle", "Bridge", "Market", "Tower", "Abbey", "Harbour", "Forest")
_SECOND = ("and Sheep", "of Gold", "Builders", "Traders", "Pilgrims", "Festival", "Ferries")
_SUFFIX = ("", "", "", " (Fan Expansion)", " (1st edition)")


@dataclass(frozen=True)
class SamplePage:
    title: str
    skeleton: Skeleton


@dataclass
class CorpusSummary:
    revisions: int = 0
    bytes: int = 0
    tiles: int = 0
    defects: int = 0
    flattened: int = 0

    def as_json(self) -> dict[str, int]:
        return dict(vars(self))


@cache
def sample_pages() -> tuple[SamplePage, ...]:
    batches = read_sources(read_corpus(sample_corpus_dir()), NoProgress())
    pages = [rev for batch in batches for rev in batch.revisions]
    return tuple(SamplePage(rev.base_title, skeleton(rev.wikitext)) for rev in pages)


def page_title(index: int, rng: random.Random) -> str:
    return f"{rng.choice(_FIRST)} {rng.choice(_SECOND)} {index + 1}{rng.choice(_SUFFIX)}"


def render(
    sample: SamplePage, translator: PseudoTranslator | None, rng: random.Random, defect: str | None
) -> tuple[str, list[WrittenList], str | None]:
    """One varied page: (wikitext, its tile lists as written, the defect's note)."""
    parts: list[str | WrittenList] = []
    lists: list[WrittenList] = []
    for piece in sample.skeleton:
        if isinstance(piece, WrittenList):
            varied = vary_list(piece, rng)
            lists.append(varied)
            parts.append(varied)
        elif piece.kind == "prose" and translator is not None:
            parts.append(translator.prose(piece.text))
        else:
            parts.append(piece.text)
    note = None
    if defect == "unclosed_template":
        parts.append("\n{{RulesScoring|title=Scoring|rules=the page ends before this closes\n")
        note = "a template is never closed"
    elif defect is not None:
        note = inject_defect(lists, defect, rng)
    text = "".join(p.render() if isinstance(p, WrittenList) else p for p in parts)
    return text, lists, note


def _view_source(title: str, text: str) -> str:
    return (
        f"View source for {title}\n\nYou can view and copy the source of this page.\n\n{text}\n"
        f'Retrieved from "https://wikicarpedia.com/car/{title.replace(" ", "_")}"\n'
    )


def _export_capture(text: str, group: list[str], languages: list[str]) -> str:
    names = builtin_languages()
    lines = ["Open main menu", "Export translations", "Settings", "Group", *group, "Language"]
    lines += [f"{code} - {names[code]}" for code in languages]
    lines += ["Format", "Export in native format", "Fetch", text.replace("\n", " ")]
    lines += ["Navigation menu", "Personal tools"]
    return "\n".join(lines) + "\n"


def generate_corpus(
    out: Path,
    *,
    pages: int,
    langs: int,
    seed: int,
    defect_rate: float = 0.1,
    flatten_rate: float = 0.3,
    progress: Progress | None = None,
) -> CorpusSummary:
    """Write `pages` x `langs` revisions into `out` and return what was written."""
    progress = progress or NoProgress()
    languages = list(LANGUAGES[: max(1, min(langs, len(LANGUAGES)))])
    samples = sample_pages()
    titles = [page_title(i, random.Random(f"{seed}:title:{i}")) for i in range(pages)]
    translators = {lang: PseudoTranslator(lang) for lang in languages}
    (out / "pages").mkdir(parents=True, exist_ok=True)
    summary = CorpusSummary()
    files: list[dict[str, str]] = []
    expected: list[dict[str, Any]] = []
    progress.start("generate", pages * len(languages))
    for index, base in enumerate(titles):
        sample = samples[index % len(samples)]
        for lang in languages:
            rng = random.Random(f"{seed}:{index}:{lang}")
            defect = rng.choice(PAGE_DEFECTS) if rng.random() < defect_rate else None
            translator = None if lang == SAMPLE_LANGUAGE else translators[lang]
            text, lists, note = render(sample, translator, rng, defect)
            title = base if lang == "en" else f"{base}/{lang}"
            roll = rng.random()
            if roll < flatten_rate:
                fmt, body, name = (
                    "export-translations",
                    _export_capture(text, titles, languages),
                    "txt",
                )
            elif roll < flatten_rate + 0.2:
                fmt, body, name = "view-source", _view_source(title, text), "txt"
            else:
                fmt, body, name = "wikitext", text, "wiki"
            path = f"pages/{index:05d}_{lang}.{name}"
            data = body.encode("utf-8")
            (out / path).write_bytes(data)
            list_totals = [totals(t) for t in lists]
            files.append({"path": path, "title": title, "lang": lang, "format": fmt})
            expected.append(
                {
                    "path": path,
                    "title": title,
                    "sample": sample.title,
                    "format": fmt,
                    "flattened": fmt == "export-translations",
                    "lists": [t.as_json() for t in list_totals],
                    "total": sum(t.total for t in list_totals),
                    "defects": [{"code": defect, "note": note}] if note else [],
                }
            )
            summary.revisions += 1
            summary.bytes += len(data)
            summary.tiles += expected[-1]["total"]
            summary.defects += 1 if note else 0
            summary.flattened += 1 if fmt == "export-translations" else 0
            progress.advance("generate")
    about = {"pages": pages, "langs": languages, "seed": seed, "defect_rate": defect_rate}
    manifest = {"about": "synthetic carcdb corpus", "generator": about, "files": files}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", "utf-8")
    report = {"generator": about, "totals": summary.as_json(), "revisions": expected}
    (out / EXPECTED).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return summary
