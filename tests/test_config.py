from __future__ import annotations

import os
from pathlib import Path

import pytest

from wikid.config import DEFAULT_CONFIG_TEXT, Config, ConfigError, load_config


def test_defaults_without_a_file(tmp_path: Path) -> None:
    assert load_config(tmp_path, {}) == Config()
    assert Config().max_file_bytes == 100 * 1024 * 1024


def test_commented_default_file_loads_as_defaults(tmp_path: Path) -> None:
    (tmp_path / "wikid.yaml").write_text(DEFAULT_CONFIG_TEXT)
    assert load_config(tmp_path, {}) == Config()


def test_values_are_read_and_typed(tmp_path: Path) -> None:
    (tmp_path / "wikid.yaml").write_text(
        "engine: offline\nmodel: anthropic:claude-sonnet-4-5\nwatch:\n  stability_seconds: 2\n  polling: true\n"
        "ignore: ['drafts/*']\nlimits:\n  max_file_mb: 1.5\nquery:\n  k: 3\n"
    )
    config = load_config(tmp_path, {})
    assert config.engine == "offline" and config.model == "anthropic:claude-sonnet-4-5"
    assert config.watch.stability_seconds == 2.0 and config.watch.polling is True
    assert config.ignore == ("drafts/*",) and config.query.k == 3
    assert config.max_file_bytes == int(1.5 * 1024 * 1024)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("engin: offline\n", "unknown key `engin`"),
        ("watch:\n  stabilty_seconds: 3\n", "unknown key `watch.stabilty_seconds`"),
        ("engine: fast\n", "`engine` must be one of auto | offline | agent"),
        ("watch:\n  polling: maybe\n", "`watch.polling` must be one of auto | true | false"),
        ("query:\n  k: ten\n", "`query.k` must be int"),
        ("query:\n  k: 2.5\n", "`query.k` must be int"),
        ("limits:\n  max_file_mb: -1\n", "`limits.max_file_mb` must not be negative"),
        ("ignore: drafts\n", "`ignore` must be a list"),
        ("watch: 5\n", "`watch` must be a mapping"),
        ("- a\n", "must be a mapping of settings"),
        ("engine: [\n", "not valid YAML"),
    ],
)
def test_bad_values_name_the_key_and_the_file(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "wikid.yaml").write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path, {})
    assert message in str(err.value)
    assert str(tmp_path / "wikid.yaml") in str(err.value)


def test_environment_overrides_the_file(tmp_path: Path) -> None:
    (tmp_path / "wikid.yaml").write_text("model: openai:gpt-5\nwatch:\n  stability_seconds: 9\n")
    config = load_config(tmp_path, {"WIKID_MODEL": "ollama:llama3", "WIKID_WATCH_STABILITY_SECONDS": "1.5",
                                    "WIKID_LIMITS_MAX_FILE_MB": "7", "WIKID_NOW": "2026-01-01T00:00:00Z"})
    assert config.model == "ollama:llama3"
    assert config.watch.stability_seconds == 1.5 and config.limits.max_file_mb == 7.0


def test_bad_environment_value_names_the_variable(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"environment variable WIKID_QUERY_K: `query\.k` must be int"):
        load_config(tmp_path, {"WIKID_QUERY_K": "many"})


@pytest.mark.parametrize(("text", "message"), [
    ("query:\n  k: 0\n", "`query.k` must be between 1 and 10,000, not 0"),
    ("limits:\n  extract_timeout_seconds: 0\n", "`limits.extract_timeout_seconds` must be more than 0, not 0.0"),
    ("limits:\n  max_file_mb: 0\n", "`limits.max_file_mb` must be more than 0, not 0.0"),
    ("limits:\n  extract_memory_mb: 16\n", "`limits.extract_memory_mb` must be at least 64, not 16.0"),
    ("limits:\n  extract_workers: 0\n", "`limits.extract_workers` must be at least 1, not 0"),
    ("offline:\n  cluster_threshold: 7\n", "`offline.cluster_threshold` must be between 0 and 1, not 7.0"),
    ("agent:\n  draft_chars: 0\n", "`agent.draft_chars` must be at least 1, not 0"),
])
def test_a_value_out_of_its_range_names_the_key_the_file_and_the_range(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "wikid.yaml").write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path, {})
    assert str(err.value) == f"{tmp_path / 'wikid.yaml'}: {message}"


def test_a_value_out_of_range_from_the_environment_names_the_variable(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"^environment variable WIKID_QUERY_K: `query.k` must be between 1 and 10,000"):
        load_config(tmp_path, {"WIKID_QUERY_K": "0"})


def test_extraction_workers_default_to_the_cpus_this_process_may_run_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: one worker per CPU; a cpuset or CPUAffinity= that leaves one CPU means one."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3})
    assert Config().limits.extract_workers == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2})
    assert Config().limits.extract_workers == 3


def test_the_extraction_executor_is_local_or_a_dask_scheduler(tmp_path: Path) -> None:
    (tmp_path / "wikid.yaml").write_text("extract:\n  executor: dask\n  scheduler: tcp://10.0.0.5:8786\n"
                                         "  shared_input: /mnt/share/project/input\n")
    extract = load_config(tmp_path, {}).extract
    assert (extract.executor, extract.scheduler, extract.shared_input) == (
        "dask", "tcp://10.0.0.5:8786", "/mnt/share/project/input")
    from_env = load_config(tmp_path, {"WIKID_EXTRACT_EXECUTOR": "local", "WIKID_EXTRACT_SCHEDULER": "tls://h:8786"})
    assert (from_env.extract.executor, from_env.extract.scheduler) == ("local", "tls://h:8786")


@pytest.mark.parametrize(("text", "message"), [
    ("extract:\n  executor: spark\n", "`extract.executor` must be one of local | dask"),
    ("extract:\n  executor: dask\n", "`extract.executor` is dask but `extract.scheduler` is not set"),
    ("extract:\n  scheduler: 10.0.0.5\n", "`extract.scheduler` must be a Dask scheduler address such as tcp://HOST:8786"),
    ("extract:\n  shared_input: share/input\n", "`extract.shared_input` must be an absolute path"),
])
def test_a_bad_extraction_setting_says_what_is_allowed(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "wikid.yaml").write_text(text)
    with pytest.raises(ConfigError, match=message.replace("|", r"\|").replace(".", r"\.")) as err:
        load_config(tmp_path, {})
    assert str(tmp_path / "wikid.yaml") in str(err.value)
