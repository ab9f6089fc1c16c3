"""Speed of `rubriq check` over a folder of pairs: one pair, the whole folder cold, and the folder again unchanged.

The folder is built here, deterministically, from the repository's examples and the evaluation data (nothing is
committed): `--pairs` pairs (default 100) in one subfolder per task, each output about 500 words:

- summarization: a REALSumm source article in `<article>` tags; the output, summaries of that article by the
  REALSumm systems, three paragraphs;
- grounded Q&A: the same articles with three questions; the output answers from those summaries;
- rewriting: an excerpt of an article to rewrite for a newsletter; the output, the excerpt's sentences re-cased;
- open Q&A: four HaluEval user questions in one prompt; the output, ChatGPT's four answers, numbered;
- creative writing: a feature story of about 500 words on an article's subject; the output, article prose;
- code generation: the bundled `examples/python-helper` pair, one numbered variant each.

REALSumm's text is lower-cased and tokenised (`buhari , who`): it is detokenised and sentence-cased first.

Each timing is a fresh `rubriq check ... --output-format json` process (interpreter start, imports, model loading
included), with its own empty result cache:

- `one_pair_s`: the first summarization pair alone;
- `batch_cold_s`: the whole folder, nothing cached;
- `batch_warm_s`: the whole folder again, nothing changed (answered from the cache; the JSON says how many were);
- `per_pair_model_tier_s`: in this process, with the models already loaded, the mean engine time of one pair with
  every tier (what each further pair of a cold batch costs).

Targets: `batch_cold_s` ≤ 2 × `one_pair_s` + pairs × `per_pair_model_tier_s`; `batch_warm_s` ≤ 2 s. Prints one JSON
object. Timing figures belong to a quiet machine; a busy one only shows that the script works.

  python bench/cli_batch.py --data ../shared/data [--pairs 100] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO.parent / "shared" / "data"
TASK_SHARES = (("summarization", 30), ("grounded_qa", 20), ("open_qa", 20), ("rewriting", 15),
               ("creative_writing", 10), ("code_generation", 5))
TARGET_WORDS = 500

_TOKEN_FIXES = ((r"-lrb-", "("), (r"-rrb-", ")"), (r"`` ?", '"'), (r" ?''", '"'), (r" ([,.;:!?%])", r"\1"),
                (r" (['’](?:s|re|ve|ll|d|m|t))\b", r"\1"), (r" n't\b", "n't"), (r"\( ", "("), (r" \)", ")"),
                (r"\$ (\d)", r"$\1"), (r"\s+", " "))


def detokenise(text: str) -> str:
    """REALSumm's tokenised lower case as ordinary prose: spacing fixed, each sentence capitalised."""
    text = text.replace("<t>", " ").replace("</t>", " ")
    for pattern, replacement in _TOKEN_FIXES:
        text = re.sub(pattern, replacement, text)
    text = re.sub(r"^\(cnn\)\s*", "", text.strip(), flags=re.IGNORECASE)
    sentences = re.split(r"(?<=[.!?])\s+", text)
    return " ".join(s[:1].upper() + s[1:] for s in sentences if s)


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if len(s.split()) >= 4]


def _take_words(sentences: list[str], words: int) -> list[str]:
    taken, count = [], 0
    for sentence in sentences:
        if count >= words:
            break
        taken.append(sentence)
        count += len(sentence.split())
    return taken


