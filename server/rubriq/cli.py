"""`rubriq` command line: check, rules, explain (and the commands of the other modules)."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

from rubriq import __version__
from rubriq.core.config import Config, load_config
from rubriq.core.engine import ALL_TIERS, CheckResult, check
from rubriq.core.findings import Severity
from rubriq.core.pairing import InputError, Pair, Skipped, find_pairs, read_text, resolve_pair
from rubriq.core.report import CheckReport, FindingReport
from rubriq.core.rules import all_rules, find_rule

EXIT_OK, EXIT_FAILED_GATE, EXIT_USAGE = 0, 1, 2
REPORT_SCHEMA_DOC = "docs/report-schema.md"


class CliError(Exception):
    """A one-line reason; the CLI prints it and exits 2."""


def _pairs_for(target: Path, output: Path | None) -> tuple[list[Pair], list[Skipped]]:
    if target.is_dir():
        if output is not None:
            raise CliError("OUT cannot be given when PROMPT is a folder")
        pairs, skipped = find_pairs(target)
        if not pairs:
            raise CliError(f"{target}: no .prompt/.out pairs in this folder")
        return pairs, skipped
    if not target.exists():
        raise CliError(f"{target}: no such file or folder")
    return [resolve_pair(target, output)], []


def load_models(config: Config, enabled: bool) -> Any:
    """The model hub for embedding/NLI metrics (models load lazily, on first use), or None when switched off."""
    if not enabled:
        return None
    from rubriq.core.models.hub import LocalModelHub

    return LocalModelHub(config)


def run_check(pair: Pair, config: Config, models: Any, tiers: frozenset[int]) -> tuple[CheckResult, CheckReport]:
    prompt_text = read_text(pair.prompt)
    output_text = read_text(pair.output)
    result = check(prompt_text, output_text, config, models=models, tiers=tiers)
    findings = [FindingReport.of(f, output_text if f.where == "output" else prompt_text) for f in result.findings]
    report = CheckReport(
        prompt_path=str(pair.prompt), output_path=str(pair.output), profile=result.profile,
        findings=findings, models=result.models,
    )
    return result, report


def _fmt_score(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def _print_table(report: CheckReport, console: Any) -> None:
    from rich.table import Table

    profile = report.profile
    console.print(f"[bold]{report.output_path}[/bold] against [bold]{report.prompt_path}[/bold]")
    console.print(f"task: [cyan]{profile.task}[/cyan] (confidence {profile.task_confidence:.2f}, cue: "
                  f"{profile.task_cue!r})   model family: [cyan]{profile.family}[/cyan]")
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for column in ("parameter", "score", "badge", "weight", "measured / reason"):
        table.add_column(column)
    for p in profile.parameters:
        note = p.detail if p.status == "ok" else f"[dim]{p.status.replace('_', ' ')}: {p.reason}[/dim]"
        table.add_row(p.name, _fmt_score(p.score), p.badge, f"{p.weight:g}", note)
    console.print(table)
    view = _fmt_score(profile.weighted_view)
    console.print(f"weighted view: [bold]{view}[/bold] ({profile.weighted_view_label}; "
                  f"{profile.scored_parameters} of {profile.total_parameters} parameters scored)")
    for where, title in (("prompt", "On the prompt (what Rubriq understood)"), ("output", "On the output")):
        rows = [f for f in report.findings if f.where == where]
        if not rows:
            continue
        console.print(f"\n[bold]{title}[/bold]")
        for f in rows:
            colour = {"error": "red", "warning": "yellow", "information": "blue", "hint": "dim"}[f.severity]
            console.print(f"  {f.line}:{f.column} [{colour}]{f.severity:<11}[/{colour}] [bold]{f.code}[/bold] "
                          f"{f.message}", highlight=False, soft_wrap=True)
    if report.config_problems:
        console.print("\n[yellow]config:[/yellow] " + "; ".join(report.config_problems))
    console.print()


def _gate_failed(report: CheckReport, fail_under: float | None, fail_on: Severity | None) -> list[str]:
    reasons = []
    view = report.profile.weighted_view
    if fail_under is not None and view is None:
        reasons.append(f"{report.output_path}: no parameter could be scored, so --fail-under cannot pass")
    elif fail_under is not None and view is not None and view < fail_under:
        reasons.append(f"{report.output_path}: weighted view {view:.2f} < {fail_under}")
    if fail_on is not None:
        worst = [f for f in report.findings if f.where == "output" and Severity(f.severity).rank >= fail_on.rank]
        if worst:
            reasons.append(f"{report.output_path}: {len(worst)} finding(s) at {fail_on.value} or above")
    return reasons


def cmd_check(args: argparse.Namespace) -> int:
    from rich.console import Console

    target = Path(args.prompt)
    pairs, skipped = _pairs_for(target, Path(args.out) if args.out else None)
    config, problems, _ = load_config(target.resolve())
    models = load_models(config, enabled=not args.no_models)
    tiers = frozenset({0}) if args.no_models else ALL_TIERS
    console = Console(stderr=False, highlight=False)
    reports: list[CheckReport] = []
    results: list[CheckResult] = []
    gate_reasons: list[str] = []
    for pair in pairs:
        result, report = run_check(pair, config, models, tiers)
        report.config_problems = problems
        reports.append(report)
        results.append(result)
        gate_reasons += _gate_failed(report, args.fail_under, Severity(args.fail_on) if args.fail_on else None)
        if args.format == "table":
            _print_table(report, console)
            if args.repairs:
                _print_repairs(result, console)
    if args.format == "json":
        document = {
            "schema_version": CheckReport.model_fields["schema_version"].default,
            "rubriq_version": __version__,
            "reports": [_report_json(report, result, args.repairs) for report, result in zip(reports, results,
                                                                                            strict=True)],
            "skipped": [{"path": str(s.path), "reason": s.reason} for s in skipped],
        }
        print(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        for s in skipped:
            console.print(f"[dim]skipped {s.path}: {s.reason}[/dim]")
    for reason in gate_reasons:
        print(f"rubriq: gate failed: {reason}", file=sys.stderr)
    return EXIT_FAILED_GATE if gate_reasons else EXIT_OK


def _report_json(report: CheckReport, result: CheckResult, with_repairs: bool) -> dict[str, Any]:
    """One report as JSON; with `--repairs`, also `repairs`: each repair prompt and the finding it answers."""
    document = report.model_dump(mode="json")
    if not with_repairs:
        return document
    try:
        from rubriq.core.repair import repairs_for
    except ImportError:
        document["repairs"] = None  # the repair library is not part of this build
        return document
    index_of = {id(finding): index for index, finding in enumerate(result.findings)}
    document["repairs"] = [
        {"finding": index_of[id(finding)], "code": finding.code,
         **repair.model_dump(mode="json", include={"family", "failure_mode", "title", "label", "explanation",
                                                   "fragment", "insert_at", "replace", "new_text"})}
        for finding, repair in repairs_for(result)
    ]
    return document


def _print_repairs(result: CheckResult, console: Any) -> None:
    try:
        from rubriq.core.repair import repairs_for
    except ImportError:
        console.print("[dim]repairs: the repair library is not installed in this build[/dim]")
        return
    shown: set[str] = set()
    for finding, repair in repairs_for(result):
        key = finding.code + json.dumps(finding.data, sort_keys=True, default=str)
        if key in shown:  # one constraint missed at many places: its repair is printed once
            console.print(f"[dim]Repair for {finding.code}: the same as above.[/dim]")
            continue
        shown.add(key)
        console.print(f"[bold]Repair for {finding.code}[/bold] ({repair.failure_mode}, {repair.family}):")
        console.print(repair.explanation, highlight=False, markup=False)
        console.print(repair.fragment, highlight=False, markup=False)
        console.print()


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
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn

    from rubriq.core.sqb.judge import JudgeConfig
    from rubriq.core.sqb.reports import write_reports
    from rubriq.core.sqb.runner import SQBUnavailable, SuiteProgress, run_suite

    suite = Path(args.suite)
    config, problems, _ = load_config(suite.resolve())
    for problem in problems:
        print(f"rubriq: config: {problem}", file=sys.stderr)
    hub = load_models(config, enabled=True)
    judge = None
    if args.judge_url or args.judge_model:
        if not (args.judge_url and args.judge_model):
            raise CliError("--judge-url and --judge-model go together")
        judge = JudgeConfig(base_url=args.judge_url, model=args.judge_model, api_key_env=args.judge_key_env,
                            runs=args.judge_runs)
    console = Console(stderr=True, highlight=False)
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  console=console, transient=True) as bar:
        task = bar.add_task("SQB", total=None)

        def progress(step: SuiteProgress) -> None:
            label = f"{step.case_id}: {step.contender}" if step.contender else "done"
            bar.update(task, description=f"SQB {label}", completed=step.done, total=step.total)

        try:
            result = run_suite(suite, hub, judge_config=judge, progress=progress, announce=console.print)
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

    check_cmd = commands.add_parser("check", help="score an output against its prompt")
    check_cmd.add_argument("prompt", metavar="PROMPT", help="a .prompt file (or its .out), or a folder of pairs")
    check_cmd.add_argument("out", metavar="OUT", nargs="?", help="the output to score (default: the sibling .out)")
    check_cmd.add_argument("--format", choices=("table", "json"), default="table",
                           help=f"table for people, json for machines (schema: {REPORT_SCHEMA_DOC})")
    check_cmd.add_argument("--fail-under", type=float, metavar="SCORE",
                           help="exit 1 when a pair's weighted view is below SCORE")
    check_cmd.add_argument("--fail-on", choices=[s.value for s in Severity], metavar="SEVERITY",
                           help="exit 1 when an output finding is at SEVERITY or above")
    check_cmd.add_argument("--no-models", action="store_true",
                           help="run only the text metrics (tier 0); model-based parameters report unavailable")
    check_cmd.add_argument("--repairs", action="store_true",
                           help="a repair prompt for each finding (printed, or under `repairs` in JSON)")
    check_cmd.set_defaults(handler=cmd_check)

    sqb_cmd = commands.add_parser("sqb", help="run the Semantic Quality Benchmark over a suite of cases")
    sqb_cmd.add_argument("suite", metavar="SUITE", help="a folder of *.sqb.yaml cases, or one case file")
    sqb_cmd.add_argument("--out", default="sqb-report", metavar="DIR", help="report folder (default: %(default)s)")
    sqb_cmd.add_argument("--judge-url", metavar="URL", help="OpenAI-compatible base URL for the blind judge (optional)")
    sqb_cmd.add_argument("--judge-model", metavar="NAME", help="the judge model")
    sqb_cmd.add_argument("--judge-key-env", default="OPENAI_API_KEY", metavar="VAR",
                         help="environment variable holding the judge's API key (default: %(default)s)")
    sqb_cmd.add_argument("--judge-runs", type=int, default=5, metavar="N", help="judge runs per pair (default: 5)")
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
    try:
        return int(args.handler(args))
    except (CliError, InputError) as exc:
        print(f"rubriq: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("rubriq: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
