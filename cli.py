"""The ``legality`` command: a thin click layer over the ``legality`` library.

Exit codes (contract, "Command line"): 0 legal, 1 illegal, 2 bad input, 3 undecided (time limit);
``batch`` has its own (see ``batch --help``).
"""

from __future__ import annotations

import gc
import os
import sys
from types import ModuleType

# The imports below build the engine and its board models: many objects, no garbage, so the cyclic collector has
# nothing to find while they run (3% of the start-up in instructions). After them, every object so far is moved to the
# collector's permanent generation (gc.freeze), which no collection looks at again: they live as long as the program,
# and the first collection after the imports would otherwise walk them all (6% of the start-up; the batch's forked
# workers inherit the frozen state, as the gc module's documentation advises before a fork). The collector is then
# turned back on, unless it was off already, in a program importing this module.
_COLLECTING = gc.isenabled()
gc.disable()
# Pydantic plugins (found among the entry points of every installed package) take no part in a verdict, and looking
# for them is 2% of the start-up; a value the user gives is kept. With all of them off, pydantic's plugin loader would
# still import importlib.metadata (and the email package with it) only to return none: a loader returning none stands
# in for it (3% of the start-up). tests/test_cli.py checks that pydantic's own loader asks for nothing more.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
if os.environ["PYDANTIC_DISABLE_PLUGINS"] == "__all__" and "pydantic.plugin._loader" not in sys.modules:
    def _no_plugins() -> tuple[()]:
        return ()

    _NO_PLUGINS = ModuleType("pydantic.plugin._loader", "Pydantic's plugin loader, all plugins off: it finds none.")
    _NO_PLUGINS.get_plugins = _no_plugins  # type: ignore[attr-defined]
    sys.modules["pydantic.plugin._loader"] = _NO_PLUGINS

import json
import signal
from collections.abc import Callable
from typing import Any, BinaryIO, NoReturn, TextIO, TypeVar

import click

from legality import (
    DEFAULT_TIME_LIMIT,
    EDITIONS,
    BoardError,
    NothingToJudge,
    RulesOptions,
    check,
    parse_board,
)
from legality.batch import (
    Interrupted,
    NotJsonLines,
    Progress,
    Settings,
    catching_signals,
    count_lines,
    iter_lines,
    judged,
    rules_options,
    run_batch,
    skipping,
)
from legality.board import BoardTooLong, read_board_text
from models import Board
from models.abilities import BOUND

if _COLLECTING:
    gc.freeze()
    gc.enable()

F = TypeVar("F", bound=Callable[..., Any])
EXIT_LEGAL, EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_UNDECIDED = 0, 1, 2, 3
EXIT_SIGNAL = 128  # plus the signal's number, as shells report it: 130 SIGINT, 141 SIGPIPE, 143 SIGTERM
EXIT_INTERNAL = 70  # EX_SOFTWARE (sysexits.h): the checker failed; never 1, which would read as "illegal"


class BadInput(click.ClickException):
    """Bad input: a clear message, exit code 2, never a traceback."""

    exit_code = EXIT_BAD_INPUT

    def __init__(self, message: str, as_json: bool = False) -> None:
        super().__init__(message)
        self.as_json = as_json

    def show(self, file: Any = None) -> None:
        if self.as_json:
            click.echo(json.dumps({"error": self.message}))
        else:
            click.echo(f"error: {self.message}", err=True)


