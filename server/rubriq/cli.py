"""`rubriq` command line: check, rules, explain (and the commands of the other modules)."""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

from rubriq import __version__
from rubriq.core.collector import collector_paused
from rubriq.core.config import Config, load_config
from rubriq.core.engine import ALL_TIERS, CheckResult, check
from rubriq.core.findings import Finding, Severity
from rubriq.core.metrics import TIER_TEXT
from rubriq.core.pairing import OUTPUT_SUFFIX, PROMPT_SUFFIX, InputError, Pair, Skipped, read_text, resolve_pair
from rubriq.core.report import CheckReport, FindingReport, Profile
from rubriq.core.rules import all_rules, find_rule
from rubriq.formats import FORMAT_NAMES, PairOutcome, failing

EXIT_OK, EXIT_FAILED_GATE, EXIT_USAGE = 0, 1, 2
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader closed the pipe
REPORT_SCHEMA_DOC = "docs/report-schema.md"


class CliError(Exception):
    """A one-line reason; the CLI prints it and exits 2."""


def _fraction(value: str) -> float:
    """argparse type for --fail-under: a number in [0, 1], the range of every score and of the weighted view."""
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number between 0 and 1, got {value!r}") from None
    if not 0.0 <= number <= 1.0:  # also false for NaN
        raise argparse.ArgumentTypeError(f"{value} is outside [0, 1]: scores and the weighted view are in [0, 1]")
    return number


def _positive_int(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value} is below 1")
    return number


def load_models(config: Config, enabled: bool) -> Any:
    """The model hub for embedding/NLI metrics (models load lazily, on first use), or None when switched off."""
    if not enabled:
        return None
    from rubriq.core.models.hub import LocalModelHub

    return LocalModelHub(config)


def _model_settings(config: Config) -> tuple[Any, ...]:
    """The settings that decide which models load and how: pairs that agree on them share one hub."""
    return (config.embedding_model, config.nli_model, config.device, config.embedding_cache_size,
            config.nli_cache_size, config.disk_cache)


class CheckSession:
    """What one `rubriq check` run shares between its pairs: configurations, model hubs, the result cache.

    Models load once per run (one hub per distinct model settings, normally one), and only when a pair is not
    answered by the cache: a run whose pairs are all cached never imports torch.
    """

    def __init__(self, *, models: bool, cache: Any) -> None:
        self.models_enabled = models
        self.tiers = ALL_TIERS if models else frozenset({TIER_TEXT})
        self.cache = cache
        self._configs: dict[Path, tuple[Config, list[str]]] = {}
        self._hubs: dict[tuple[Any, ...], Any] = {}
        self._fingerprints: dict[tuple[Any, ...], Any] = {}

    def config_for(self, pair: Pair) -> tuple[Config, list[str]]:
        folder = pair.prompt.resolve().parent
        if folder not in self._configs:
            config, problems, _ = load_config(folder)
            self._configs[folder] = (config, problems)
        return self._configs[folder]

    def hub(self, config: Config) -> Any:
        if not self.models_enabled:
            return None
        key = _model_settings(config)
        if key not in self._hubs:
            self._hubs[key] = load_models(config, enabled=True)
        return self._hubs[key]

    def cache_key(self, prompt_text: str, output_text: str, config: Config) -> str | None:
        from rubriq.core.result_cache import cache_key, model_fingerprint

        fingerprint = None
        if self.models_enabled:
            settings = _model_settings(config)
            if settings not in self._fingerprints:
                self._fingerprints[settings] = model_fingerprint(self.hub(config), self.cache.digests)
            fingerprint = self._fingerprints[settings]
            if not fingerprint.cacheable:
                return None
        return cache_key(prompt_text, output_text, config, self.tiers, fingerprint)

    def safe_cache_key(self, prompt_text: str, output_text: str, config: Config) -> str | None:
        """The cache key, or None (the pair is checked, not cached) when a model folder cannot be read."""
        try:
            return self.cache_key(prompt_text, output_text, config)
        except OSError as exc:
            logging.getLogger("rubriq.cache").warning("result cache not used: %s", exc)
            return None

    def close(self) -> None:
        if self.cache is not None:
            self.cache.close()
        for hub in self._hubs.values():
            if hasattr(hub, "close"):
                hub.close()


def _model_usage(hub: Any) -> dict[str, Any]:
    return hub.stats() if hub is not None and hasattr(hub, "stats") else {}


