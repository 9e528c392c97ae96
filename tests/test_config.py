"""validators.yaml: schema, errors that name the key and the line, and precedence."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from quote_guard import ConfigError, QuoteGuard, QuoteGuardConfig, load_config
from quote_guard.config import ModelConfig, ReaskConfig, SourcesConfig
from quote_guard.embed import SemanticConfig
from quote_guard.extract import ExtractConfig
from quote_guard.policy import Action, Policy
from quote_guard.verify import VerifierConfig

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "validators.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def test_repo_validators_yaml_loads_and_is_the_documented_default():
    cfg = load_config(ROOT / "validators.yaml", env={})
    assert cfg == QuoteGuardConfig()  # the annotated file states the defaults, no drift
    text = (ROOT / "validators.yaml").read_text(encoding="utf-8")
    for section in ("verifier:", "semantic:", "extract:", "policy:", "reask:", "model:", "sources:"):
        assert f"\n{section}" in text
    assert text.count("#") > 40  # annotated
    # every setting of every section is written out (so the file documents all of them)
    import yaml

    raw = yaml.safe_load(text)
    for section, model in (("verifier", VerifierConfig), ("semantic", SemanticConfig), ("policy", Policy),
                           ("extract", ExtractConfig), ("reask", ReaskConfig), ("model", ModelConfig),
                           ("sources", SourcesConfig)):
        missing = set(model.model_fields) - set(raw[section]) - {"semantic", "limits"}
        assert not missing, f"validators.yaml {section}: missing {sorted(missing)}"


def test_every_configured_action_takes_effect_or_is_refused_at_load(tmp_path):
    # the old split sections are gone: a file that still has them is told so, by key
    bad = tmp_path / "validators.yaml"
    bad.write_text("rewrite:\n  annotate_marker: ' [x]'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"validators.yaml.*line 1.*rewrite"):
        load_config(bad, env={})
    bad.write_text("policy:\n  paraphrase_weak: fix\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"validators.yaml line \d+: policy.*paraphrase_weak: .fix. is not allowed"):
        load_config(bad, env={})
    # near_verbatim: annotate in the one policy is what the guard does (it was once ignored)
    from quote_guard import QuoteGuard

    guard = QuoteGuard(load_config(overrides={"policy.near_verbatim": "annotate"}, env={}))
    text, report = guard.check("It says “the tenant shall pay rent”.", sources={"lease": "The Tenant shall pay rent."})
    assert report.quotes[0].action is Action.ANNOTATE and text == "It says “the tenant shall pay rent” [unverified]."


def test_policy_defaults():
    p = QuoteGuardConfig().policy
    assert (p.verbatim, p.near_verbatim, p.altered, p.paraphrase, p.unsupported, p.fallback) == (
        Action.PASS, Action.FIX, Action.REASK, Action.FIX, Action.REASK, Action.ANNOTATE,
    )


def test_unknown_key_names_key_and_line(tmp_path):
    p = write(tmp_path, "policy:\n  verbatim: pass\n  altred: reask\n")
    with pytest.raises(ConfigError) as info:
        load_config(p, env={})
    msg = str(info.value)
    assert "policy.altred" in msg and "line 3" in msg and str(p) in msg
    assert "altered" in msg  # the allowed keys are listed


def test_unknown_section(tmp_path):
    with pytest.raises(ConfigError, match=r"line 2: polcy"):
        load_config(write(tmp_path, "reask: {}\npolcy:\n  altered: reask\n"), env={})


def test_wrong_type_names_key_and_line(tmp_path):
    p = write(tmp_path, "# comment\nreask:\n  role: user\n  max_attempts: many\n")
    with pytest.raises(ConfigError) as info:
        load_config(p, env={})
    assert "line 4" in str(info.value) and "reask.max_attempts" in str(info.value) and "'many'" in str(info.value)


def test_wrong_value_in_core_section(tmp_path):
    p = write(tmp_path, "verifier:\n  bm25_k1: 1.2\n  bm25_b: 7\n")
    with pytest.raises(ConfigError, match=r"line 3: verifier\.bm25_b"):
        load_config(p, env={})


def test_wrong_action_lists_allowed_values(tmp_path):
    with pytest.raises(ConfigError) as info:
        load_config(write(tmp_path, "policy:\n  unsupported: explode\n"), env={})
    assert "line 2" in str(info.value) and "policy.unsupported" in str(info.value) and "annotate" in str(info.value)


def test_altered_may_never_be_fixed(tmp_path):
    with pytest.raises(ConfigError, match="altered"):
        load_config(write(tmp_path, "policy:\n  altered: fix\n"), env={})


def test_fallback_never_passes(tmp_path):
    with pytest.raises(ConfigError, match="fallback"):
        load_config(write(tmp_path, "policy:\n  fallback: pass\n"), env={})


def test_template_placeholders_are_checked(tmp_path):
    with pytest.raises(ConfigError, match=r"\{quotes\}"):
        load_config(write(tmp_path, "reask:\n  item_template: 'bad {quotes}'\n"), env={})


def test_bad_yaml_and_top_level(tmp_path):
    with pytest.raises(ConfigError, match="line"):
        load_config(write(tmp_path, "policy:\n  altered: [reask\n"), env={})
    with pytest.raises(ConfigError, match="mapping"):
        load_config(write(tmp_path, "- a\n- b\n"), env={})
    assert load_config(write(tmp_path, "# only comments\n"), env={}) == QuoteGuardConfig()


def test_precedence_call_args_over_env_over_yaml_over_defaults(tmp_path):
    p = write(tmp_path, "reask:\n  max_attempts: 2\n  role: system\nmodel:\n  timeout: 5\n")
    env = {"QUOTE_GUARD_REASK__MAX_ATTEMPTS": "4", "QUOTE_GUARD_MODEL__RETRIES": "0", "HOME": "/x"}
    cfg = load_config(p, env=env)
    assert cfg.reask.max_attempts == 4  # env beats yaml
    assert cfg.reask.role == "system"  # yaml beats defaults
    assert cfg.model.retries == 0 and cfg.model.timeout == 5
    assert cfg.model.backoff_max == 8.0  # default
    cfg = load_config(p, env=env, overrides={"reask.max_attempts": 7})
    assert cfg.reask.max_attempts == 7  # call args beat env
    guard = QuoteGuard.from_yaml(p, overrides={"policy": {"near_verbatim": "annotate"}})
    assert guard.config.policy.near_verbatim is Action.ANNOTATE and guard.config.reask.role == "system"


def test_env_error_names_the_variable():
    with pytest.raises(ConfigError, match="QUOTE_GUARD_REASK__MAX_ATTEMPTS"):
        load_config(env={"QUOTE_GUARD_REASK__MAX_ATTEMPTS": "lots"})
    with pytest.raises(ConfigError, match="QUOTE_GUARD_NOPE"):
        load_config(env={"QUOTE_GUARD_NOPE": "1"})


def test_config_path_from_env(tmp_path):
    p = write(tmp_path, "reask:\n  max_attempts: 5\n")
    assert load_config(env={"QUOTE_GUARD_CONFIG": str(p)}).reask.max_attempts == 5


def test_sections_compose_core_models():
    from quote_guard import ExtractConfig, Policy, SemanticConfig, VerifierConfig

    cfg = load_config(overrides={"verifier.bm25_k1": 1.2, "semantic.enabled": False}, env={})
    assert isinstance(cfg.verifier, VerifierConfig) and cfg.verifier.bm25_k1 == 1.2
    assert isinstance(cfg.semantic, SemanticConfig) and cfg.semantic.enabled is False
    assert isinstance(cfg.extract, ExtractConfig) and isinstance(cfg.policy, Policy)
    # the Verifier gets the semantic section
    assert getattr(cfg.verifier, "semantic", cfg.semantic) == cfg.semantic


def test_config_is_frozen():
    cfg = QuoteGuardConfig()
    with pytest.raises(ValidationError):
        cfg.reask.max_attempts = 9  # type: ignore[misc]