class CardsPath(click.Path):
    """A card file that exists, or ``builtin`` (the built-in cards alone, whatever was downloaded)."""

    def __init__(self) -> None:
        super().__init__(exists=True, dir_okay=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from legality.cards import BUILTIN

        return value if value == BUILTIN else super().convert(value, param, ctx)


CARDS_HELP = ("Card library to use instead of the one `legality cards update` downloaded: a Scryfall 'Oracle Cards' "
              "or MTGJSON AtomicCards file, or 'builtin' (also LEGALITY_CARDS).")


def judging_options(f: F) -> F:
    """Options shared by every command that judges: edition, switches, output, time limit."""
    f = click.option("--time-limit", type=click.FloatRange(min=0.01), default=DEFAULT_TIME_LIMIT,
                     show_default=True, help="Seconds the solver may spend; past it the verdict is "
                     "'undecided', never a guess.")(f)
    f = click.option("--json", "as_json", is_flag=True, help="Print the verdict JSON of the contract.")(f)
    f = click.option("--paid-costs", type=click.Choice(["paid-set", "cost-free"]), default=None,
                     help="rules_options.paid_costs (overrides the board's).")(f)
    f = click.option("--conditional", type=click.Choice(["in-force", "implication"]), default=None,
                     help="rules_options.conditional (overrides the board's).")(f)
    f = click.option("--rules", type=click.Choice(list(EDITIONS)), default=None,
                     help="Rules edition (overrides the board's 'rules'; default current).")(f)
    f = click.option("--strict", is_flag=True,
                     help="Rules text that is not understood is an error (exit 2).")(f)
    f = click.option("--ignore-unread", is_flag=True,
                     help="Rules text that is not understood makes a verdict undecided (exit 3) unless this is given: "
                          "then the verdict is given as if that text changed nothing (still listing it).")(f)
    f = click.option("--cards", "cards", type=CardsPath(), default=None, envvar="LEGALITY_CARDS",
                     help=CARDS_HELP)(f)
    return f


def _options(board: Board, conditional: str | None, paid_costs: str | None) -> RulesOptions:
    return rules_options(board, conditional, paid_costs)


def _read_text(file: TextIO, as_json: bool) -> str:
    try:
        return read_board_text(file)
    except BoardTooLong as exc:
        raise BadInput(f"the board file is {exc}", as_json) from None
    except Exception as exc:
        raise BadInput(f"can't read the board file: {exc}", as_json) from None


def _read(file: TextIO, as_json: bool, cards: str | None = None, departed: bool | None = None) -> Board:
    """The board in FILE; any failure to read it (bad JSON, bad fields, anything unforeseen) is bad input."""
    text = _read_text(file, as_json)
    path = _cards(cards, as_json)
    try:
        return parse_board(text, departed, path)
    except BoardError as exc:
        raise BadInput("invalid board:\n  " + "\n  ".join(str(p) for p in exc.problems), as_json) from None
    except Exception as exc:
        raise BadInput(f"can't read the board: {type(exc).__name__}: {exc}", as_json) from None


def _cards(path: str | None, as_json: bool) -> str | None:
    from legality.cards import CardLibraryError, library

    try:
        library(path)
    except CardLibraryError as exc:
        raise BadInput(str(exc), as_json) from None
    except Exception as exc:
        raise BadInput(f"can't read the card library: {type(exc).__name__}: {exc}", as_json) from None
    return path


def _strict(unread: tuple[str, ...], strict: bool, as_json: bool) -> None:
    if strict and unread:
        raise BadInput("rules text not understood (--strict):\n  " + "\n  ".join(unread), as_json)


class Guarded(click.Group):
    """The command group: an error of the checker itself (a bug) is one line naming it and exit 70, never a traceback
    and never exit 1, which a script would read as "illegal"."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["legality.args"] = list(args)  # what --json asks of a failure's message
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as exc:
            if isinstance(exc, (click.ClickException, click.exceptions.Exit, click.exceptions.Abort)):
                raise
            message = (f"the checker failed: {type(exc).__name__}: {str(exc)[:500]} (a fault of the checker, not of "
                       "the input: please report it with the input)")
            if "--json" in ctx.meta.get("legality.args", ()):
                click.echo(json.dumps({"error": message}))
            click.echo(f"error: {message}", err=True)
            ctx.exit(EXIT_INTERNAL)


@click.group(cls=Guarded, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mtg-combat-legality")
def main() -> None:
    """Reference legality checker for combat in Magic: The Gathering."""


@main.command("check")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@judging_options
def check_cmd(file: TextIO, rules: str | None, conditional: str | None, paid_costs: str | None,
              as_json: bool, time_limit: float, cards: str | None, strict: bool,
              ignore_unread: bool) -> None:
    """Judge the latest declaration in FILE (- for standard input).

    \b
    Example:
        legality check fixtures/article/gorilla-no-block.json --rules current
    """
    board = _read(file, as_json, cards)
    try:
        verdict = check(board, rules, _options(board, conditional, paid_costs), time_limit,
                        ignore_unread=ignore_unread)
    except NothingToJudge as exc:
        raise BadInput(str(exc), as_json) from None
    _strict(verdict.not_understood, strict, as_json)
    click.echo(json.dumps(verdict.to_json(), indent=2) if as_json else verdict.to_text())
    sys.exit({True: EXIT_LEGAL, False: EXIT_ILLEGAL, None: EXIT_UNDECIDED}[verdict.legal])


@main.command("damage")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--maximize", type=click.Choice(["player", "kills"]), default=None,
              help="Where the attacking player has a choice, solve for the most damage to players, "
                   "planeswalkers and battles, or for the most creatures destroyed.")
@judging_options
def damage_cmd(file: TextIO, maximize: str | None, rules: str | None, conditional: str | None,
               paid_costs: str | None, as_json: bool, time_limit: float, cards: str | None, strict: bool,
              ignore_unread: bool) -> None:
    """Run the combat damage step(s) of FILE: check the given assignment, apply it, report the results.

    \b
    Example:
        legality damage fixtures/damage/double-strike-trample.json --json
    """
    from legality.damage import resolve_damage
    from legality.verdict import unread_undecided

    board = _read(file, as_json, cards, departed=True)
    if board.attacks is None:
        raise BadInput("the board has no $.attacks: there is no combat damage to deal", as_json)
    verdict = unread_undecided(resolve_damage(board, rules, maximize, time_limit),  # type: ignore[arg-type]
                               ignore_unread)
    _strict(verdict.not_understood, strict, as_json)
    click.echo(json.dumps(verdict.to_json(), indent=2) if as_json else verdict.to_text())
    sys.exit({True: EXIT_LEGAL, False: EXIT_ILLEGAL, None: EXIT_UNDECIDED}[verdict.legal])


@main.command("options")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--limit", type=click.IntRange(min=0), default=20, show_default=True,
              help="How many legal declarations to print (all are counted).")
@judging_options
def options_cmd(file: TextIO, limit: int, rules: str | None, conditional: str | None,
                paid_costs: str | None, as_json: bool, time_limit: float, cards: str | None, strict: bool,
              ignore_unread: bool) -> None:
    """List the legal declarations for the next declaration to be made, and count them.

    \b
    Example:
        legality options fixtures/article/gorilla-no-block.json --rules 2006 --limit 5
    """
    from legality.options import legal_declarations

    board = _read(file, as_json, cards)
    try:
        listing = legal_declarations(board, rules, _options(board, conditional, paid_costs), limit, time_limit)
    except BoardError as exc:  # blockers asked for after an attack no player may make
        raise BadInput("invalid board:\n  " + "\n  ".join(str(p) for p in exc.problems), as_json) from None
    click.echo(json.dumps(listing.to_json(), indent=2) if as_json else listing.to_text())
    sys.exit(EXIT_LEGAL if listing.complete else EXIT_UNDECIDED)


@main.command("batch")
@click.argument("file", type=click.File("rb"))
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (one CP-SAT worker each).")
@click.option("--explain", type=click.Choice(["full", "verdict", "none"]), default="full", show_default=True,
              help="full: every verdict field; verdict: no other editions' answers and 'better' is any maximum, "
                   "not the closest; none: also no maximum for a declaration that breaks a restriction.")
@click.option("--dask", "dask", default=None, metavar="ADDRESS",
              help="Judge on a Dask cluster (scheduler ADDRESS, or local[:N] for N local workers); "
                   "needs pip install 'legality[dask]'.")
@click.option("--output", "-o", "output", type=click.Path(dir_okay=False), default=None,
              help="Write the verdicts to this file (appended to with --resume) instead of standard output.")
@click.option("--resume", is_flag=True, help="Skip lines whose id already has a verdict in --output.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar on standard error.")
@judging_options
def batch_cmd(file: BinaryIO, jobs: int, explain: str, dask: str | None, output: str | None, resume: bool,
              quiet: bool, rules: str | None, conditional: str | None, paid_costs: str | None,
              as_json: bool, time_limit: float, cards: str | None, strict: bool,
              ignore_unread: bool) -> None:
    """Judge a JSON Lines file (UTF-8, one board a line): one JSON line out per board line in, in order.

    A line that can't be judged gets an error object instead of a verdict, with its "line" number
    (counted from 1 over every line of FILE) and the board's "id" when its JSON parses. Blank lines
    are skipped. Ctrl-C or SIGTERM stops the batch: the lines written so far stay whole.

    \b
    Exit codes:
        0    every line judged (each verdict says legal, illegal or undecided)
        1    some lines are error lines (with --resume, in the whole output: error lines of the
             earlier run are kept and their lines not judged again)
        2    bad input as a whole: unreadable FILE, UTF-16 text, bad --cards
        130  interrupted by SIGINT (Ctrl-C); 143 by SIGTERM; 141 standard output closed

    \b
    Example:
        legality batch fixtures/boards.jsonl --jobs 2 > verdicts.jsonl

    On a Dask cluster: --dask tcp://SCHEDULER:8786 (or --dask local:4), with -o FILE --resume to
    carry on where an earlier run stopped.
    """
    settings = Settings(rules, conditional, paid_costs, time_limit, _cards(cards, False), strict,
                        ignore_unread=ignore_unread, explain=explain)  # type: ignore[arg-type]
    if resume and output is None:
        raise BadInput("--resume needs --output: the file whose verdicts are kept")
    runner = None
    if dask is not None:
        from legality.batch_dask import DaskMissing, dask_runner

        if dask.startswith("local:") and not dask[6:].isdigit():
            raise BadInput(f"--dask {dask!r}: give local, local:N (N workers) or a scheduler address")
        try:
            runner = dask_runner(dask)
        except DaskMissing as exc:
            raise BadInput(str(exc)) from None
    from legality.text.cache import check_private

    check_private()  # a readings store not used is said here: the workers can't write to standard error
    done = judged(output) if resume and output is not None else None
    sink = open(output, "a" if resume else "w", encoding="utf-8") if output else None  # noqa: SIM115
    def write(text: str) -> None:
        if sink is None:
            click.echo(text)
        else:
            sink.write(text + "\n")

    progress = None
    if not quiet and sys.stderr.isatty():
        progress = Progress(count_lines(file.name) if not done else None, sys.stderr)
    lines = skipping(iter_lines(file), done) if done else iter_lines(file)
    try:
        with catching_signals() as guard:
            try:
                tally = run_batch(lines, settings, jobs, write, guard, runner, progress)
            except NotJsonLines as exc:
                raise BadInput(str(exc)) from None
            except OSError as exc:
                if isinstance(exc, BrokenPipeError):
                    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing more can reach the reader
                    click.echo("error: standard output was closed; batch stopped", err=True)
                    sys.exit(EXIT_SIGNAL + signal.SIGPIPE)
                raise BadInput(f"can't read {file.name}: {exc}") from None
            except Interrupted as exc:
                if progress is not None:
                    progress.close()
                if sink is not None:
                    sink.close()
                name = signal.Signals(exc.signum).name
                click.echo(f"interrupted by {name}: {exc.written} line{'s' * (exc.written != 1)} written", err=True)
                _leave(EXIT_SIGNAL + exc.signum)
    finally:
        if progress is not None:
            progress.close()
        if sink is not None:
            sink.close()
    sys.exit(EXIT_ILLEGAL if tally.errors or (done is not None and done.errors) else EXIT_LEGAL)


def _leave(code: int) -> NoReturn:
    """Exit at once after an interrupt: the output is flushed, and no exit-time clean-up of the worker
    pool (which a signal may have left mid-operation) can keep the process waiting; the workers die
    with it (batch.py asks the kernel to kill them when their parent dies)."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


@main.command("regress")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--suite", type=click.Choice(["builtin"]), default=None,
              help="Also run a suite shipped with the project: 'builtin' is the published rules questions "
                   "and the fixtures.")