def _models_used(hub: Any, before: dict[str, Any]) -> dict[str, str]:
    """The models this check used (their work counters moved): the same whichever pairs ran before it."""
    if hub is None or not hasattr(hub, "model_ids"):
        return {}
    after, ids = _model_usage(hub), hub.model_ids()
    return {kind: ids[kind] for kind in sorted(after) if kind in ids and after[kind] != before.get(kind)}


def _crashed(profile: dict[str, Any]) -> bool:
    """A metric raised or a model failed to load: such a result is not stored, so the failure is not replayed."""
    return any(p["status"] == "unavailable" and "failed" in p["reason"] for p in profile["parameters"])


def _read_pair(pair: Pair) -> tuple[str, str]:
    return read_text(pair.prompt), read_text(pair.output)


def check_pair(pair: Pair, session: CheckSession) -> PairOutcome:
    """Check one pair, or answer it from the result cache; raises InputError when a file cannot be read."""
    with collector_paused():  # the check and the line/column of every finding (core/collector.py says why)
        return _check_pair(pair, session)


def _check_pair(pair: Pair, session: CheckSession) -> PairOutcome:
    prompt_text, output_text = _read_pair(pair)
    config, problems = session.config_for(pair)
    key = session.safe_cache_key(prompt_text, output_text, config) if session.cache is not None else None
    entry = session.cache.get(key) if key is not None else None
    if entry is None:
        hub = session.hub(config)
        before = _model_usage(hub)
        result = check(prompt_text, output_text, config, models=hub, tiers=session.tiers)
        entry = {"profile": result.profile.model_dump(mode="json"),
                 "findings": [finding.model_dump(mode="json") for finding in result.findings],
                 "models": _models_used(hub, before)}
        if key is not None and not _crashed(entry["profile"]):
            session.cache.put(key, entry)
    return outcome_from_entry(pair, entry, prompt_text, output_text, problems)


def outcome_from_entry(pair: Pair, entry: dict[str, Any], prompt_text: str, output_text: str,
                       problems: list[str]) -> PairOutcome:
    """A pair's outcome from its stored result. Computed and cached results both go through here, so a cached
    answer is byte-identical to a computed one in every format."""
    profile = Profile.model_validate(entry["profile"])
    findings = [Finding.model_validate(f) for f in entry["findings"]]
    reports = [FindingReport.of(f, output_text if f.where == "output" else prompt_text) for f in findings]
    report = CheckReport(prompt_path=str(pair.prompt), output_path=str(pair.output), profile=profile,
                         findings=reports, models=dict(entry["models"]), config_problems=list(problems))

    @functools.cache
    def result() -> CheckResult:
        from rubriq.core.prompt import parse_prompt
        from rubriq.core.tasks import detect_task
        from rubriq.core.text import TextModel

        prompt = parse_prompt(prompt_text)
        return CheckResult(prompt, TextModel(output_text), detect_task(prompt), profile, findings,
                           dict(entry["models"]))

    return PairOutcome(pair, report, findings, prompt_text, output_text, result)


def _gate_failed(outcome: PairOutcome, fail_under: float | None, fail_on: Severity | None) -> list[str]:
    reasons = []
    report = outcome.report
    view = report.profile.weighted_view
    if fail_under is not None and view is None:
        reasons.append(f"{report.output_path}: no parameter could be scored, so --fail-under cannot pass")
    elif fail_under is not None and view is not None and view < fail_under:
        reasons.append(f"{report.output_path}: weighted view {view:.2f} < {fail_under}")
    worst = failing(outcome, fail_on)
    if worst and fail_on is not None:
        reasons.append(f"{report.output_path}: {len(worst)} finding(s) at {fail_on.value} or above")
    return reasons


def _unreadable(pair: Pair, exc: InputError) -> Skipped:
    """The file an InputError is about, and the reason without the path it starts with."""
    message = str(exc)
    for path in (pair.prompt, pair.output):
        if message.startswith(f"{path}: "):
            return Skipped(path, message.removeprefix(f"{path}: "))
    return Skipped(pair.output, message)


