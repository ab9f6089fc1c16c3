"""SQB reports: JSON (stable schema), Markdown, and a self-contained HTML page with charts.

Every number comes with its why: per contender the fact matrix with the evidence sentence of each fact, the topic
table, the unsupported claims with their closest source sentence, each forbidden claim's evidence and reason, and
for every missed fact whether retrieval or generation lost it. The HTML page loads nothing from the network
(inline SVG and CSS, no script). Text from a case is escaped in both Markdown and HTML.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rubriq.core.sqb.matching import Evidence, quote
from rubriq.core.sqb.metrics import ContenderScores
from rubriq.core.sqb.runner import CaseResult, SuiteResult

METRICS = (("factual_recall", "Recall"), ("factual_precision", "Precision"), ("factual_f1", "Factual F1"),
           ("coverage_completeness", "Coverage"), ("multi_hop_recall", "Multi-hop recall"))
PALETTE = ("#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756", "#72b7b2")
MISS_KINDS = (("conveyed", "conveyed", "#3b8f3b"),  # colours apart from PALETTE's: the charts are told apart
              ("generation", "missed: generation (was in the envelope)", "#e8a33d"),
              ("retrieval", "missed: retrieval (not in the envelope)", "#c23b4e"),
              ("unattributed", "missed: no envelope to tell", "#9d9d9d"))


def to_json(result: SuiteResult) -> dict[str, Any]:
    return {
        "schema_version": result.schema_version, "rubriq_version": result.rubriq_version, "suite": result.suite,
        "models": result.models, "matcher": result.matcher, "thresholds": result.thresholds, "judge": result.judge,
        "cases": [{
            "name": case.name, "path": case.path, "task": case.task, "fact_ids": case.fact_ids,
            "warnings": case.warnings,
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


def miss_counts(c: ContenderScores) -> dict[str, int]:
    return {"conveyed": sum(f.present for f in c.facts), "generation": len(c.missed("generation")),
            "retrieval": len(c.missed("retrieval")), "unattributed": len(c.missed(None))}


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


# -- Markdown --------------------------------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|])")


def md(text: str, limit: int = 240) -> str:
    """Case text made inert in Markdown: one line, HTML escaped (no raw tags survive), emphasis/link/table
    characters backslash-escaped."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(quote(text, limit), quote=False))


def _inert_in_code(text: str) -> str:
    """A name inside a fenced code block: no backticks (they could close the fence), HTML escaped anyway."""
    return html.escape(quote(text, 120).replace("`", "'"), quote=False)


def _md_evidence(evidence: list[Evidence]) -> str:
    return f"“{md(' '.join(e.text for e in evidence))}”" if evidence else "—"


def _md_contender(c: ContenderScores) -> list[str]:
    out = [f"### {md(c.name)}{' (baseline)' if c.baseline else ''}", ""]
    out += ["**Reference facts**", "", "| fact | conveyed | P | evidence (output) | why missed |",
            "|---|---|---|---|---|"]
    for f in c.facts:
        hop = " (multi-hop)" if f.multi_hop else ""
        why = "—"
        if not f.present:
            why = {"generation": "generation: the envelope had it", "retrieval": "retrieval: not in the envelope"}.get(
                f.missed_because or "", "unattributed: no envelope")
            if f.envelope is not None and f.envelope.evidence:
                why += f" (envelope: “{md(f.envelope.evidence_text, 120)}”)"
        out.append(f"| {md(f.id)}: {md(f.text, 160)}{hop} | {'yes' if f.present else '**no**'} | {f.score:.2f} | "
                   f"{_md_evidence(f.evidence)} | {why} |")
    if c.topics:
        out += ["", "**Required topics**", "", "| topic | addressed | score | evidence | why |",
                "|---|---|---|---|---|"]
        for t in c.topics:
            evidence = f"“{md(t.evidence.text)}”" if t.evidence else "—"
            out.append(f"| {md(t.topic)} | {'yes' if t.addressed else '**no**'} | {t.score:.2f} | {evidence} | "
                       f"{md(t.reason)} |")
    unsupported = c.unsupported_claims
    out += ["", f"**Unsupported claims** ({len(unsupported)} of {len(c.claims)})", ""]
    if unsupported:
        out += ["| claim (output) | P | closest source sentence |", "|---|---|---|"]
        out += [f"| “{md(u.claim.text)}” | {u.score:.2f} | {_md_evidence(u.best_source)}"
                f"{' (' + md(u.best_source[0].document) + ')' if u.best_source else ''} |" for u in unsupported]
    else:
        out.append("None: every claim is supported by a source or a reference fact.")
    if c.forbidden:
        out += ["", "**Forbidden claims**", "", "| forbidden claim | stated | P | evidence (output) | why |",
                "|---|---|---|---|---|"]
        out += [f"| {md(f.claim)} | {'**yes — hard failure**' if f.violated else 'no'} | {f.score:.2f} | "
                f"{_md_evidence(f.evidence)} | {md(f.reason)} |" for f in c.forbidden]
    if c.notes:
        out += ["", *[f"Note: {md(n)}" for n in c.notes]]
    return [*out, ""]


