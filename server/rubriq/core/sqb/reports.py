"""SQB reports: JSON (stable schema), Markdown, and a self-contained HTML page with charts."""

from __future__ import annotations

import html
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rubriq.core.sqb.runner import CaseResult, SuiteResult

METRICS = (("factual_recall", "Recall"), ("factual_precision", "Precision"), ("factual_f1", "Factual F1"),
           ("coverage_completeness", "Coverage"), ("multi_hop_recall", "Multi-hop recall"))
PALETTE = ("#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756", "#72b7b2")


def to_json(result: SuiteResult) -> dict[str, Any]:
    return {
        "schema_version": result.schema_version, "rubriq_version": result.rubriq_version, "suite": result.suite,
        "models": result.models, "thresholds": result.thresholds, "judge": result.judge,
        "cases": [{
            "name": case.name, "path": case.path, "task": case.task, "fact_ids": case.fact_ids,
            "contenders": [c.to_json() for c in case.contenders],
            "decisions": [asdict(d) for d in case.decisions],
            "disclosure": disclosure(case),
        } for case in result.cases],
    }


def disclosure(case: CaseResult) -> dict[str, list[str]]:
    """The spec's disclosure lines (§2.8), per contender."""
    lines = {}
    for c in case.contenders:
        judge = c.judge.get("contender_score" if not c.baseline else "baseline_score") if c.judge else None
        coverage = "n/a" if c.coverage_completeness is None else f"{c.coverage_completeness:.2f}"
        lines[c.name] = [
            f"CRP-Quality-Factual-F1: {c.factual_f1:.2f}",
            f"CRP-Quality-Coverage-Completeness: {coverage}",
            f"CRP-Quality-Judge-Score: {f'{judge:.1f}/5.0' if judge is not None else 'not run'}",
        ]
    return lines


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def to_markdown(result: SuiteResult) -> str:
    out = [f"# SQB report: {result.suite}", "", f"Rubriq {result.rubriq_version}; models: "
           + ", ".join(f"{k} `{v}`" for k, v in sorted(result.models.items())), ""]
    for case in result.cases:
        out += [f"## {case.name}", "", f"Task: {case.task}", "",
                "| contender | recall | precision | factual F1 | coverage | multi-hop | forbidden | words "
                "| 6-gram rep. |",
                "|---|---|---|---|---|---|---|---|---|"]
        for c in case.contenders:
            name = f"{c.name} (baseline)" if c.baseline else c.name
            forbidden = f"**{len(c.forbidden_violations)} — hard failure**" if c.hard_failure else "0"
            out.append(f"| {name} | {_fmt(c.factual_recall)} | {_fmt(c.factual_precision)} | {_fmt(c.factual_f1)} | "
                       f"{_fmt(c.coverage_completeness)} | {_fmt(c.multi_hop_recall)} | {forbidden} | {c.word_count} | "
                       f"{c.repetition_6gram:.3f} |")
        out += ["", "**Decisive rule** (improves iff ΔFactual-F1 > 0 and ΔJudge > 0):", ""]
        for d in case.decisions:
            judge = "no judge run" if d.delta_judge is None else f"ΔJudge {d.delta_judge:+.2f}"
            out.append(f"- {d.contender} vs {d.baseline}: ΔFactual-F1 {d.delta_factual_f1:+.2f}, {judge}: {d.verdict}")
        out += ["", "**Disclosure**", "", "```"]
        for name, lines in disclosure(case).items():
            out += [f"[{name}]", *lines]
        out += ["```", "", "**Missed facts**", ""]
        for c in case.contenders:
            missed = [f for f in c.facts if not f.present]
            kinds = {k: sum(f.missed_because == k for f in missed) for k in ("generation", "retrieval")}
            out.append(f"- {c.name}: {len(missed)} missed ({kinds['generation']} generation failures, "
                       f"{kinds['retrieval']} retrieval failures, {len(missed) - sum(kinds.values())} unattributed)")
        violations = [(c.name, v) for c in case.contenders for v in c.forbidden_violations]
        if violations:
            out += ["", "**Forbidden claims stated**", ""]
            out += [f"- {name}: “{v['claim']}” (evidence: “{v['evidence'][:160]}”)" for name, v in violations]
        out.append("")
    return "\n".join(out)


