"""Claim verification: is each claim of a text supported by evidence, and on what.

One engine for every meaning check that compares a text with a source: faithfulness (output claims against the
prompt's source), coverage (source content against the output) and the SQB (reference facts against the output,
output claims against the source corpus, forbidden claims). Modules: `claims` (what is a claim), `values`
(deterministic value-level agreement), `evidence` (retrieval and premises), `decision` (the calibrated
probability), `engine` (the verifier that ties them together).
"""
