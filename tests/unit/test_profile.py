"""The profile: every parameter scored or explicitly unavailable, and a weighted view that is labelled as one."""

from rubriq.core.config import Config
from rubriq.core.engine import check
from rubriq.core.report import WEIGHTED_VIEW_LABEL, ParameterResult, weighted_view
from rubriq.core.tasks import TASK_PARAMETERS, TaskType


def _param(name: str, score: float | None, weight: float = 1.0, status: str = "ok") -> ParameterResult:
    return ParameterResult(name=name, title=name, badge="", weight=weight, status=status, score=score)


def test_weighted_view_is_the_weighted_mean_of_scored_parameters():
    params = [_param("a", 1.0, 3.0), _param("b", 0.0, 1.0)]
    assert weighted_view(params) == 0.75


def test_unavailable_and_not_applicable_parameters_are_left_out_not_counted_as_zero():
    params = [_param("a", 0.8), _param("b", None, status="unavailable"), _param("c", None, status="not_applicable")]
    assert weighted_view(params) == 0.8


def test_zero_weight_drops_a_parameter_and_nothing_scored_gives_no_view():
    assert weighted_view([_param("a", 0.2, 0.0), _param("b", 0.6)]) == 0.6
    assert weighted_view([_param("a", None, status="unavailable")]) is None


def test_profile_lists_every_parameter_of_the_task_with_a_status():
    result = check("Write a haiku about rain.", "Rain taps on the roof\nthe gutters hum all night long\nmorning, "
                   "bright puddles")
    profile = result.profile
    assert profile.task == TaskType.CREATIVE_WRITING.value
    assert [p.name for p in profile.parameters] == list(TASK_PARAMETERS[TaskType.CREATIVE_WRITING])
    assert profile.weighted_view_label == WEIGHTED_VIEW_LABEL
    for p in profile.parameters:
        assert p.status in ("ok", "unavailable", "not_applicable")
        if p.status == "ok":
            assert p.score is not None and 0.0 <= p.score <= 1.0
        else:
            assert p.score is None and p.reason


def test_weights_come_from_config_then_front_matter():
    prompt = "---\nweights:\n  audience_fit: 3\n---\nWrite a haiku about rain."
    config = Config(weights={"audience_fit": 2.0, "lexical_diversity": 0.5})
    weights = {p.name: p.weight for p in check(prompt, "Rain.", config).profile.parameters}
    assert weights["audience_fit"] == 3.0  # front matter wins over config
    assert weights["lexical_diversity"] == 0.5
    assert weights["instruction_following"] == 1.0  # equal default weights


def test_model_tiers_not_run_are_reported_unavailable_with_the_reason():
    result = check("Summarize:\n<document>The sky is blue today.</document>", "The sky is blue.",
                   tiers=frozenset({0}))
    faithfulness = next(p for p in result.profile.parameters if p.name == "faithfulness")
    assert faithfulness.status == "unavailable" and faithfulness.reason
