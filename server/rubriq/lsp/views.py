"""What the clients show for a command's answer, written once here: the profile of a pair (code lens click) and
the server status, as markdown (a Neovim float) and as HTML (a VS Code webview), never as a raw JSON dump."""

from __future__ import annotations

import html
from typing import Any

from rubriq.core.report import Profile

STATUS_WORDS = {"ok": "", "unavailable": "unavailable", "not_applicable": "not applicable"}


def _score(value: float | None) -> str:
    return f"{value:.2f}" if value is not None else "—"


def profile_rows(profile: Profile) -> list[tuple[str, str, str]]:
    """(parameter, score, why) for each parameter of the profile."""
    rows = []
    for param in profile.parameters:
        title = param.title + (f" ({param.badge})" if param.badge else "")
        why = param.detail if param.status == "ok" else f"{STATUS_WORDS[param.status]}: {param.reason}"
        rows.append((title, _score(param.score), " ".join(why.split())))
    return rows


def profile_markdown(name: str, profile: Profile, findings: int, note: str = "") -> str:
    lines = [f"# Rubriq profile: {name}", "",
             f"Task: **{profile.task}** ({profile.task_cue or 'detected'}), model family **{profile.family}**.", ""]
    if profile.task_evidence:
        lines[-1:] = [f"Task evidence: {'; '.join(profile.task_evidence)}.", ""]
    lines += ["| parameter | score | measured |", "|---|---|---|"]
    lines += [f"| {title} | {score} | {why.replace('|', '/')} |" for title, score, why in profile_rows(profile)]
    lines += ["", f"Weighted view: **{_score(profile.weighted_view)}** ({profile.scored_parameters} of "
              f"{profile.total_parameters} parameters scored; {profile.weighted_view_label}).",
              f"Findings: {findings}."]
    if note:
        lines += ["", note]
    return "\n".join(lines) + "\n"


def profile_html(name: str, profile: Profile, findings: int, note: str = "") -> str:
    e = html.escape
    rows = "".join(f"<tr><td>{e(title)}</td><td class='score'>{e(score)}</td><td>{e(why)}</td></tr>"
                   for title, score, why in profile_rows(profile))
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; style-src 'unsafe-inline';\">"
        "<style>body{font-family:var(--vscode-font-family,sans-serif);color:var(--vscode-foreground);padding:0 1em}"
        "table{border-collapse:collapse}td,th{border-bottom:1px solid #8884;padding:.3em .8em;text-align:left;"
        "vertical-align:top}td.score{font-variant-numeric:tabular-nums;font-weight:bold}</style></head><body>"
        f"<h2>Rubriq profile: {e(name)}</h2>"
        f"<p>Task <b>{e(profile.task)}</b> ({e(profile.task_cue or 'detected')}), model family "
        f"<b>{e(profile.family)}</b>.</p>"
        + (f"<p>Task evidence: {e('; '.join(profile.task_evidence))}.</p>" if profile.task_evidence else "") +
        f"<table><tr><th>parameter</th><th>score</th><th>measured</th></tr>{rows}</table>"
        f"<p>Weighted view: <b>{e(_score(profile.weighted_view))}</b> ({profile.scored_parameters} of "
        f"{profile.total_parameters} parameters scored; {e(profile.weighted_view_label)}). Findings: {findings}.</p>"
        + (f"<p>{e(note)}</p>" if note else "") + "</body></html>"
    )


def status_lines(info: dict[str, Any]) -> list[tuple[str, str]]:
    """The status as (label, value) rows: what a status view lists (VS Code quick pick, Neovim float)."""
    models = info.get("models") or {}
    caches = info.get("caches") or {}
    status = info.get("status") or {}
    rows = [
        ("Rubriq", f"{info.get('rubriq')} (pygls {info.get('pygls')}, lsprotocol {info.get('lsprotocol')})"),
        ("Checks", ("busy" if status.get("busy") else "idle") + ("" if status.get("enabled", True) else
                                                                 " (disabled for this workspace)")),
        ("Models", f"{models.get('state', '?')}: {models.get('detail', '')}"),
    ]
    model_caches = models.get("caches")
    if isinstance(model_caches, dict) and model_caches:
        words = [_cache_words(kind, stats) for kind, stats in sorted(model_caches.items())]
        rows.append(("Model caches", "; ".join(words)))
    rows.append(("Results", f"{caches.get('pairs', 0)} pairs, {caches.get('tier0_runs', 0)} text checks, "
                            f"{caches.get('model_runs', 0)} model passes, {caches.get('stale_results_dropped', 0)} "
                            f"stale results dropped"))
    pair = info.get("pair")
    if isinstance(pair, dict):
        rows.append(("This pair", pair.get("profile_line") or pair.get("note") or "not checked yet"))
        rows.append(("Last pass", pair.get("last_pass", "")))
        if pair.get("config_file"):
            rows.append(("Config file", str(pair["config_file"])))
    sqb = status.get("sqb")
    if isinstance(sqb, dict):
        rows.append(("SQB", f"{sqb.get('case')}: {sqb.get('contender')} ({sqb.get('done')} of {sqb.get('total')})"))
    rows += [("Diagnostics", f"{info.get('diagnostic_mode')}, positions in {info.get('position_encoding')}"),
             ("Memory", f"{info.get('rss_mb')} MB resident"),
             ("Repairs", str(info.get("repairs"))), ("SQB available", str(info.get("sqb")))]
    return rows


def _cache_words(kind: str, stats: Any) -> str:
    if not isinstance(stats, dict):
        return f"{kind}: {stats}"
    hits, misses = stats.get("cache_hits"), stats.get("cache_misses")
    if isinstance(hits, int) and isinstance(misses, int):
        return f"{kind}: {hits} hits, {misses} misses"
    return f"{kind}: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(stats.items()))


def status_markdown(info: dict[str, Any]) -> str:
    return "\n".join(f"**{label}**: {value}" for label, value in status_lines(info)) + "\n"