def _targets(args: argparse.Namespace) -> tuple[list[Path], Path | None]:
    """The PATH arguments and the output named by --out (or by the older `PROMPT OUT` form)."""
    paths = [Path(p) for p in args.paths] or [Path(".")]
    output = Path(args.out) if args.out else None
    # `rubriq check my.prompt answer.txt`: a second file that cannot belong to a pair is the output to score.
    if (output is None and len(paths) == 2 and paths[0].suffix == PROMPT_SUFFIX and not paths[1].is_dir()
            and paths[1].suffix not in (PROMPT_SUFFIX, OUTPUT_SUFFIX)):
        paths, output = [paths[0]], paths[1]
    if output is not None:
        if len(paths) != 1:
            raise CliError("--out names the output of one prompt: give exactly one PROMPT with it")
        if paths[0].is_dir():
            raise CliError("--out cannot be given when PROMPT is a folder")
    return paths, output


def _nothing_to_check(paths: list[Path], skipped: list[Skipped]) -> str:
    if len(paths) == 1 and paths[0].is_dir():
        return f"{paths[0]}: no .prompt/.out pairs in this folder" + (
            f" ({len(skipped)} file(s) skipped: {skipped[0].path}: {skipped[0].reason}"
            f"{', ...' if len(skipped) > 1 else ''})" if skipped else "")
    if len(skipped) == 1:
        return f"{skipped[0].path}: {skipped[0].reason}"
    shown = "; ".join(f"{s.path}: {s.reason}" for s in skipped[:3])
    return f"no .prompt/.out pair to check ({shown}{'; ...' if len(skipped) > 3 else ''})"


def cmd_check(args: argparse.Namespace) -> int:
    from rubriq.core.discovery import DiscoveryError, discover_pairs
    from rubriq.formats import RunOutcome, display_path, formatter_for
    from rubriq.terminal import ProgressLine

    paths, output = _targets(args)
    if output is not None:
        pairs, skipped = [resolve_pair(paths[0], output)], []
    else:
        try:
            pairs, skipped = discover_pairs(paths, args.exclude or (), force_exclude=args.force_exclude)
        except DiscoveryError as exc:
            raise CliError(str(exc)) from exc
    if not pairs and not args.allow_no_pairs:
        raise CliError(_nothing_to_check(paths, skipped))

    cache = None
    if not args.no_cache:
        from rubriq.core.result_cache import ResultCache, default_cache_dir

        cache = ResultCache(Path(args.cache_dir).expanduser() if args.cache_dir else default_cache_dir())
    session = CheckSession(models=not args.no_models, cache=cache)
    fail_on = Severity(args.fail_on) if args.fail_on else None
    run = RunOutcome(skipped=skipped, fail_on=fail_on, fail_under=args.fail_under, with_repairs=args.repairs,
                     quiet=args.quiet)
    formatter = formatter_for(args.output_format, sys.stdout, sys.stderr)
    gate_reasons: list[str] = []
    streaming_to_terminal = args.output_format == "table" and sys.stdout.isatty()
    try:
        with ProgressLine(len(pairs), enabled=not args.quiet) as progress:
            for done, pair in enumerate(pairs):
                progress.update(display_path(pair.output), done)
                try:
                    outcome = check_pair(pair, session)
                except InputError as exc:
                    run.unreadable.append(_unreadable(pair, exc))
                    continue
                if not run.rules_base_url:
                    run.rules_base_url = session.config_for(pair)[0].rules_base_url
                run.outcomes.append(outcome)
                gate_reasons += _gate_failed(outcome, args.fail_under, fail_on)
                with progress.paused() if streaming_to_terminal else contextlib.nullcontext():
                    formatter.pair(outcome, run)
            progress.update("", len(pairs))
    finally:
        session.close()
    if pairs and not run.outcomes:
        if len(run.unreadable) == 1:
            only = run.unreadable[0]
            raise CliError(f"{only.path}: {only.reason}")
        for problem in run.unreadable:
            print(f"rubriq: not checked: {problem.path}: {problem.reason}", file=sys.stderr)
        raise CliError(f"none of the {len(pairs)} pairs could be checked")
    formatter.finish(run)
    if args.output_format in ("json", "sarif", "junit"):
        for problem in run.unreadable:  # also in the document; said here so that a CI log shows it
            print(f"rubriq: not checked: {problem.path}: {problem.reason}", file=sys.stderr)
    if cache is not None and args.verbose:
        logging.getLogger("rubriq.cache").info("result cache %s: %d answered, %d computed", cache.folder,
                                               cache.hits, cache.misses)
    for reason in gate_reasons:
        print(f"rubriq: gate failed: {reason}", file=sys.stderr)
    return EXIT_FAILED_GATE if gate_reasons else EXIT_OK