@click.option("--answers", "answers", type=click.Path(dir_okay=False), default=None,
              help="Engine mode: JSON Lines of another program's rulings {\"id\", \"rules\", \"legal\"} "
                   "(optionally \"violations\") for the boards in PATHS, compared with the checker's.")
@click.option("--junit", "junit_file", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write a JUnit XML report here (a test case per board and edition).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON result object per case (the summary goes to "
                                                          "standard error).")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("-k", "pattern", default=None,
              help="Only cases whose id, source folder or source contains PATTERN (or matches it, with * ? [).")
@click.option("--rules", type=click.Choice(list(EDITIONS)), default=None, help="Only the cases of this edition.")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=DEFAULT_TIME_LIMIT, show_default=True,
              help="Seconds the solver may spend per case; past it the case is UNDECIDED, never a pass.")
@click.option("--ignore-unread", is_flag=True,
              help="Judge boards whose rules text is not all understood instead of counting them UNDECIDED.")
@click.option("--cards", "cards", type=CardsPath(), default=None, envvar="LEGALITY_CARDS", help=CARDS_HELP)
def regress_cmd(paths: tuple[str, ...], suite: str | None, answers: str | None, junit_file: str | None,
                as_json: bool, jobs: int, pattern: str | None, rules: str | None, time_limit: float,
                ignore_unread: bool, cards: str | None) -> None:
    """Run rules questions with expected rulings (meta.expect) and report PASS/FAIL per board and edition.

    PATHS are board files, folders (searched recursively for *.json and *.jsonl) and JSON Lines files.
    Boards with no expectation are listed, never counted as passes. A case whose verdict is undecided
    (time limit, rules text not understood) is UNDECIDED, never a pass; a case marked with a
    meta.known_gap that fails is XFAIL (listed, not a failure).

    \b
    Exit codes:
        0    every case passed (or is a known gap)
        1    a case failed, erred or is undecided; in engine mode also an answer for an unknown id
             or a board without an answer; or no case at all was judged
        2    bad input: a file, line, board or expectation that can't be read (file and JSON path named)

    Engine mode (--answers FILE): the checker judges each board of PATHS itself and reports where the
    other program's rulings differ (with the checker's explanation, and a legal declaration where the
    other program accepted an illegal one); answers for unknown ids and boards without an answer are listed.

    \b
    Examples:
        legality regress --suite builtin --jobs 2
        legality regress fixtures/questions -k goad --rules current
    """
    from pathlib import Path

    from legality import regress as rg

    targets: list[str | Path] = list(paths)
    bare: tuple[rg.Entry, ...] = ()
    unknown: tuple[rg.Answer, ...] = ()
    unanswered: tuple[rg.Entry, ...] = ()
    try:
        if suite == "builtin":
            targets += rg.builtin_suite()
        if not targets:
            raise BadInput("give a PATH or --suite builtin")
        library = _cards(cards, False)
        if answers is not None:
            entries = rg.read_entries(targets, library)
            pairing = rg.pair(entries, rg.read_answers(answers))
            cases, unknown, unanswered = pairing.cases, pairing.unknown, pairing.unanswered
        else:
            found = rg.collect(targets, library)
            cases, bare = found.cases, found.without_expectation
    except rg.SuiteError as exc:
        raise BadInput("bad input:\n  " + "\n  ".join(exc.problems)) from None
    chosen = rg.select(cases, pattern, rules)
    tty = sys.stderr.isatty()

    def progress(n: int, outcome: rg.Outcome) -> None:
        if tty:
            click.echo(f"\r[{n}/{len(chosen)}] {outcome.case.id}"[:100].ljust(100), err=True, nl=False)

    try:
        outcomes = rg.run(chosen, rg.Options(time_limit, library, ignore_unread), jobs, progress)
    except KeyboardInterrupt:
        click.echo("\ninterrupted", err=True)
        sys.exit(EXIT_SIGNAL + signal.SIGINT)
    if tty:
        click.echo("\r" + " " * 100 + "\r", err=True, nl=False)
    report = rg.Report(tuple(outcomes), bare, unknown, unanswered, engine=answers is not None)
    if as_json:
        for obj in rg.json_objects(report):
            click.echo(json.dumps(obj))
        for line in rg.summary(report):
            click.echo(line, err=True)
    else:
        for line in rg.text_lines(report):
            click.echo(line)
    if junit_file is not None:
        try:
            rg.junit(report, junit_file)
        except OSError as exc:
            raise BadInput(f"can't write the JUnit report {junit_file}: {exc}") from None
    sys.exit(EXIT_LEGAL if report.green else EXIT_ILLEGAL)