def to_markdown(result: SuiteResult) -> str:
    out = [f"# SQB report: {md(result.suite)}", "", f"Rubriq {md(result.rubriq_version)}; models: "
           + ", ".join(f"{md(k)} {md(v)}" for k, v in sorted(result.models.items()))
           + f"; matcher {md(result.matcher)}", ""]
    for case in result.cases:
        out += [f"## {md(case.name)}", "", f"Task: {md(case.task, 600)}", ""]
        out += [f"- Warning: {md(w, 400)}" for w in case.warnings]
        out += ["| contender | recall | precision | factual F1 | coverage | multi-hop | forbidden | words "
                "| 6-gram rep. |", "|---|---|---|---|---|---|---|---|---|"]
        for c in case.contenders:
            name = f"{md(c.name)} (baseline)" if c.baseline else md(c.name)
            forbidden = f"**{len(c.forbidden_violations)} — hard failure**" if c.hard_failure else "0"
            out.append(f"| {name} | {_fmt(c.factual_recall)} | {_fmt(c.factual_precision)} | {_fmt(c.factual_f1)} | "
                       f"{_fmt(c.coverage_completeness)} | {_fmt(c.multi_hop_recall)} | {forbidden} | {c.word_count} | "
                       f"{c.repetition_6gram:.3f} |")
        out += ["", "**Decisive rule** (improves iff ΔFactual-F1 > 0 and ΔJudge > 0):", ""]
        for d in case.decisions:
            judge = "no judge run" if d.delta_judge is None else f"ΔJudge {d.delta_judge:+.2f}"
            out.append(f"- {md(d.contender)} vs {md(d.baseline)}: ΔFactual-F1 {d.delta_factual_f1:+.2f}, {judge}: "
                       f"{md(d.verdict)}")
        out += ["", "**Disclosure**", "", "```"]
        for name, lines in disclosure(case).items():
            out += [f"[{_inert_in_code(name)}]", *lines]
        out += ["```", "", "**Missed facts**", ""]
        for c in case.contenders:
            k = miss_counts(c)
            out.append(f"- {md(c.name)}: {len(c.facts) - k['conveyed']} missed ({k['generation']} generation "
                       f"failures, {k['retrieval']} retrieval failures, {k['unattributed']} unattributed)")
        violations = [(c.name, v) for c in case.contenders for v in c.forbidden_violations]
        if violations:
            out += ["", "**Forbidden claims stated**", ""]
            out += [f"- {md(name)}: “{md(v.claim)}” (evidence: “{md(v.evidence_text, 160)}”)" for name, v in violations]
        out.append("")
        for c in case.contenders:
            out += _md_contender(c)
    return "\n".join(out)


# -- HTML ------------------------------------------------------------------------------------------------------