def _paragraphs(sentences: list[str], count: int) -> str:
    size = max(1, -(-len(sentences) // count))
    return "\n\n".join(" ".join(sentences[i : i + size]) for i in range(0, len(sentences), size))


def load_texts(data: Path) -> tuple[list[dict], list[dict]]:
    """(articles with their systems' summaries, HaluEval questions with answers), both in file order."""
    sources = [json.loads(line) for line in (data / "realsumm" / "realsumm_sources_dev.jsonl").open(encoding="utf-8")]
    summaries: dict[str, list[str]] = {}
    with (data / "realsumm" / "realsumm_scu_presence_dev.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            summaries.setdefault(row["doc_id"], []).append(detokenise(row["summary"]))
    articles = [{"id": s["doc_id"], "text": detokenise(s["source"]), "summaries": summaries.get(s["doc_id"], [])}
                for s in sources if summaries.get(s["doc_id"])]
    with (data / "halueval" / "halueval_general_dev.jsonl").open(encoding="utf-8") as fh:
        questions = [json.loads(line) for line in fh]
    questions = [q for q in questions if len(q["chatgpt_response"].split()) >= 90]
    return articles, questions


def build_pairs(folder: Path, data: Path, pairs: int) -> list[Path]:
    """Write `pairs` pairs under `folder` (one subfolder per task); returns the .prompt paths, in order."""
    articles, questions = load_texts(data)
    helper_prompt = (REPO / "examples" / "python-helper.prompt").read_text(encoding="utf-8")
    helper_output = (REPO / "examples" / "python-helper.out").read_text(encoding="utf-8")
    plan = [task for task, share in TASK_SHARES for _ in range(share)]
    plan = [plan[(i * len(plan)) // pairs] for i in range(pairs)] if pairs < len(plan) else plan + [
        TASK_SHARES[i % len(TASK_SHARES)][0] for i in range(pairs - len(plan))]
    written: list[Path] = []
    for index, task in enumerate(plan):
        article = articles[index % len(articles)]
        summary_sentences = _sentences(" ".join(article["summaries"]))
        article_sentences = _sentences(article["text"])
        source = " ".join(_take_words(article_sentences, 700))
        if task == "summarization":
            prompt = ("Summarize the article below for a general reader in three paragraphs of about "
                      f"{TARGET_WORDS} words in all.\n\n<article>\n{source}\n</article>\n")
            output = _paragraphs(_take_words(summary_sentences * 6, TARGET_WORDS), 3)
        elif task == "grounded_qa":
            prompt = ("Using only the article below, answer these questions:\n1. What happened?\n2. Who is "
                      f"involved?\n3. What happens next?\n\n<article>\n{source}\n</article>\n")
            answer = _take_words(summary_sentences * 6, TARGET_WORDS)
            output = "\n\n".join(f"{n}. {part}" for n, part in enumerate(_paragraphs(answer, 3).split("\n\n"), 1))
        elif task == "rewriting":
            excerpt = _take_words(article_sentences, TARGET_WORDS)
            prompt = ("Rewrite the following text in plain English for a company newsletter, keeping every fact."
                      "\n\nText:\n" + " ".join(excerpt) + "\n")
            output = _paragraphs([s.replace(" said ", " says ") for s in excerpt], 4)
        elif task == "open_qa":
            chosen = [questions[(index * 4 + k) % len(questions)] for k in range(4)]
            prompt = "Answer each of these questions in a short paragraph:\n" + "\n".join(
                f"{n}. {q['user_query'].strip()}" for n, q in enumerate(chosen, 1)) + "\n"
            output = "\n\n".join(f"{n}. {q['chatgpt_response'].strip()}" for n, q in enumerate(chosen, 1))
        elif task == "creative_writing":
            subject = " ".join(article_sentences[0].split()[:12]).rstrip(",.;:")
            prompt = (f"Write a feature story of about {TARGET_WORDS} words for a weekend magazine, inspired by "
                      f"this news: \"{subject}\".\n")
            output = _paragraphs(_take_words(article_sentences[1:], TARGET_WORDS), 5)
        else:
            prompt = f"{helper_prompt.rstrip()}\n\n(Variant {index}.)\n"
            output = helper_output
        target = folder / task / f"{task}-{index:03d}"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.with_suffix(".prompt").write_text(prompt, encoding="utf-8")
        target.with_suffix(".out").write_text(output.rstrip() + "\n", encoding="utf-8")
        written.append(target.with_suffix(".prompt"))
    return written


def timed_check(target: Path, cache_dir: Path) -> tuple[float, str, str, int]:
    """Wall seconds of a fresh `rubriq check TARGET --output-format json -v`, its stdout, stderr and exit code."""
    env = {**os.environ, "HF_HUB_OFFLINE": os.environ.get("HF_HUB_OFFLINE", "1")}
    command = [sys.executable, "-m", "rubriq", "check", str(target), "--output-format", "json", "-v",
               "--cache-dir", str(cache_dir)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=3600)
    return time.perf_counter() - start, done.stdout, done.stderr, done.returncode


def cache_counts(stderr: str) -> dict[str, int] | None:
    match = re.search(r"result cache .*: (\d+) answered, (\d+) computed", stderr)
    return None if match is None else {"answered": int(match[1]), "computed": int(match[2])}


def per_pair_engine_seconds(prompts: list[Path]) -> dict[str, float]:
    """Mean engine time per pair with every tier, models loaded beforehand (and the load time itself)."""
    from rubriq.core.config import Config
    from rubriq.core.engine import ALL_TIERS, check
    from rubriq.core.models.hub import LocalModelHub
    from rubriq.terminal import quiet_third_party

    quiet_third_party(verbose=False)
    hub = LocalModelHub(Config())
    start = time.perf_counter()
    for kind in ("embedding", "nli"):
        try:
            getattr(hub, "embedder" if kind == "embedding" else "nli")()
        except Exception as exc:  # reported, never hidden
            print(f"cli_batch: {kind} model unavailable: {exc}", file=sys.stderr)
    load_s = time.perf_counter() - start
    times = []
    for prompt in prompts:
        prompt_text = prompt.read_text(encoding="utf-8")
        output_text = prompt.with_suffix(".out").read_text(encoding="utf-8")
        start = time.perf_counter()
        check(prompt_text, output_text, Config(), models=hub, tiers=ALL_TIERS)
        times.append(time.perf_counter() - start)
    return {"per_pair_model_tier_s": round(statistics.fmean(times), 3),
            "per_pair_median_s": round(statistics.median(times), 3), "model_load_in_process_s": round(load_s, 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("RUBRIQ_DATA", DEFAULT_DATA)))
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--keep", type=Path, help="build the folder here and keep it (default: a temporary folder)")
    args = parser.parse_args()
    if args.pairs < 1:
        parser.error("--pairs must be at least 1")
    for needed in ("realsumm/realsumm_sources_dev.jsonl", "halueval/halueval_general_dev.jsonl"):
        if not (args.data / needed).is_file():
            parser.error(f"{args.data / needed} not found (--data or RUBRIQ_DATA names the evaluation data)")
    work = Path(tempfile.mkdtemp(prefix="rubriq-cli-batch-"))
    folder = args.keep or work / "pairs"
    try:
        if folder.exists():
            shutil.rmtree(folder)
        prompts = build_pairs(folder, args.data, args.pairs)
        words = [len(p.with_suffix(".out").read_text(encoding="utf-8").split()) for p in prompts]
        one_s, _, one_err, one_code = timed_check(prompts[0], work / "cache-one")
        cold_s, cold_out, cold_err, cold_code = timed_check(folder, work / "cache-batch")
        warm_s, warm_out, warm_err, warm_code = timed_check(folder, work / "cache-batch")
        checked = len(json.loads(cold_out)["reports"]) if cold_out.strip() else 0
        engine = per_pair_engine_seconds(prompts)
        target_s = 2 * one_s + len(prompts) * engine["per_pair_model_tier_s"]
        tasks: dict[str, int] = {}
        for prompt in prompts:
            tasks[prompt.parent.name] = tasks.get(prompt.parent.name, 0) + 1
        result = {
            "pairs": len(prompts), "checked": checked, "tasks": tasks,
            "output_words": {"median": statistics.median(words), "min": min(words), "max": max(words)},
            "exit_codes": {"one_pair": one_code, "batch_cold": cold_code, "batch_warm": warm_code},
            "one_pair_s": round(one_s, 2), "batch_cold_s": round(cold_s, 2), "batch_warm_s": round(warm_s, 2),
            **engine,
            "target_cold_s": round(target_s, 2), "cold_target_met": cold_s <= target_s,
            "warm_target_s": 2.0, "warm_target_met": warm_s <= 2.0,
            "cache_cold": cache_counts(cold_err), "cache_warm": cache_counts(warm_err),
            "warm_output_identical": warm_out == cold_out,
            "cpu_count": os.cpu_count(), "torch_threads": os.environ.get("RUBRIQ_TORCH_THREADS", "1"),
            "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        }
        if one_code not in (0, 1) or cold_code not in (0, 1):
            result["stderr"] = (one_err + cold_err)[-2000:]
        print(json.dumps(result, indent=2))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