@main.command("card")
@click.argument("name", required=False)
@click.option("--text", "text", default=None, help="Read this rules text instead of a library card's.")
@click.option("--cards", "cards", type=CardsPath(), default=None, envvar="LEGALITY_CARDS", help=CARDS_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print what was understood as JSON.")
@click.option("--hand-size", type=click.IntRange(min=0, max=BOUND), default=None,
              help="Cards in its controller's hand, for texts that count them.")
@click.option("--x", "x", type=click.IntRange(min=-BOUND, max=BOUND), default=None,
              help="The value of X, for texts that use it.")
def card_cmd(name: str | None, text: str | None, cards: str | None, as_json: bool, hand_size: int | None,
             x: int | None) -> None:
    """Show what the checker understands from a card's rules text: abilities in plain words, with rules.

    \b
    Examples:
        legality card "Gorilla Berserkers"
        legality card --text "Creatures without flying can't attack."
    """
    from legality.cards import library, lookup
    from legality.text.context import Context
    from legality.text.describe import KIND_WORDS, describe, reading_json
    from legality.text.read import read

    if text is None:
        if name is None:
            raise BadInput("give a card NAME or --text", as_json)
        card = lookup(name, _cards(cards, as_json))
        if card is None:
            hint = library(cards).missing("read free text with --text")
            raise BadInput(f"no card named {name!r} in the card library ({hint})", as_json)
        text, name = card.oracle, card.name
        head = f"{card.name}: {' '.join(card.supertypes + card.types)}" + (
            f" — {' '.join(card.subtypes)}" if card.subtypes else "") + (
            f" {card.power}/{card.toughness}" if card.power is not None else "")
        head = "\n".join([head, *(f"  ({note})" for note in card.notes())])
    else:
        head = f"text{f' of {name}' if name else ''}"
    readings = read(text, name, Context(x=x, hand_size=hand_size, source_id=name))
    if as_json:
        click.echo(json.dumps({"name": name, "text": text, "sentences": [reading_json(r) for r in readings]},
                              indent=2))
        return
    click.echo(head)
    for r in readings:
        mark = {"understood": "+", "no combat meaning": "-", "not understood": "?"}[r.status]
        click.echo(f"  {mark} {r.sentence}  [{'keywords' if r.template == 'keywords' else KIND_WORDS[r.kind]}]")
        for kw in r.keywords:
            click.echo(f"      keyword: {kw}")
        for a in r.abilities:
            click.echo(f"      {describe(a)}")
        if (r.status != "understood" or r.event) and r.note:
            click.echo(f"      ({r.status}: {r.note})")
        elif r.apart:
            click.echo(f"      ({r.note.split('; ', 1)[-1]})")
    if not readings:
        click.echo("  (no rules text)")


@main.group("cards", invoke_without_command=True)
@click.option("--cards", "cards", type=CardsPath(), default=None, envvar="LEGALITY_CARDS", help=CARDS_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print it as JSON.")
@click.pass_context
def cards_group(ctx: click.Context, cards: str | None, as_json: bool) -> None:
    """The card library: which one the commands and the page use, its source, date and number of cards.

    Without `legality cards update` the library is the built-in cards (those of the examples); after
    it, every card, tokens and faces of double-faced, split, adventure and flip cards included, kept
    in the user's data folder (LEGALITY_DATA_DIR moves it). --cards or LEGALITY_CARDS override it.

    \b
    Examples:
        legality cards
        legality cards --json
    """
    if ctx.invoked_subcommand is not None:
        return
    from legality.cards.status import lines, status

    _cards(cards, as_json)
    if as_json:
        click.echo(json.dumps(status(cards), indent=2))
    else:
        click.echo("\n".join(lines(cards)))


@cards_group.command("update")
@click.option("--url", default=None, metavar="URL",
              help="Download from this bulk-data index (Scryfall's shape) or card file instead of Scryfall's "
                   "index, e.g. a mirror [default: https://api.scryfall.com/bulk-data].")
@click.option("--file", "file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Use a card file already downloaded: Scryfall 'Oracle Cards' or MTGJSON AtomicCards "
                   "(plain, .gz, .xz or .bz2).")
@click.option("--max-size", type=click.IntRange(min=1), default=512, show_default=True, metavar="MB",
              help="Megabytes a download or card file may have.")
@click.option("--timeout", type=click.FloatRange(min=1), default=1800, show_default=True, metavar="SECONDS",
              help="Seconds the whole download may take (a connection silent for 60 s counts as dropped).")
@click.option("--retries", type=click.IntRange(min=0, max=20), default=3, show_default=True,
              help="Further attempts after a dropped connection, each resuming where the last stopped.")
@click.option("--min-cards", type=click.IntRange(min=0), default=10_000, show_default=True,
              help="Refuse data with fewer cards than this (a truncated or wrong file).")
@click.option("--force", is_flag=True, help="Download even when the index names the data already stored.")
@click.option("--quiet", "-q", is_flag=True, help="No progress on standard error.")
def cards_update_cmd(url: str | None, file: str | None, max_size: int, timeout: float, retries: int,
                     min_cards: int, force: bool, quiet: bool) -> None:
    """Download the current card data and keep it as the library every command and the page use.

    By default: Scryfall's bulk data "Oracle Cards" (about 160 MB), found through its bulk-data
    index. A dropped connection is resumed where the server allows it (also by the next update). The
    data is checked (JSON shape, number of cards) before it replaces the stored library, whole: a
    failed or refused update leaves the library as it was.

    \b
    Exit codes:
        0    stored, or already up to date
        1    the download failed (network, HTTP error, size or time limit) or the update could not run
        2    bad input: not an http(s) URL, a file or download that isn't card data, too few cards
    """
    from legality.cards import CardLibraryError
    from legality.cards.fetch import FetchError, Limits
    from legality.cards.status import lines
    from legality.cards.update import Report, Request, UpdateError, update

    if url is not None and file is not None:
        raise BadInput("give --url or --file, not both")
    request = Request(url, file, Limits(max_bytes=max_size * 2**20, seconds=timeout, retries=retries), min_cards,
                      force)
    report = Report(None if quiet else sys.stderr, bars=not quiet and sys.stderr.isatty())
    try:
        update(request, report)
    except CardLibraryError as exc:
        raise BadInput(f"{exc}\nthe card library was not changed") from None
    except (FetchError, UpdateError) as exc:
        click.echo(f"error: {exc}\nthe card library was not changed", err=True)
        sys.exit(1)
    click.echo("\n".join(lines()))


@cards_group.command("remove")
def cards_remove_cmd() -> None:
    """Delete the downloaded card library: the commands and the page use the built-in cards again."""
    from legality.cards.update import remove

    removed = remove()
    click.echo(f"removed {removed}" if removed else "no downloaded card library to remove")


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default lets only this machine in (0.0.0.0: every network).")
@click.option("--port", type=click.IntRange(min=0, max=65535), default=8000, show_default=True)
@click.option("--cards", "cards", type=CardsPath(), default=None, envvar="LEGALITY_CARDS", help=CARDS_HELP)
@click.option("--fixtures", "fixtures", type=click.Path(exists=True, file_okay=False), default=None,
              help="Folder of fixture boards the page lists (default: ./fixtures when there is one).")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=DEFAULT_TIME_LIMIT, show_default=True,
              help="Seconds of solving allowed per request; past it the verdict is 'undecided'.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Requests judged at once, each in a worker process of its own [default: the number of cores].")
@click.option("--queue", type=click.IntRange(min=0), default=None,
              help="Requests that may wait for a worker; more are refused (503) [default: 4 per worker, at least 16].")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Another name requests may address the server by (the Host header), e.g. this machine's name "
                   "with --host 0.0.0.0; repeatable.")
