"""A figure the output calls what everything comes to together ("Everything together: £680.50") is the sum of the
figures it stated one after another, like a "total"; a wrong sum is still a conflict."""

from __future__ import annotations

import pytest

from rubriq.core.text import Span
from rubriq.core.verify.values import check_values

GARAGE = ("Front tyre: £92.00. Brake light bulb: £6.50. Both front springs: £276.00. Rear tyre: £92.00. "
          "Front discs and pads: £214.00. The test fee of £45.00 was paid at the desk.")


@pytest.mark.parametrize(("together", "status"), [("£680.50", "matched"), ("£690.50", "conflict")])
def test_what_everything_comes_to_together_is_the_sum_of_the_figures_before_it(together, status):
    output = ("- Must-do work: £92.00 tyre + £6.50 bulb + £276.00 springs = £374.50\n"
              "- Advisory items: £92.00 rear tyre + £214.00 discs and pads = £306.00\n"
              f"- Everything together: {together}")
    last = Span(output.index("Everything"), len(output))
    found = [c.status for c in check_values(output, GARAGE, GARAGE, claim_span=last) if c.value.text == together]
    assert found == [status]