def write_rule_docs(folder: Path) -> list[Path]:
    """docs/rules/: one page per rule and an index, generated from the registry (the single source)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for stale in folder.glob("*.md"):
        stale.unlink()
    index = ["# Rubriq rules", "", "Generated by `rubriq rules --write-docs docs/rules` from the rule registry.", "",
             "| code | name | parameter | severity | badge | title |", "|---|---|---|---|---|---|"]
    for rule in all_rules():
        page = folder / f"{rule.code}.md"
        page.write_text(rule.markdown(), encoding="utf-8")
        written.append(page)
        index.append(f"| [{rule.code}]({rule.code}.md) | `{rule.name}` | {rule.parameter or '—'} | "
                     f"{rule.severity.value} | {rule.badge} | {rule.title} |")
    (folder / "README.md").write_text("\n".join(index) + "\n", encoding="utf-8")
    return written


def cmd_rules(args: argparse.Namespace) -> int:
    if args.write_docs:
        pages = write_rule_docs(Path(args.write_docs))
        print(f"wrote {len(pages)} rule pages to {args.write_docs}")
        return EXIT_OK
    for rule in all_rules():
        badge = f" [{rule.badge}]" if rule.badge else ""
        print(f"{rule.code}  {rule.name:<32} {rule.severity.value:<11} {rule.title}{badge}")
    return EXIT_OK


def cmd_explain(args: argparse.Namespace) -> int:
    rule = find_rule(args.code)
    if rule is None:
        raise CliError(f"unknown rule code {args.code!r}; `rubriq rules` lists them")
    print(rule.markdown(), end="")
    return EXIT_OK


def cmd_models(args: argparse.Namespace) -> int:
    """What each kind of model resolves to, from where, with the weights' sha256, or why there is none."""
    config, problems, _ = load_config(Path(args.path).resolve())
    for problem in problems:
        print(f"rubriq: config: {problem}", file=sys.stderr)
    from rubriq.core.models.hub import LocalModelHub

    rows = LocalModelHub(config).describe(load=args.load)
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        for row in rows:
            if row["status"] == "unavailable":
                print(f"{row['kind']}: unavailable: {row['reason'].removeprefix('unavailable: ')}")
            else:
                print(f"{row['kind']}: {row['id']} ({row['status']})")
                print(f"  from:   {row['origin']}")
                print(f"  path:   {row['path'] or '(downloaded on first use)'}")
                print(f"  sha256: {row['sha256'] or '(not known before download)'}")
                if row.get("labels"):
                    print(f"  labels: {', '.join(row['labels'])}")
            if args.verbose_steps:
                for step in row["tried"]:
                    print(f"  tried:  {step}")
    return EXIT_OK if all(row["status"] != "unavailable" for row in rows) or not args.strict else EXIT_FAILED_GATE


