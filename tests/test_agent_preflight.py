"""Preflight of a configured `model:` and engine selection: one clear ConfigError naming
the setting to fix, raised before any file is touched."""

from __future__ import annotations

import importlib.util
import socket

import pytest
from conftest import drop, tree_bytes

from wikid import Project
from wikid.config import Config, ConfigError
from wikid.manager.agent import preflight as pf
from wikid.manager.select import engine_name


def test_missing_api_key_names_the_variable_and_the_setting() -> None:
    with pytest.raises(ConfigError) as err:
        pf.preflight("anthropic:claude-sonnet-4-5", environ={})
    message = str(err.value)
    assert "ANTHROPIC_API_KEY" in message and "model: anthropic:claude-sonnet-4-5" in message and "WIKID_MODEL" in message


def test_a_present_key_passes() -> None:
    assert pf.preflight("anthropic:claude-sonnet-4-5", environ={"ANTHROPIC_API_KEY": "sk-test"}) == "anthropic"
    assert pf.preflight("claude-sonnet-4-5", environ={"ANTHROPIC_API_KEY": "sk-test"}) == "anthropic"


def test_missing_package_names_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "langchain_openai" else real(name, *a))
    with pytest.raises(ConfigError) as err:
        pf.preflight("openai:gpt-4o", environ={"OPENAI_API_KEY": "sk-test"})
    assert "pip install langchain-openai" in str(err.value) and "model: openai:gpt-4o" in str(err.value)


def test_ollama_must_answer_on_the_configured_host(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object() if name == "langchain_ollama" else real(name, *a))
    with socket.socket() as s:  # a free port on localhost with nobody listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(ConfigError) as err:
        pf.preflight("ollama:llama3", environ={"OLLAMA_HOST": f"http://127.0.0.1:{port}"}, timeout=0.5)
    assert f"127.0.0.1:{port}" in str(err.value) and "OLLAMA_HOST" in str(err.value) and "ollama serve" in str(err.value)
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        host = f"127.0.0.1:{server.getsockname()[1]}"
        assert pf.preflight("ollama:llama3", environ={"OLLAMA_HOST": host}, timeout=0.5) == "ollama"


def test_ollama_address_forms() -> None:
    assert pf.ollama_address({}) == ("localhost", 11434)
    assert pf.ollama_address({"OLLAMA_HOST": "0.0.0.0"}) == ("localhost", 11434)
    assert pf.ollama_address({"OLLAMA_HOST": "gpu-box:1234"}) == ("gpu-box", 1234)
    assert pf.ollama_address({"OLLAMA_HOST": "http://gpu-box"}) == ("gpu-box", 11434)


def test_engine_selection() -> None:
    assert engine_name(Config()) == "offline"
    assert engine_name(Config(), model=object()) == "agent"
    assert engine_name(Config(engine="agent"), model=object()) == "agent"
    with pytest.raises(ConfigError, match="needs a chat model"):
        engine_name(Config(engine="agent"))


def test_update_refuses_before_touching_anything(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("WIKID_MODEL", "anthropic:claude-sonnet-4-5")
    drop(project, "acme.txt", b"Vendor: Acme\n")
    before = tree_bytes(project.root)
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        project.update()
    assert tree_bytes(project.root) == before