def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _bar_chart(case: CaseResult) -> str:
    width, height, left, top = 640, 200, 40, 10
    groups = [(label, [getattr(c, key) for c in case.contenders]) for key, label in METRICS]
    group_w = (width - left) / len(groups)
    bar_w = min(24.0, (group_w - 16) / max(len(case.contenders), 1))
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height + 40}" role="img" '
             f'aria-label="metrics per contender">']
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
                         f"<title>{esc(case.contenders[i].name)} {label}: {value:.2f}</title></rect>")
        parts.append(f'<text x="{x0 + group_w / 2 - 8:.1f}" y="{top + height + 18}" text-anchor="middle" '
                     f'font-size="12">{label}</text>')
    parts.append("</svg>")
    legend = " ".join(f'<span class="key" style="background:{PALETTE[i % len(PALETTE)]}"></span>{esc(c.name)}'
                      for i, c in enumerate(case.contenders))
    return "".join(parts) + f'<p class="legend">{legend}</p>'


def _attribution_chart(case: CaseResult) -> str:
    """One stacked bar per contender: facts conveyed, and each missed fact by what lost it."""
    width, row_h, left = 640, 26, 130
    height = row_h * len(case.contenders) + 10
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="reference facts conveyed and missed, by cause">']
    for r, c in enumerate(case.contenders):
        counts = miss_counts(c)
        total = max(1, len(c.facts))
        y, x = 5 + r * row_h, float(left)
        parts.append(f'<text x="{left - 8}" y="{y + 15}" text-anchor="end" font-size="12">{esc(c.name)}</text>')
        for kind, label, colour in MISS_KINDS:
            w = (width - left - 10) * counts[kind] / total
            if counts[kind]:
                parts.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{row_h - 6}" fill="{colour}">'
                             f"<title>{esc(c.name)}: {counts[kind]} {label}</title></rect>")
                if w > 18:
                    parts.append(f'<text x="{x + w / 2:.1f}" y="{y + 15}" text-anchor="middle" font-size="11" '
                                 f'fill="#fff">{counts[kind]}</text>')
            x += w
    parts.append("</svg>")
    legend = " ".join(f'<span class="key" style="background:{colour}"></span>{esc(label)}'
                      for _, label, colour in MISS_KINDS)
    return "".join(parts) + f'<p class="legend">{legend}</p>'


def _evidence_html(evidence: list[Evidence], empty: str = "—") -> str:
    if not evidence:
        return f'<span class="muted">{empty}</span>'
    where = evidence[0].document
    span = f"{where} {evidence[0].start}–{evidence[-1].end}"
    return f'<q>{esc(quote(" ".join(e.text for e in evidence), 400))}</q> <span class="muted">({esc(span)})</span>'


def _fact_matrix(case: CaseResult) -> str:
    head = "".join(f"<th>{esc(c.name)}</th>" for c in case.contenders)
    rows = []
    for index, fact_id in enumerate(case.fact_ids):
        first = case.contenders[0].facts[index]
        cells = []
        for c in case.contenders:
            f = c.facts[index]
            mark = "✓" if f.present else ("✗ gen" if f.missed_because == "generation" else
                                          "✗ ret" if f.missed_because == "retrieval" else "✗")
            tip = f"{f.reason} — {f.evidence_text}" if f.evidence else f.reason
            cells.append(f'<td class="{"yes" if f.present else "no"}" title="{esc(quote(tip, 400))}">{mark} '
                         f'<small>{f.score:.2f}</small></td>')
        hop = ' <span class="tag">multi-hop</span>' if first.multi_hop else ""
        rows.append(f"<tr><th>{esc(fact_id)}</th><td class='fact'>{esc(first.text)}{hop}</td>{''.join(cells)}</tr>")
    return (f"<table class='matrix'><tr><th>id</th><th>reference fact</th>{head}</tr>{''.join(rows)}</table>"
            "<p class='muted'>✓ conveyed · ✗ gen: missed though the envelope had it (generation) · ✗ ret: missed and "
            "not in the envelope (retrieval); the number is P(entailment); hover a cell for the evidence.</p>")