def _bar_chart(case: CaseResult) -> str:
    width, height, left, top = 640, 220, 40, 10
    groups = [(label, [getattr(c, key) for c in case.contenders]) for key, label in METRICS]
    group_w = (width - left) / len(groups)
    bar_w = min(24.0, (group_w - 16) / max(len(case.contenders), 1))
    parts = [f'<svg viewBox="0 0 {width} {height + 40}" role="img" aria-label="metrics per contender">']
    for tick in (0, 0.5, 1):
        y = top + height * (1 - tick)
        parts.append(f'<line x1="{left}" x2="{width}" y1="{y}" y2="{y}" stroke="#ddd"/>'
                     f'<text x="{left - 6}" y="{y + 4}" text-anchor="end" font-size="11">{tick:g}</text>')
    for g, (label, values) in enumerate(groups):
        x0 = left + g * group_w + 8
        for i, value in enumerate(values):
            if value is None:
                continue
            h = height * value
            parts.append(f'<rect x="{x0 + i * bar_w:.1f}" y="{top + height - h:.1f}" width="{bar_w - 2:.1f}" '
                         f'height="{h:.1f}" fill="{PALETTE[i % len(PALETTE)]}">'
                         f"<title>{html.escape(case.contenders[i].name)} {label}: {value:.2f}</title></rect>")
        parts.append(f'<text x="{x0 + group_w / 2 - 8:.1f}" y="{top + height + 18}" text-anchor="middle" '
                     f'font-size="12">{label}</text>')
    parts.append("</svg>")
    legend = " ".join(f'<span class="key" style="background:{PALETTE[i % len(PALETTE)]}"></span>{html.escape(c.name)}'
                      for i, c in enumerate(case.contenders))
    return "".join(parts) + f'<p class="legend">{legend}</p>'


def _fact_matrix(case: CaseResult) -> str:
    head = "".join(f"<th>{html.escape(c.name)}</th>" for c in case.contenders)
    rows = []
    for index, fact_id in enumerate(case.fact_ids):
        first = case.contenders[0].facts[index]
        cells = []
        for c in case.contenders:
            f = c.facts[index]
            mark = "✓" if f.present else ("✗ gen" if f.missed_because == "generation" else
                                          "✗ ret" if f.missed_because == "retrieval" else "✗")
            cells.append(f'<td class="{"yes" if f.present else "no"}" title="P(entail) {f.score:.2f}">{mark}</td>')
        hop = " (multi-hop)" if first.multi_hop else ""
        rows.append(f"<tr><th>{html.escape(fact_id)}</th><td class='fact'>{html.escape(first.text)}{hop}</td>"
                    f"{''.join(cells)}</tr>")
    return f"<table class='matrix'><tr><th>id</th><th>reference fact</th>{head}</tr>{''.join(rows)}</table>"


def to_html(result: SuiteResult) -> str:
    style = ("body{font:14px system-ui,sans-serif;margin:2rem;max-width:1100px;color:#222}"
             "table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}"
             ".yes{background:#d9f2d9;text-align:center}.no{background:#f8d7d7;text-align:center}"
             ".fact{max-width:520px}.key{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px}"
             ".hard{color:#b00;font-weight:bold}.verdict{margin:.3rem 0}pre{background:#f5f5f5;padding:.6rem}")
    body = [f"<h1>SQB report</h1><p>Suite <code>{html.escape(result.suite)}</code>; Rubriq "
            f"{html.escape(result.rubriq_version)}; models: "
            + ", ".join(f"{html.escape(k)} <code>{html.escape(v)}</code>" for k, v in sorted(result.models.items()))
            + "</p>"]
    for case in result.cases:
        body.append(f"<h2>{html.escape(case.name)}</h2><p>{html.escape(case.task)}</p>")
        body.append(_bar_chart(case))
        rows = "".join(
            f"<tr><td>{html.escape(c.name)}{' (baseline)' if c.baseline else ''}</td><td>{_fmt(c.factual_f1)}</td>"
            f"<td>{_fmt(c.coverage_completeness)}</td><td class='{'hard' if c.hard_failure else ''}'>"
            f"{len(c.forbidden_violations)}{' hard failure' if c.hard_failure else ''}</td><td>{c.word_count}</td>"
            f"<td>{c.repetition_6gram:.3f}</td></tr>" for c in case.contenders)
        body.append("<table><tr><th>contender</th><th>factual F1</th><th>coverage</th><th>forbidden</th>"
                    f"<th>words</th><th>6-gram repetition</th></tr>{rows}</table>")
        body += [f"<p class='verdict'><b>{html.escape(d.contender)}</b> vs {html.escape(d.baseline)}: ΔFactual-F1 "
                 f"{d.delta_factual_f1:+.2f}; {html.escape(d.verdict)}</p>" for d in case.decisions]
        lines = "\n".join(f"[{name}]\n" + "\n".join(ls) for name, ls in disclosure(case).items())
        body.append(f"<pre>{html.escape(lines)}</pre><h3>Which facts each contender conveyed</h3>")
        body.append(_fact_matrix(case))
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>SQB report</title>"
            f"<style>{style}</style></head><body>{''.join(body)}</body></html>\n")


def write_reports(result: SuiteResult, folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = {kind: folder / f"sqb-report.{suffix}" for kind, suffix in (("json", "json"), ("markdown", "md"),
                                                                          ("html", "html"))}
    paths["json"].write_text(json.dumps(to_json(result), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    paths["markdown"].write_text(to_markdown(result), encoding="utf-8")
    paths["html"].write_text(to_html(result), encoding="utf-8")
    return paths