@click.option("--read-timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Seconds for a request's line and headers, and again for its body, to arrive.")
def serve_cmd(host: str, port: int, cards: str | None, fixtures: str | None, time_limit: float, workers: int | None,
              queue: int | None, allow_hosts: tuple[str, ...], read_timeout: float) -> None:
    """Start the judge's web page and its JSON API (needs the [serve] extra), then open the address
    it prints (by default http://127.0.0.1:8000/) in a browser. Ctrl-C stops it."""
    try:
        import uvicorn

        from legality.serve import ServeSettings, create_app
        from legality.serve.guard import served_names
        from legality.serve.protocol import with_header_timeout
    except ImportError as exc:
        raise BadInput(f"the page needs the [serve] extra: pip install 'mtg-combat-legality[serve]' ({exc})") from None
    from pathlib import Path

    folder = Path(fixtures) if fixtures else next((p for p in (Path("fixtures"), Path(__file__).parent / "fixtures")
                                                   if p.is_dir()), None)
    names = served_names(host, allow_hosts)
    app = create_app(ServeSettings(cards=_cards(cards, False), fixtures=folder, time_limit=time_limit, workers=workers,
                                   queue=queue, hosts=tuple(sorted(names)), read_timeout=read_timeout))
    where = "only this machine can reach it" if host in ("127.0.0.1", "localhost", "::1") else \
        f"listening on {host}: other machines may reach it by the names {', '.join(sorted(names))} (--allow-host)"
    click.echo(f"legality: serving the page on http://{host}:{port}/ ({where})", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", http=with_header_timeout(read_timeout))


@main.command("schema")
def schema_cmd() -> None:
    """Print the JSON Schema of the board file, generated from the models."""
    from legality.regress.expect import META_SCHEMA

    schema = Board.model_json_schema()
    for branch in schema["properties"]["meta"].get("anyOf", []):
        if branch.get("type") == "object":
            branch["properties"] = META_SCHEMA  # the expectations `regress` reads; other fields stay free
    click.echo(json.dumps(schema, indent=2))


if __name__ == "__main__":
    main()