def _topic_table(case: CaseResult) -> str:
    if not any(c.topics for c in case.contenders):
        return "<p class='muted'>This case has no required topics.</p>"
    head = "".join(f"<th>{esc(c.name)}</th>" for c in case.contenders)
    rows = []
    for index, topic in enumerate(case.contenders[0].topics):
        cells = []
        for c in case.contenders:
            t = c.topics[index]
            tip = f"{t.reason} — {t.evidence.text}" if t.evidence else t.reason
            cells.append(f'<td class="{"yes" if t.addressed else "no"}" title="{esc(quote(tip, 400))}">'
                         f'{"✓" if t.addressed else "✗"} <small>{t.score:.2f}</small></td>')
        rows.append(f"<tr><td class='fact'>{esc(topic.topic)}</td>{''.join(cells)}</tr>")
    return f"<table class='matrix'><tr><th>required topic</th>{head}</tr>{''.join(rows)}</table>"


def _contender_details(c: ContenderScores) -> str:
    parts = [f"<details class='contender' open><summary><b>{esc(c.name)}</b>{' (baseline)' if c.baseline else ''}: "
             f"why these numbers</summary>"]
    rows = "".join(
        f"<tr class='{'yes' if f.present else 'no'}'><th>{esc(f.id)}</th><td>{esc(f.text)}</td>"
        f"<td>{_evidence_html(f.evidence)}</td><td>{esc(f.reason)}"
        + ("" if f.present else f"<br><b>{esc(f.missed_because or 'unattributed')}</b>"
           + (f": envelope {_evidence_html(f.envelope.evidence if f.envelope else [])}" if f.envelope else ""))
        + "</td></tr>" for f in c.facts)
    parts.append("<h4>Reference facts and their evidence</h4><table class='detail'><tr><th>id</th><th>fact</th>"
                 f"<th>evidence in the output</th><th>why</th></tr>{rows}</table>")
    if c.topics:
        rows = "".join(f"<tr class='{'yes' if t.addressed else 'no'}'><td>{esc(t.topic)}</td>"
                       f"<td>{_evidence_html([t.evidence] if t.evidence else [])}</td><td>{esc(t.reason)}</td></tr>"
                       for t in c.topics)
        parts.append("<h4>Required topics</h4><table class='detail'><tr><th>topic</th><th>evidence</th><th>why</th>"
                     f"</tr>{rows}</table>")
    unsupported = c.unsupported_claims
    parts.append(f"<h4>Unsupported claims ({len(unsupported)} of {len(c.claims)})</h4>")
    if unsupported:
        rows = "".join(f"<tr class='no'><td><q>{esc(u.claim.text)}</q></td><td>{_evidence_html(u.best_source)}</td>"
                       f"<td>{esc(u.reason)}</td></tr>" for u in unsupported)
        parts.append("<table class='detail'><tr><th>claim in the output</th><th>closest source sentence</th>"
                     f"<th>why</th></tr>{rows}</table>")
    else:
        parts.append("<p>None: every claim is supported by a source or a reference fact.</p>")
    if c.forbidden:
        rows = "".join(f"<tr class='{'no' if f.violated else 'yes'}'><td>{esc(f.claim)}</td>"
                       f"<td>{'<b class=hard>stated: hard failure</b>' if f.violated else 'not stated'}</td>"
                       f"<td>{_evidence_html(f.evidence)}</td><td>{esc(f.reason)}</td></tr>" for f in c.forbidden)
        parts.append("<h4>Forbidden claims</h4><table class='detail'><tr><th>forbidden claim</th><th>verdict</th>"
                     f"<th>evidence in the output</th><th>why</th></tr>{rows}</table>")
    parts += [f"<p class='muted'>{esc(n)}</p>" for n in c.notes]
    parts.append("</details>")
    return "".join(parts)