def cmd_sqb(args: argparse.Namespace) -> int:
    import os

    from rich.console import Console

    from rubriq.core.sqb.judge import JudgeConfig
    from rubriq.core.sqb.reports import write_reports
    from rubriq.core.sqb.runner import SQBUnavailable, SuiteProgress, run_suite
    from rubriq.terminal import ProgressLine

    suites = [Path(s) for s in args.suite]
    config, problems, _ = load_config(suites[0].resolve())
    for problem in problems:
        print(f"rubriq: config: {problem}", file=sys.stderr)
    hub = load_models(config, enabled=True)
    judge = None
    if args.judge_url or args.judge_model:
        if not (args.judge_url and args.judge_model):
            raise CliError("--judge-url and --judge-model go together")
        judge = JudgeConfig(base_url=args.judge_url, model=args.judge_model, api_key_env=args.judge_key_env,
                            runs=args.judge_runs, concurrency=args.judge_concurrency)
    jobs = args.jobs or (os.cpu_count() or 1)  # 0: one worker process per CPU
    cache_dir = None if args.no_cache else Path(args.cache) if args.cache else Path(args.out) / "cache"
    console = Console(stderr=True, highlight=False)
    with ProgressLine(0, what="SQB") as bar:

        def progress(step: SuiteProgress) -> None:
            bar.set_total(step.total)
            bar.update(f"{step.case_id}: {step.contender}" if step.contender else "", step.done)

        def announce(message: str) -> None:
            with bar.paused():
                console.print(message)

        try:
            result = run_suite(suites, hub, judge_config=judge, progress=progress, announce=announce, jobs=jobs,
                               cache_dir=cache_dir, ray_address=args.ray)
        except SQBUnavailable as exc:
            raise CliError(str(exc)) from exc
        except ValueError as exc:  # e.g. the judge's API key is missing
            raise CliError(str(exc)) from exc
    paths = write_reports(result, Path(args.out))
    out = Console(highlight=False)
    for case in result.cases:
        out.print(f"[bold]{case.name}[/bold]")
        for c in case.contenders:
            flag = " [red]HARD FAILURE: forbidden claim stated[/red]" if c.hard_failure else ""
            cov = "—" if c.coverage_completeness is None else f"{c.coverage_completeness:.2f}"
            out.print(f"  {c.name:<16} F1 {c.factual_f1:.2f}  recall {c.factual_recall:.2f}  precision "
                      f"{c.factual_precision:.2f}  coverage {cov}  words {c.word_count}{flag}")
        for d in case.decisions:
            out.print(f"  {d.contender} vs {d.baseline}: ΔF1 {d.delta_factual_f1:+.2f} — {d.verdict}")
    out.print("reports: " + ", ".join(str(p) for p in paths.values()))
    if args.require_improvement and not result.all_improve:
        print("rubriq: --require-improvement: not every contender improves on its baseline", file=sys.stderr)
        return EXIT_FAILED_GATE
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rubriq", description="Offline, deterministic evaluation of prompt/output "
                                     "pairs (x.prompt + x.out).")
    parser.add_argument("--version", action="version", version=f"rubriq {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what Rubriq resolves and loads")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check_cmd = commands.add_parser(
        "check", help="score outputs against their prompts",
        description="Score each x.out against its x.prompt. PATHs are .prompt or .out files (each names its pair) "
                    "or folders, searched recursively for pairs (.gitignore respected). Exit codes: 0 checked, "
                    "1 a --fail-under/--fail-on gate failed, 2 bad usage or nothing could be checked.")
    check_cmd.add_argument("paths", metavar="PATH", nargs="*",
                           help="a .prompt or .out file, or a folder of pairs (default: the current folder)")
    check_cmd.add_argument("--out", metavar="FILE",
                           help="score FILE against the one PROMPT given, instead of the .out beside it")
    check_cmd.add_argument("--output-format", "--format", dest="output_format", choices=FORMAT_NAMES,
                           default="table", metavar="FORMAT",
                           help="table (people), json (schema: " + REPORT_SCHEMA_DOC + "), sarif (code scanning, "
                                "SARIF 2.1.0), junit (CI test reports), github (GitHub Actions annotations), concise "
                                "(path:line:col: CODE message); default: %(default)s")
    check_cmd.add_argument("--fail-under", type=_fraction, metavar="SCORE",
                           help="exit 1 when a pair's weighted view is below SCORE (0 to 1)")
    check_cmd.add_argument("--fail-on", choices=[s.value for s in Severity], metavar="SEVERITY",
                           help="exit 1 when an output finding is at SEVERITY or above (error, warning, information, "
                                "hint); in JUnit these findings are the failures")
    check_cmd.add_argument("--no-models", action="store_true",
                           help="run only the text metrics (tier 0); model-based parameters report unavailable")
    check_cmd.add_argument("--repairs", action="store_true",
                           help="a repair prompt for each finding (printed, or under `repairs` in JSON)")
    check_cmd.add_argument("--exclude", action="append", metavar="GLOB",
                           help="leave out files and folders matching GLOB (gitignore syntax, relative to the "
                                "current folder; repeatable); rubriq.toml's extend-exclude adds more")
    check_cmd.add_argument("--force-exclude", action="store_true",
                           help="apply the exclude patterns to files named on the command line too (pre-commit)")
    check_cmd.add_argument("--allow-no-pairs", action="store_true",
                           help="exit 0 when the PATHs hold no complete pair (pre-commit: only a .prompt changed)")
    check_cmd.add_argument("--no-cache", action="store_true",
                           help="check every pair again instead of answering unchanged ones from the result cache")
    check_cmd.add_argument("--cache-dir", metavar="DIR",
                           help="the result cache's folder (default: $RUBRIQ_CACHE_DIR, else $XDG_CACHE_HOME/rubriq)")
    check_cmd.add_argument("-q", "--quiet", action="store_true",
                           help="no progress line and no notes on skipped files: only the report and problems")
    check_cmd.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                           help="log what Rubriq resolves and loads (models, cache), with the libraries' own output")
    check_cmd.set_defaults(handler=cmd_check)

    sqb_cmd = commands.add_parser("sqb", help="run the Semantic Quality Benchmark over a suite of cases")
    sqb_cmd.add_argument("suite", metavar="SUITE", nargs="+",
                         help="folders of *.sqb.yaml cases, or case files (any name)")
    sqb_cmd.add_argument("--out", default="sqb-report", metavar="DIR", help="report folder (default: %(default)s)")
    sqb_cmd.add_argument("--judge-url", metavar="URL", help="OpenAI-compatible base URL for the blind judge (optional)")
    sqb_cmd.add_argument("--judge-model", metavar="NAME", help="the judge model")
    sqb_cmd.add_argument("--judge-key-env", default="OPENAI_API_KEY", metavar="VAR",
                         help="environment variable holding the judge's API key (default: %(default)s)")
    sqb_cmd.add_argument("--judge-runs", type=_positive_int, default=5, metavar="N",
                         help="judge runs per pair (default: 5)")
    sqb_cmd.add_argument("--judge-concurrency", type=_positive_int, default=4, metavar="N",
                         help="judge calls in flight at once (default: %(default)s)")
    sqb_cmd.add_argument("--jobs", type=int, default=0, metavar="N",
                         help="worker processes (default: one per CPU; 1 scores in this process)")
    sqb_cmd.add_argument("--cache", metavar="DIR", help="per-contender result cache, so an interrupted run continues "
                         "(default: OUT/cache)")
    sqb_cmd.add_argument("--no-cache", action="store_true", help="score everything again, keep no results")
    sqb_cmd.add_argument("--ray", metavar="ADDRESS", help="score on this Ray cluster (e.g. auto or HOST:6379; needs "
                         "rubriq[ray] on every node); --jobs then counts actors (default: one per cluster CPU)")
    sqb_cmd.add_argument("--require-improvement", action="store_true",
                         help="exit 1 unless every contender improves on its baseline by the decisive rule")
    sqb_cmd.set_defaults(handler=cmd_sqb)

    models_cmd = commands.add_parser("models", help="show which embedding and NLI models resolve, and why")
    models_cmd.add_argument("path", nargs="?", default=".", metavar="PATH", help="where to look for rubriq.toml")
    models_cmd.add_argument("--load", action="store_true", help="also load each model, to prove it is usable")
    models_cmd.add_argument("--format", choices=("table", "json"), default="table")
    models_cmd.add_argument("--steps", dest="verbose_steps", action="store_true",
                            help="list every source tried, in order")
    models_cmd.add_argument("--strict", action="store_true", help="exit 1 when a kind of model is unavailable")
    models_cmd.set_defaults(handler=cmd_models)

    rules_cmd = commands.add_parser("rules", help="list the rule registry")
    rules_cmd.add_argument("--write-docs", metavar="DIR", help="write one markdown page per rule into DIR")
    rules_cmd.set_defaults(handler=cmd_rules)
    explain_cmd = commands.add_parser("explain", help="print a rule's definition")
    explain_cmd.add_argument("code", metavar="CODE")
    explain_cmd.set_defaults(handler=cmd_explain)

    serve_cmd = commands.add_parser("serve", help="start the language server (stdio by default)")
    serve_cmd.add_argument("--tcp", metavar="HOST:PORT", help="listen on a TCP socket instead (for debugging)")
    # Many LSP clients append --stdio by convention; it names the default transport.
    serve_cmd.add_argument("--stdio", action="store_true", help="talk LSP over stdin/stdout (the default)")
    serve_cmd.set_defaults(handler=cmd_serve)
    return parser


def cmd_serve(args: argparse.Namespace) -> int:
    host, _, port = (args.tcp or "").rpartition(":")
    if args.tcp and not (host and port.isdigit()):
        raise CliError(f"--tcp expects HOST:PORT, got {args.tcp!r}")
    from rubriq.lsp.server import main as serve  # pygls is imported only for this command

    return serve(tcp=args.tcp)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="rubriq: %(message)s")
    if args.command != "serve":  # the server's stderr is its log; its own settings decide
        from rubriq.terminal import quiet_third_party

        quiet_third_party(args.verbose)
    try:
        return int(args.handler(args))
    except (CliError, InputError) as exc:
        print(f"rubriq: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("rubriq: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `rubriq check ... | head`: the reader left; say nothing more, as a shell tool does
        with contextlib.suppress(OSError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # so that the interpreter's final flush does not fail again
        return EXIT_BROKEN_PIPE


if __name__ == "__main__":
    sys.exit(main())
