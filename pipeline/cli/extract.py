"""`carcdb extract` (live extraction from a MediaWiki API) and `carcdb fake-wiki` (a local one)."""

import logging
import signal
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

import typer

from carcdb.pipeline.cli.app import EXIT_CHECKS_FAILED, Interrupted, app
from carcdb.pipeline.cli.options import (
    CONTACT_ENV,
    DEFAULT_DB,
    DEFAULT_PAGE_TIMEOUT,
    DbOption,
    JobsOption,
    JsonOption,
    PageTimeoutOption,
    QuietOption,
    warn,
)
from carcdb.pipeline.cli.output import (
    console,
    err_console,
    escape_line,
    print_json,
    print_table,
    progress_for,
)
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.endpoint import DEFAULT_CONTACT, DEFAULT_ENDPOINT
from carcdb.pipeline.fakewiki.faults import CONTINUATIONS, FAULT_KINDS, RANDOM_FAULT_MIX
from carcdb.pipeline.limits import ANSWER, LIST_REQUESTS, REQUEST_SECONDS

_SHOWN_PROBLEMS = 10


def _debug_logging(verbose: bool) -> None:
    if verbose:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(message)s"))
        for name in ("carcdb.api", "carcdb.fakewiki"):
            logger = logging.getLogger(name)
            logger.setLevel(logging.DEBUG)
            logger.addHandler(handler)


@app.command()
def extract(
    page: Annotated[
        list[str] | None, typer.Option("--page", help="Source page: it and its translations.")
    ] = None,
    lang: Annotated[
        str, typer.Option("--lang", help="'all' or a list like en,de,ro (filters every selection).")
    ] = "all",
    category: Annotated[
        list[str] | None, typer.Option("--category", help="Every page of a category.")
    ] = None,
    prefix: Annotated[
        list[str] | None, typer.Option("--prefix", help="Every page whose title starts so.")
    ] = None,
    titles_from: Annotated[
        Path | None, typer.Option("--titles-from", help="File with one title per line.")
    ] = None,
    all_pages: Annotated[
        bool, typer.Option("--all-pages", help="Every page of the main namespace.")
    ] = False,
    api: Annotated[str, typer.Option("--api", help="The wiki's api.php URL.")] = DEFAULT_ENDPOINT,
    contact: Annotated[
        str | None,
        typer.Option(
            envvar=CONTACT_ENV, help="Your e-mail or URL, sent in the User-Agent (asked for)."
        ),
    ] = None,
    throttle: Annotated[float, typer.Option(help="Minimum seconds between requests.", min=0)] = 1.0,
    timeout: Annotated[
        float,
        typer.Option(
            envvar=REQUEST_SECONDS.env,
            help="Seconds one request may take in all: connecting, the headers, the body.",
            min=0.01,
        ),
    ] = REQUEST_SECONDS.default,
    max_answer_mb: Annotated[
        float,
        typer.Option(
            envvar=ANSWER.env,
            help="MB one answer may hold, decoded (a larger one fails its request).",
            min=0.001,
        ),
    ] = ANSWER.default,
    max_list_requests: Annotated[
        int,
        typer.Option(
            envvar=LIST_REQUESTS.env,
            help="Requests one listing may take following 'continue' (then it ends).",
            min=1,
        ),
    ] = int(LIST_REQUESTS.default),
    retries: Annotated[int, typer.Option(help="Attempts per request.", min=1)] = 6,
    retry_budget: Annotated[int, typer.Option(help="Retries for the whole run.", min=0)] = 200,
    max_wait: Annotated[
        float, typer.Option(help="Cap in seconds on one wait (Retry-After, backoff).", min=0)
    ] = 60.0,
    cache: Annotated[
        Path | None, typer.Option(help="Folder for an on-disk cache of content answers.")
    ] = None,
    since: Annotated[
        str | None, typer.Option(help="Skip pages not touched since this date.")
    ] = None,
    force: Annotated[bool, typer.Option(help="Fetch even pages already stored.")] = False,
    stats: Annotated[
        bool, typer.Option("--stats", help="Show translation statistics of each --page.")
    ] = False,
    check: Annotated[bool, typer.Option("--check", help="Run every check afterwards.")] = False,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    quiet: QuietOption = False,
    jobs: JobsOption = None,
    page_timeout: PageTimeoutOption = DEFAULT_PAGE_TIMEOUT,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Log every request and retry.")
    ] = False,
) -> None:
    """Fetch pages from a MediaWiki API into the warehouse (only what changed) and parse them.

    Exit 1 when some pages are missing or could not be fetched, an answer held pages or
    revisions that were not asked for (refused, never stored), or --check finds errors; 2 on
    bad input or when the API cannot be used (nothing is written then).
    """
    from carcdb.pipeline.checks import failed_errors
    from carcdb.pipeline.extract.api import ClientConfig, PageSelection
    from carcdb.pipeline.extract.api.discovery import parse_languages, read_titles_file
    from carcdb.pipeline.limits import MB
    from carcdb.pipeline.run import build as build_lib
    from carcdb.pipeline.run.extract import extract_from_api
    from carcdb.pipeline.run.page_parse import ParseLimits

    _debug_logging(verbose)
    if not contact and not _is_local(api):
        warn(
            f"no contact in the User-Agent: pass --contact or set {CONTACT_ENV} (the wiki's "
            "User-Agent policy asks for a way to reach whoever runs the crawler)"
        )
    selection = PageSelection(
        pages=tuple(page or ()),
        categories=tuple(category or ()),
        prefixes=tuple(prefix or ()),
        titles=read_titles_file(titles_from) if titles_from else (),
        all_pages=all_pages,
        languages=parse_languages(lang),
    )
    config = ClientConfig(
        endpoint=api,
        contact=contact or DEFAULT_CONTACT,
        throttle=throttle,
        timeout=timeout,
        max_answer_bytes=int(max_answer_mb * MB),
        max_list_requests=max_list_requests,
        max_attempts=retries,
        retry_budget=retry_budget,
        max_wait=max_wait,
        cache_dir=cache,
    )
    with progress_for(quiet or json_out) as progress:
        report = extract_from_api(
            db,
            selection,
            config,
            since=since,
            force=force,
            progress=progress,
            with_stats=stats,
            jobs=jobs,
            limits=ParseLimits(seconds_per_page=page_timeout),
        )
    results = build_lib.check_warehouse(db) if check and db.exists() else []
    if json_out:
        print_json({"extract": report.summary(), "failing_checks": len(failed_errors(results))})
    else:
        if report.translation_stats:
            print_table(
                ["page", "language", "translated", "fuzzy", "proofread", "total"],
                [
                    (s.page, s.language, s.translated, s.fuzzy, s.proofread, s.total)
                    for s in report.translation_stats
                ],
                title="translation statistics",
            )
        for label, titles in (
            ("missing", report.missing),
            ("invalid", report.invalid),
            ("deleted since discovery", report.deleted),
        ):
            if titles:
                shown = ", ".join(escape_line(t) for t in titles[:_SHOWN_PROBLEMS])
                more = (
                    f" and {len(titles) - _SHOWN_PROBLEMS} more"
                    if len(titles) > _SHOWN_PROBLEMS
                    else ""
                )
                err_console.print(f"{label}: {shown}{more}", markup=False)
        for label, problems in (("failed", report.failed), ("refused", report.refused)):
            for title, reason in problems[:_SHOWN_PROBLEMS]:
                err_console.print(f"{label}: {escape_line(title)}: {reason}", markup=False)
            if len(problems) > _SHOWN_PROBLEMS:
                err_console.print(
                    f"{label}: {len(problems) - _SHOWN_PROBLEMS} more (table api_page_problems)",
                    markup=False,
                )
        for note in report.notes:
            err_console.print(f"note: {note}", markup=False)
        if check:
            console.print(
                f"checks: {len(results)} results, failing errors: {len(failed_errors(results))}"
            )
        if not quiet:
            console.print(report.final_line())
    # Pages asked for that the wiki does not hold are pages missing: exit 1 (docs/cli.md).
    gone = report.missing or report.invalid or report.deleted
    if gone or report.failed or report.refused or failed_errors(results):
        raise typer.Exit(EXIT_CHECKS_FAILED)