STYLE = ("body{font:14px system-ui,sans-serif;margin:2rem;max-width:1200px;color:#222}"
         "table{border-collapse:collapse;margin:.8rem 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;"
         "vertical-align:top}.matrix td.yes,.matrix td.no{text-align:center;white-space:nowrap}"
         ".yes{background:#e3f4e3}.no{background:#fbe3e3}.fact{max-width:520px}.muted{color:#666;font-size:12px}"
         ".key{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px}.chart{max-width:700px;display:block}"
         ".hard{color:#b00;font-weight:bold}.verdict{margin:.3rem 0}pre{background:#f5f5f5;padding:.6rem}"
         ".tag{font-size:11px;background:#eef;border-radius:3px;padding:0 4px}details.contender{margin:.8rem 0;"
         "border:1px solid #ddd;padding:.4rem .8rem}table.detail{font-size:13px}q{font-style:italic}")


def to_html(result: SuiteResult) -> str:
    body = [f"<h1>SQB report</h1><p>Suite <code>{esc(result.suite)}</code>; Rubriq "
            f"{esc(result.rubriq_version)}; models: "
            + ", ".join(f"{esc(k)} <code>{esc(v)}</code>" for k, v in sorted(result.models.items()))
            + f"; matcher <code>{esc(result.matcher)}</code></p>"]
    for case in result.cases:
        slug = re.sub(r"[^a-z0-9]+", "-", case.name.lower()).strip("-") or "case"
        body.append(f"<h2 id='{slug}'>{esc(case.name)}</h2><p>{esc(case.task)}</p>")
        body += [f"<p class='hard'>Warning: {esc(w)}</p>" for w in case.warnings]
        body.append(_bar_chart(case))
        rows = "".join(
            f"<tr><td>{esc(c.name)}{' (baseline)' if c.baseline else ''}</td><td>{_fmt(c.factual_recall)}</td>"
            f"<td>{_fmt(c.factual_precision)}</td><td>{_fmt(c.factual_f1)}</td><td>{_fmt(c.coverage_completeness)}</td>"
            f"<td>{_fmt(c.multi_hop_recall)}</td><td class='{'hard' if c.hard_failure else ''}'>"
            f"{len(c.forbidden_violations)}{' hard failure' if c.hard_failure else ''}</td>"
            f"<td>{len(c.unsupported_claims)} of {len(c.claims)}</td><td>{c.word_count}</td>"
            f"<td>{c.repetition_6gram:.3f}</td></tr>" for c in case.contenders)
        body.append("<table><tr><th>contender</th><th>recall</th><th>precision</th><th>factual F1</th>"
                    "<th>coverage</th><th>multi-hop</th><th>forbidden</th><th>unsupported claims</th>"
                    f"<th>words</th><th>6-gram repetition</th></tr>{rows}</table>")
        body += [f"<p class='verdict'><b>{esc(d.contender)}</b> vs {esc(d.baseline)}: ΔFactual-F1 "
                 f"{d.delta_factual_f1:+.2f}; {esc(d.verdict)}</p>" for d in case.decisions]
        lines = "\n".join(f"[{name}]\n" + "\n".join(ls) for name, ls in disclosure(case).items())
        body.append(f"<pre>{esc(lines)}</pre>")
        body.append(f"<h3 id='{slug}-missed'>Why facts were missed</h3>" + _attribution_chart(case))
        body.append(f"<h3 id='{slug}-facts'>Which facts each contender conveyed</h3>" + _fact_matrix(case))
        body.append(f"<h3 id='{slug}-topics'>Which required topics each contender addressed</h3>"
                    + _topic_table(case))
        body.append(f"<h3 id='{slug}-evidence'>Evidence, per contender</h3>"
                    + "".join(_contender_details(c) for c in case.contenders))
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>SQB report</title>"
            f"<style>{STYLE}</style></head><body>{''.join(body)}</body></html>\n")


def report_json_text(result: SuiteResult) -> str:
    return json.dumps(to_json(result), indent=2, ensure_ascii=False) + "\n"


def write_reports(result: SuiteResult, folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = {kind: folder / f"sqb-report.{suffix}" for kind, suffix in (("json", "json"), ("markdown", "md"),
                                                                          ("html", "html"))}
    paths["json"].write_text(report_json_text(result), encoding="utf-8")
    paths["markdown"].write_text(to_markdown(result), encoding="utf-8")
    paths["html"].write_text(to_html(result), encoding="utf-8")
    return paths
