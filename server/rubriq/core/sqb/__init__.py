"""The Semantic Quality Benchmark (SQB, CRP-SPEC-026): is an output better, or only longer?

`case.py` reads and validates suites, `metrics.py` holds every formula, `judge.py` the optional blind LLM judge,
`runner.py` scores a suite, `reports.py` writes JSON, Markdown and HTML.
"""