def _pair(item: str, flag: str) -> tuple[str, str]:
    page, sep, other = item.partition("=")
    if not sep or not page or not other:
        raise InputError(
            f"{item!r} is not PAGE=TITLE", path=flag, fix="e.g. 'Evil page=Base game/ro'"
        )
    return page, other


def _extras(items: Sequence[str]) -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = {}
    for item in items:
        page, other = _pair(item, "--extra")
        found[page] = (*found.get(page, ()), other)
    return found


def _is_local(endpoint: str) -> bool:
    host = urlsplit(endpoint).hostname or ""
    return host in ("localhost", "::1") or host.startswith("127.")


def _stop_on_sigterm(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # `kill PID` stops the server as Ctrl-C does, with its counts


@app.command("fake-wiki")
def fake_wiki(
    corpus: Annotated[
        Path | None, typer.Option(help="Corpus folder to serve (default: the bundled sample).")
    ] = None,
    generated: Annotated[
        int, typer.Option(help="Also serve N generated pages in en/de/fr.", min=0)
    ] = 0,
    port: Annotated[
        int, typer.Option(min=0, max=65535, help="Port on 127.0.0.1 (0: any free port).")
    ] = 8765,
    fault_rate: Annotated[
        float, typer.Option(help="Share of requests that fail at random (0..1).", min=0, max=1)
    ] = 0.0,
    fault_mix: Annotated[
        str,
        typer.Option(help=f"Kinds the random faults are drawn from: {','.join(FAULT_KINDS)}."),
    ] = ",".join(RANDOM_FAULT_MIX),
    faults: Annotated[
        str,
        typer.Option(
            help=f"Faults for the first requests, in order ('ok': none): {','.join(FAULT_KINDS)}."
        ),
    ] = "",
    seed: Annotated[int, typer.Option(help="Seed of the random faults.")] = 0,
    retry_after: Annotated[int, typer.Option(help="Retry-After seconds sent with 429/503.")] = 1,
    slow_seconds: Annotated[float, typer.Option(help="Delay of a 'slow' answer.")] = 2.0,
    vanish: Annotated[
        list[str] | None, typer.Option(help="A page listed by discovery but gone on fetch.")
    ] = None,
    bad_sha1: Annotated[
        list[str] | None, typer.Option("--bad-sha1", help="A page served with a wrong sha1.")
    ] = None,
    changing: Annotated[
        list[str] | None,
        typer.Option(help="A page that gets a new revision each time it is served."),
    ] = None,
    value_limit: Annotated[int, typer.Option(help="Titles/revids per request.", min=1)] = 50,
    foreign: Annotated[
        list[str] | None,
        typer.Option(help="PAGE=TITLE: PAGE is served under another page's TITLE."),
    ] = None,
    extra: Annotated[
        list[str] | None,
        typer.Option(help="PAGE=OTHER: OTHER rides along, unasked, in answers about PAGE."),
    ] = None,
    listed: Annotated[
        list[str] | None, typer.Option(help="A title every listing gives too, asked for or not.")
    ] = None,
    continuation: Annotated[
        str, typer.Option(help=f"Listings whose continue never ends: {', '.join(CONTINUATIONS)}.")
    ] = "",
    trickle_seconds: Annotated[
        float, typer.Option(help="Seconds between two bytes of a 'trickle' answer.", min=0)
    ] = 1.0,
    bomb_mb: Annotated[
        int, typer.Option(help="MB a 'gzip-bomb' answer decodes to.", min=2, max=1 << 16)
    ] = 1536,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log every request.")] = False,
    quiet: QuietOption = False,
) -> None:
    """Serve a local MediaWiki API (the subset carcdb uses) until Ctrl-C: for tests and demos."""
    from carcdb.pipeline.extract.corpus import sample_corpus_dir
    from carcdb.pipeline.fakewiki.corpus import FakeCorpus, corpus_pages, generated_pages
    from carcdb.pipeline.fakewiki.server import FakeWiki, FaultPlan

    _debug_logging(verbose)
    script = [kind.strip() for kind in faults.split(",") if kind.strip()]
    unknown = [kind for kind in script if kind not in FAULT_KINDS and kind != "ok"]
    if unknown:
        raise InputError(
            f"unknown fault(s) {unknown}", path="--faults", fix=f"use {', '.join(FAULT_KINDS)}"
        )
    mix = tuple(kind.strip() for kind in fault_mix.split(",") if kind.strip())
    unknown_mix = [kind for kind in mix if kind not in FAULT_KINDS]
    if unknown_mix or not mix:
        raise InputError(
            f"unknown fault(s) {unknown_mix}",
            path="--fault-mix",
            fix=f"use {', '.join(FAULT_KINDS)}",
        )
    if continuation and continuation not in CONTINUATIONS:
        raise InputError(
            f"unknown continuation {continuation!r}",
            path="--continuation",
            fix=f"use {', '.join(CONTINUATIONS)}",
        )
    pages = corpus_pages(corpus or sample_corpus_dir())
    pages.update(generated_pages(generated))
    plan = FaultPlan(
        rate=fault_rate,
        mix=mix,
        seed=seed,
        script=script,
        retry_after=retry_after,
        slow_seconds=slow_seconds,
        vanish=set(vanish or ()),
        bad_sha1=set(bad_sha1 or ()),
        changing=set(changing or ()),
        value_limit=value_limit,
        foreign=dict(_pair(item, "--foreign") for item in foreign or ()),
        extra=_extras(extra or ()),
        listed=tuple(listed or ()),
        continuation=continuation,
        trickle_seconds=trickle_seconds,
        bomb_mb=bomb_mb,
    )
    try:
        wiki = FakeWiki(FakeCorpus(pages), plan, port=port)
    except OSError as exc:
        raise InputError(
            f"cannot listen on 127.0.0.1:{port} ({exc})", path="--port", fix="pick another port"
        ) from None
    console.print(f"fake wiki: {len(pages)} pages at {wiki.url} (Ctrl-C stops)")
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    try:
        wiki.serve_forever()
    except (KeyboardInterrupt, Interrupted):  # Ctrl-C or `kill`: the way to stop the server
        pass
    finally:
        wiki.server_close()
        console.print(f"served {wiki.counts['requests']} requests: {dict(wiki.counts)}")
